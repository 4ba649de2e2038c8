import { useState, type FormEvent } from 'react';
import type { LoginData } from '../../../shared/user.ts';
import { afterLogin, areaOfRole } from '../../lib/access.ts';
import { apiPost } from '../../lib/api.ts';
import { useBranding } from '../../lib/branding.ts';
import { saveSession, toStoredUser } from '../../lib/session.ts';
import { useShake } from '../../ui/useShake.ts';

/** Plain inputs styled by the PrimeReact theme classes: no component JS on the login screen. */
const inputClass = (error: string | undefined): string => `p-inputtext p-component${error ? ' p-invalid' : ''}`;

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
      location.assign(afterLogin(user.userrole, new URLSearchParams(location.search).get('redirect')));
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
            <input className={inputClass(errors.email)} value={email} onChange={(e) => setEmail(e.target.value)} placeholder="请输入邮箱" name="email" type="email" autoComplete="username" />
          </span>
          <small className="field-error">{errors.email}</small>
        </label>
        <label className="login-field">
          <span className="p-input-icon-left">
            <i className="pi pi-lock" />
            <input className={inputClass(errors.password)} type="password" value={password} onChange={(e) => setPassword(e.target.value)} placeholder="请输入密码" name="password" autoComplete="current-password" />
          </span>
          <small className="field-error">{errors.password}</small>
        </label>
        <button type="submit" className="p-button p-component login-submit" disabled={busy}>
          {busy ? <i className="pi pi-spin pi-spinner p-button-icon-left" aria-hidden="true" /> : null}
          <span className="p-button-label">登 录</span>
        </button>
        <div className="login-switch">
          {admin ? <a href="/login">用户登录</a> : <a href="/admin-login">管理员登录</a>}
        </div>
      </form>
    </div>
  );
}
