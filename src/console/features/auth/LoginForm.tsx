import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import type { LoginData } from '../../../shared/user.ts';
import { isAdminRole } from '../../../shared/roles.ts';
import { apiPost } from '../../lib/api.ts';
import { useBranding } from '../../lib/branding.ts';
import { areaOfRole, homeAfterLogin, isAdminPath, safeReturnPath, saveSession, toStoredUser } from '../../lib/session.ts';
import { useShake } from '../../ui/useShake.ts';

interface Errors {
  email?: string;
  password?: string;
}

/** Shared by /login and /admin-login: one login call, the cookie is chosen by the derived role (spec §4). */
export function LoginForm({ admin }: { admin: boolean }): React.JSX.Element {
  const brand = useBranding();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = '请输入邮箱';
    if (!password.trim()) next.password = '请输入密码';
    setErrors(next);
    if (next.email || next.password) return shake();
    setBusy(true);
    try {
      const { data } = await apiPost<LoginData>('api/user/login', { email: email.trim(), password: password.trim() });
      const user = toStoredUser(data);
      saveSession(areaOfRole(user.userrole), data.jwt, user);
      const back = safeReturnPath(new URLSearchParams(location.search).get('redirect'));
      const fits = back !== null && isAdminPath(back) === isAdminRole(user.userrole);
      location.assign(fits ? back : homeAfterLogin(user.userrole));
    } catch {
      setBusy(false);
      shake();
    }
  };

  return (
    <div className="login-page">
      <form className={`login-card ${shakeClass}`} onSubmit={submit} noValidate>
        <div className="login-brand">
          <img src={brand.logo} alt="" width={40} height={40} />
          <span>{brand.product}</span>
        </div>
        <h1 className="login-title">{admin ? '管理员登录' : '用户登录'}</h1>
        <label className="login-field">
          <span className="p-input-icon-left">
            <i className="pi pi-envelope" />
            <InputText value={email} onChange={(e) => setEmail(e.target.value)} placeholder="请输入邮箱" name="email" autoComplete="username" invalid={!!errors.email} />
          </span>
          <small className="field-error">{errors.email}</small>
        </label>
        <label className="login-field">
          <span className="p-input-icon-left">
            <i className="pi pi-lock" />
            <InputText type="password" value={password} onChange={(e) => setPassword(e.target.value)} placeholder="请输入密码" name="password" autoComplete="current-password" invalid={!!errors.password} />
          </span>
          <small className="field-error">{errors.password}</small>
        </label>
        <Button type="submit" label="登 录" loading={busy} className="login-submit" />
        <div className="login-switch">
          {admin ? <a href="/login">用户登录</a> : <a href="/admin-login">管理员登录</a>}
        </div>
      </form>
    </div>
  );
}
