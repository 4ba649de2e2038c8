import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { ucCredentials } from '../../../shared/ad-auth.ts';
import { ApiError } from '../../lib/api.ts';
import { checkForm } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import type { Option } from '../../ui/options.ts';
import { Select } from '../../ui/Select.tsx';
import { useShake } from '../../ui/useShake.ts';
import { accountTypeLabel, goToConsent, UC } from './terms.ts';
import { reauthorise, refreshLists, startAuth } from './useMandate.ts';

interface Props {
  platform: number;
  /** agents pick the customer (itself or a sub-customer); null for a customer */
  customers: Option<number>[] | null;
  /** re-authorising this authorisation (its customer is fixed) */
  authId?: number;
  onClose: () => void;
}

type Form = { customerid: number | null; username: string; password: string; token: string };
type Errors = Partial<Record<keyof Form, string>>;

/** 授权 / 重新授权: an agent first picks the customer; UC fills in its credentials (checked by the platform); others go to the consent page. */
export function AuthorizeDialog({ platform, customers, authId, onClose }: Props): React.JSX.Element {
  const uc = platform === UC;
  const [form, setForm] = useState<Form>({ customerid: null, username: '', password: '', token: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();
  const pickCustomer = customers !== null && authId === undefined;
  const set = (patch: Partial<Form>): void => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };

  const submit = async (): Promise<void> => {
    const found: Errors = {};
    if (pickCustomer && !form.customerid) found.customerid = '请选择为哪个客户授权';
    if (uc) {
      const checked = checkForm(ucCredentials, form);
      if (!checked.ok) Object.assign(found, checked.errors);
    }
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length) return shake();
    setBusy(true);
    try {
      const creds = uc ? { username: form.username.trim(), password: form.password, token: form.token.trim() } : {};
      const customerid = pickCustomer ? (form.customerid ?? undefined) : undefined;
      const started =
        authId !== undefined
          ? await reauthorise({ id: authId, ...creds }, true)
          : await startAuth(uc ? { platform: UC, customerid, ...creds } : { platform, customerid }, true);
      if (started.url) return goToConsent(started.url, platform);
      await refreshLists();
      notify.success(`已添加 ${started.auth?.accounts.length ?? 0} 个 UCID 账户`);
      onClose();
    } catch (err) {
      setBusy(false);
      setFormError(err instanceof ApiError ? err.message : '授权失败，请稍后再试');
      shake();
    }
  };

  const title = `${authId !== undefined ? '重新授权' : '授权'}${accountTypeLabel(platform)}账户`;
  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button
        label={uc ? '验证并保存' : '前往授权'}
        icon={uc ? undefined : 'pi pi-external-link'}
        iconPos="right"
        loading={busy}
        onClick={() => void submit()}
      />
    </>
  );
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: 520 }} footer={footer} className={`mandate-dialog ${shakeClass}`}>
      <FieldSet onSubmit={() => void submit()} formError={formError}>
        {pickCustomer ? (
          <Field label="授权给" htmlFor="auth-customer" required error={errors.customerid} labelWidth={84}>
            <Select<number>
              inputId="auth-customer"
              value={form.customerid}
              options={customers ?? []}
              onChange={(customerid) => set({ customerid })}
              placeholder="选择客户（自己或子客户）"
              filter
              invalid={!!errors.customerid}
              className="w-full"
            />
          </Field>
        ) : null}
        {uc ? (
          <>
            <Field label="用户名" htmlFor="uc-username" required error={errors.username} labelWidth={84}>
              <InputText
                id="uc-username"
                value={form.username}
                onChange={(e) => set({ username: e.target.value })}
                autoComplete="off"
                invalid={!!errors.username}
                className="w-full"
              />
            </Field>
            <Field label="密码" htmlFor="uc-password" required error={errors.password} labelWidth={84}>
              <Password
                inputId="uc-password"
                value={form.password}
                onChange={(e) => set({ password: e.target.value })}
                feedback={false}
                toggleMask
                autoComplete="new-password"
                invalid={!!errors.password}
                className="w-full"
                inputClassName="w-full"
              />
            </Field>
            <Field
              label="Token"
              htmlFor="uc-token"
              required
              error={errors.token}
              hint="在汇川后台「账户信息 → API 接入」获取；保存前会向平台验证，加密存储"
              labelWidth={84}
            >
              <InputText
                id="uc-token"
                value={form.token}
                onChange={(e) => set({ token: e.target.value })}
                autoComplete="off"
                invalid={!!errors.token}
                className="w-full"
              />
            </Field>
          </>
        ) : (
          <p className="mandate-hint">
            将打开{accountTypeLabel(platform)}的授权页面：登录平台账号，勾选要授权的广告账户并同意授权，完成后自动返回本页。授权链接 10
            分钟内有效。
          </p>
        )}
      </FieldSet>
    </Dialog>
  );
}
