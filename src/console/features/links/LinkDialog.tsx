import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { JUMP, JUMPTYPES } from '../../../shared/catalog.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { MultiSelect } from '../../ui/MultiSelect.tsx';
import { Select } from '../../ui/Select.tsx';
import { useShake } from '../../ui/useShake.ts';
import { advertiserOptions, idsOf } from './advertiser-options.ts';
import { type FormErrors, fieldsFor, type LinkForm, patchForm, serverFieldError, toPayload, validateForm } from './link-form.ts';
import { channelOptions, customerOptions, platformOptions } from './options.ts';
import { type LinkVariant, linkWords } from './terms.ts';
import type { CustomerOption, LinkView } from './types.ts';
import { saveLink, useOwnAdvertisers } from './useLinks.ts';

interface Props {
  variant: LinkVariant;
  /** the link being edited; absent = create */
  link?: LinkView;
  initial: LinkForm;
  platforms: readonly number[];
  /** agents and admins pick the customer */
  customers: CustomerOption[] | null;
  onClose: () => void;
}

type TextField = 'title' | 'item' | 'couponlink' | 'taojimulink' | 'smartlink' | 'relate_advertiser_ids' | 'appid' | 'pagepath';

function Radios<T extends string | number>({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
}): React.JSX.Element {
  return (
    <div className="radio-row" role="radiogroup">
      {options.map((o) => (
        <label key={String(o.value)} className="radio-item" htmlFor={`${name}-${o.value}`}>
          <RadioButton
            inputId={`${name}-${o.value}`}
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

const jumpOptions = [
  { value: 1 as const, label: JUMP[1] },
  { value: 2 as const, label: JUMP[2] },
];

/** 新建 / 编辑 a link: the inputs follow the platform (fieldsFor); errors, the schema's and the server's, sit by their fields. */
export function LinkDialog({ variant, link, initial, platforms, customers, onClose }: Props): React.JSX.Element {
  const words = linkWords(variant);
  const [form, setForm] = useState<LinkForm>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();
  const fields = fieldsFor(form.platform);
  const needsCustomer = customers !== null && !link;
  const own = useOwnAdvertisers(form.state, customers === null);
  const chosenAdvertisers = idsOf(form.relate_advertiser_ids);
  const advertisers = advertiserOptions(customers, form.customerid, form.state, own.data, chosenAdvertisers);
  const set = (patch: Partial<LinkForm>): void => {
    setForm((f) => patchForm(f, patch));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const input = (key: TextField, placeholder: string): React.JSX.Element => (
    <InputText
      id={`link-${key}`}
      value={form[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      placeholder={placeholder}
      invalid={!!errors[key]}
      className="w-full"
    />
  );

  const submit = async (): Promise<void> => {
    const found = validateForm(form, needsCustomer);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return shake();
    setBusy(true);
    try {
      await saveLink(toPayload(form, needsCustomer, link?.pageid));
      notify.success(link ? '保存成功' : '创建成功');
      onClose();
    } catch (err) {
      setBusy(false);
      const msg = err instanceof ApiError ? err.message : '保存失败，请稍后再试';
      const onField = err instanceof ApiError ? serverFieldError(err.data, msg) : null;
      if (onField) setErrors(onField);
      else setServerError(msg);
      shake();
    }
  };

  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="确定" loading={busy} onClick={() => void submit()} />
    </>
  );
  const W = 96;
  return (
    <Dialog
      header={link ? words.edit(link.pageid) : words.create}
      visible
      onHide={onClose}
      style={{ width: 640 }}
      footer={footer}
      className={`link-dialog ${shakeClass}`}
    >
      <FieldSet onSubmit={() => void submit()} formError={serverError}>
        {customers !== null ? (
          <Field label="客户" htmlFor="link-customer" required error={errors.customerid} labelWidth={W}>
            <Select<number>
              inputId="link-customer"
              value={form.customerid}
              options={customerOptions(customers)}
              onChange={(customerid) => set({ customerid })}
              placeholder="请选择客户"
              filter
              disabled={!!link}
              invalid={!!errors.customerid}
              className="w-full"
            />
          </Field>
        ) : null}
        <Field label="商品平台" htmlFor="link-platform" required error={errors.platform} labelWidth={W}>
          <Select<number>
            inputId="link-platform"
            value={form.platform}
            options={platformOptions(platforms)}
            onChange={(p) => p !== null && set({ platform: p })}
            disabled={platforms.length === 1}
            className="w-full"
          />
        </Field>
        <Field label="投放渠道" htmlFor="link-state" required error={errors.state} labelWidth={W}>
          <Select<number>
            inputId="link-state"
            value={form.state}
            options={channelOptions()}
            onChange={(s) => s !== null && set({ state: s })}
            className="w-full"
          />
        </Field>
        <Field label="链接名称" htmlFor="link-title" error={errors.title} labelWidth={W}>
          {input('title', '选填，便于查找')}
        </Field>
        <Field label="商品" htmlFor="link-item" required error={errors.item} labelWidth={W}>
          {input('item', '商品 ID 或商品链接')}
        </Field>
        <Field label="跳转方式" required error={errors.isdirect} labelWidth={W}>
          <Radios name="isdirect" value={form.isdirect} options={jumpOptions} onChange={(isdirect) => set({ isdirect })} />
        </Field>
        <Field label="跳转类型" required error={errors.jumptype} labelWidth={W}>
          <Radios
            name="jumptype"
            value={form.jumptype}
            options={fields.jumptypes.map((t) => ({ value: t, label: JUMPTYPES[t] }))}
            onChange={(jumptype) => set({ jumptype })}
          />
        </Field>
        {form.jumptype === 'taojimu' ? (
          <Field label="淘积木链接" htmlFor="link-taojimulink" required error={errors.taojimulink} labelWidth={W}>
            {input('taojimulink', 'https://')}
          </Field>
        ) : null}
        {form.jumptype === 'smart' ? (
          <Field label="智能链接" htmlFor="link-smartlink" required error={errors.smartlink} labelWidth={W}>
            {input('smartlink', 'https://')}
          </Field>
        ) : null}
        {fields.coupon ? (
          <Field label="优惠券链接" htmlFor="link-couponlink" error={errors.couponlink} labelWidth={W}>
            {input('couponlink', '选填，https://')}
          </Field>
        ) : null}
        {fields.miniapp ? (
          <>
            <Field label="小程序 appid" htmlFor="link-appid" error={errors.appid} labelWidth={W}>
              {input('appid', '选填，例如 wx1234567890abcdef')}
            </Field>
            <Field label="页面路径" htmlFor="link-pagepath" required error={errors.pagepath} labelWidth={W}>
              {input('pagepath', '例如 pages/item/index?id=1')}
            </Field>
          </>
        ) : null}
        <Field label="关联广告主" htmlFor="link-relate_advertiser_ids" error={errors.relate_advertiser_ids} labelWidth={W}>
          {advertisers.length ? (
            <MultiSelect<string>
              inputId="link-relate_advertiser_ids"
              value={chosenAdvertisers}
              options={advertisers}
              onChange={(ids) => set({ relate_advertiser_ids: ids.join(',') })}
              placeholder="选填，选择已授权的广告主"
              filter
              className="w-full"
            />
          ) : (
            input('relate_advertiser_ids', '该渠道暂无已授权的广告主；可在账户授权中添加，或填写广告主 ID（逗号分隔）')
          )}
        </Field>
      </FieldSet>
    </Dialog>
  );
}
