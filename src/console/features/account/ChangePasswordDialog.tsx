import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { userModifyPassword } from '../../../shared/api/user.ts';
import { call } from '../../lib/api.ts';
import { logoutAfterPasswordChange } from '../../lib/auth.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { useShake } from '../../ui/useShake.ts';
import { type PasswordErrors, type PasswordForm, validatePasswordForm } from './password-form.ts';

const fields: ReadonlyArray<{ key: keyof PasswordForm; label: string; placeholder: string }> = [
  { key: 'oldpass', label: '原密码', placeholder: '请输入密码' },
  { key: 'newpass', label: '新密码', placeholder: '请输入新密码' },
  { key: 'againpass', label: '确认密码', placeholder: '请再次重复新密码' },
];

/** Spec §7/§8 message on success. */
const PASSWORD_CHANGED = '修改密码成功，请重新登录';

/** 修改密码 (spec §5); success: '修改密码成功，请重新登录' and log out (the server revoked every token). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }): React.JSX.Element {
  const [form, setForm] = useState<PasswordForm>({ oldpass: '', newpass: '', againpass: '' });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();

  const submit = async (): Promise<void> => {
    const r = validatePasswordForm(form);
    if (!r.ok) {
      setErrors(r.errors);
      return shake();
    }
    setErrors({});
    setBusy(true);
    try {
      await call(userModifyPassword, r.body);
      notify.success(PASSWORD_CHANGED);
      window.setTimeout(logoutAfterPasswordChange, 1500);
    } catch {
      setBusy(false);
    }
  };

  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="确定" loading={busy} onClick={() => void submit()} />
    </>
  );
  return (
    <Dialog header="修改密码" visible onHide={onClose} style={{ width: 480 }} footer={footer} className={shakeClass}>
      <FieldSet onSubmit={() => void submit()}>
        {fields.map((f) => (
          <Field key={f.key} label={f.label} htmlFor={`pw-${f.key}`} required error={errors[f.key]}>
            <Password
              inputId={`pw-${f.key}`}
              value={form[f.key]}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
              feedback={false}
              toggleMask
              placeholder={f.placeholder}
              invalid={!!errors[f.key]}
              autoComplete={f.key === 'oldpass' ? 'current-password' : 'new-password'}
            />
          </Field>
        ))}
      </FieldSet>
    </Dialog>
  );
}
