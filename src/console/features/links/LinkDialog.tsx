import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { SelectButton } from 'primereact/selectbutton';
import { useState, type FormEvent, type ReactNode } from 'react';
import { JUMP, JUMPTYPES } from '../../../shared/catalog.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useShake } from '../../ui/useShake.ts';
import { fieldsFor, patchForm, serverFieldError, toPayload, validateForm, type FormErrors, type LinkForm } from './linkForm.ts';
import { channelOptions, customerOptions, platformOptions } from './options.ts';
import type { CustomerOption, LinkView } from './types.ts';
import { saveLink } from './useLinks.ts';

interface Props {
  /** the link being edited; absent = create */
  link?: LinkView;
  initial: LinkForm;
  platforms: readonly number[];
  /** agents and admins pick the customer */
  customers: CustomerOption[] | null;
  onClose: () => void;
}

const jumpOptions = Object.entries(JUMP).map(([value, label]) => ({ value: Number(value), label }));

function Row({ label, required, error, children }: { label: string; required?: boolean; error?: string; children: ReactNode }): React.JSX.Element {
  return (
    <div className="form-row">
      <span className={`form-label link-form-label ${required ? 'required' : ''}`}>{label}</span>
      <div className="form-control">
        {children}
        <small className="field-error">{error}</small>
      </div>
    </div>
  );
}

/** 新建 / 编辑推广链接: the inputs follow the platform (fieldsFor); server errors are shown in the form. */
export function LinkDialog({ link, initial, platforms, customers, onClose }: Props): React.JSX.Element {
  const [form, setForm] = useState<LinkForm>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();
  const fields = fieldsFor(form.platform);
  const set = (patch: Partial<LinkForm>): void => {
    setForm((f) => patchForm(f, patch));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const input = (key: 'title' | 'item' | 'couponlink' | 'taojimulink' | 'smartlink' | 'relate_advertiser_ids' | 'appid' | 'pagepath', placeholder: string): React.JSX.Element => (
    <InputText id={`link-${key}`} value={form[key]} onChange={(e) => set({ [key]: e.target.value })} placeholder={placeholder} invalid={!!errors[key]} className="w-full" />
  );

  const submit = async (e?: FormEvent): Promise<void> => {
    e?.preventDefault();
    const needsCustomer = customers !== null;
    const found = validateForm(form, needsCustomer && !link);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return shake();
    setBusy(true);
    try {
      await saveLink(toPayload(form, needsCustomer && !link, link?.pageid));
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
  return (
    <Dialog header={link ? `编辑推广链接 ${link.pageid}` : '新建推广链接'} visible onHide={onClose} style={{ width: 640 }} footer={footer} className={`link-dialog ${shakeClass}`}>
      <form className="form-grid" onSubmit={(e) => void submit(e)} noValidate>
        {customers !== null ? (
          <Row label="客户" required error={errors.customerid}>
            <Dropdown inputId="link-customer" value={form.customerid} options={customerOptions(customers)} onChange={(e) => set({ customerid: e.value as number })} placeholder="请选择客户" filter disabled={!!link} invalid={!!errors.customerid} className="w-full" />
          </Row>
        ) : null}
        <Row label="商品平台" required error={errors.platform}>
          <Dropdown inputId="link-platform" value={form.platform} options={platformOptions(platforms)} onChange={(e) => set({ platform: e.value as number })} disabled={platforms.length === 1} className="w-full" />
        </Row>
        <Row label="投放渠道" required error={errors.state}>
          <Dropdown inputId="link-state" value={form.state} options={channelOptions()} onChange={(e) => set({ state: e.value as number })} className="w-full" />
        </Row>
        <Row label="链接名称" error={errors.title}>{input('title', '选填，便于查找')}</Row>
        <Row label="商品" required error={errors.item}>{input('item', '商品 ID 或商品链接')}</Row>
        <Row label="跳转方式" required error={errors.isdirect}>
          <SelectButton value={form.isdirect} options={jumpOptions} onChange={(e) => e.value && set({ isdirect: e.value as 1 | 2 })} allowEmpty={false} />
        </Row>
        <Row label="跳转类型" required error={errors.jumptype}>
          <div className="radio-row">
            {fields.jumptypes.map((t) => (
              <label key={t} className="radio-item">
                <RadioButton inputId={`jumptype-${t}`} value={t} checked={form.jumptype === t} onChange={() => set({ jumptype: t })} />
                {JUMPTYPES[t]}
              </label>
            ))}
          </div>
        </Row>
        {form.jumptype === 'taojimu' ? <Row label="淘积木链接" required error={errors.taojimulink}>{input('taojimulink', 'https://')}</Row> : null}
        {form.jumptype === 'smart' ? <Row label="智能链接" required error={errors.smartlink}>{input('smartlink', 'https://')}</Row> : null}
        {fields.coupon ? <Row label="优惠券链接" error={errors.couponlink}>{input('couponlink', '选填，https://')}</Row> : null}
        {fields.miniapp ? (
          <>
            <Row label="小程序 appid" error={errors.appid}>{input('appid', '选填，例如 wx1234567890abcdef')}</Row>
            <Row label="页面路径" required error={errors.pagepath}>{input('pagepath', '例如 pages/item/index?id=1')}</Row>
          </>
        ) : null}
        <Row label="关联广告主" error={errors.relate_advertiser_ids}>{input('relate_advertiser_ids', '选填，多个广告主 ID 用逗号分隔')}</Row>
        {serverError ? <div className="link-form-error" role="alert">{serverError}</div> : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
