import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { afterLogin, areaOfRole } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { saveSession, toStoredUser } from '../../lib/session.ts';
import { userLogin } from '../../lib/user-endpoints.ts';
import { useShake } from '../../ui/useShake.ts';
import { LoginCard, SubmitButton } from './LoginCard.tsx';
import { LoginField } from './LoginField.tsx';

interface Errors {
  email?: string;
  password?: string;
}

/** An e-mail handed over by the forgotten-password screen after a reset. */
function rememberedEmail(state: unknown): string {
  return typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';
}

/** Shared by /login and /admin-login: one login call, the cookie is chosen by the derived role (spec §4). */
export function LoginForm({ admin }: { admin: boolean }): React.JSX.Element {
  const location = useLocation();
  const [email, setEmail] = useState(() => rememberedEmail(location.state));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();

  const submit = async (): Promise<void> => {
    const next: Errors = {};
    if (!email.trim()) next.email = '请输入邮箱';
    if (!password.trim()) next.password = '请输入密码';
    setErrors(next);
    if (next.email || next.password) return shake();
    setBusy(true);
    try {
      const data = await call(userLogin, { email: email.trim(), password: password.trim() });
      const user = toStoredUser(data);
      saveSession(areaOfRole(user.userrole), data.jwt, user);
      window.location.assign(afterLogin(user.userrole, new URLSearchParams(window.location.search).get('redirect')));
    } catch {
      setBusy(false);
      shake();
    }
  };

  return (
    <LoginCard title={admin ? '管理员登录' : '用户登录'} onSubmit={() => void submit()} className={shakeClass}>
      <LoginField
        icon="pi-envelope"
        name="email"
        type="email"
        value={email}
        onChange={setEmail}
        placeholder="请输入邮箱"
        autoComplete="username"
        error={errors.email}
      />
      <LoginField
        icon="pi-lock"
        name="password"
        type="password"
        value={password}
        onChange={setPassword}
        placeholder="请输入密码"
        autoComplete="current-password"
        error={errors.password}
      />
      <SubmitButton busy={busy} label="登 录" />
      <div className="login-links">
        {admin ? <span /> : <Link to={{ pathname: '/login', search: withForgot(location.search) }}>忘记密码？</Link>}
        {admin ? <a href="/login">用户登录</a> : <a href="/admin-login">管理员登录</a>}
      </div>
    </LoginCard>
  );
}

/** The same /login address with the forgotten-password screen open (a remembered redirect is kept). */
export function withForgot(search: string): string {
  const q = new URLSearchParams(search);
  q.set('forgot', '1');
  return `?${q.toString()}`;
}
