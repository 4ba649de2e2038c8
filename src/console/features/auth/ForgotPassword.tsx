import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { userFindPassword, userSendCode } from '../../../shared/api/user.ts';
import { findPasswordInput, sendCodeInput } from '../../../shared/user.ts';
import { ApiError, callWithMsg, failureText } from '../../lib/api.ts';
import { checkForm, type FieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useShake } from '../../ui/useShake.ts';
import { LoginCard, SubmitButton } from './LoginCard.tsx';
import { LoginField } from './LoginField.tsx';

/** The server allows one code per address a minute. */
const RESEND_SECONDS = 60;

type Fields = 'email' | 'code' | 'password' | 'confirmpass';

function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(t);
  }, [left]);
  return [left, () => setLeft(RESEND_SECONDS)];
}

/** A refusal that names a field (`data.field`) goes under it; anything else under the button. */
function placeError(e: unknown): FieldErrors<Fields | '_form'> {
  const text = failureText(e);
  if (!text) return {};
  const field = e instanceof ApiError && typeof e.data === 'object' && e.data !== null && 'field' in e.data ? String(e.data.field) : '';
  const known: readonly string[] = ['email', 'code', 'password', 'confirmpass'];
  return known.includes(field) ? { [field]: text } : { _form: text };
}

/**
 * 找回密码 (spec §7 `/api/user/send`, `/api/user/find`), reached from /login: the e-mail gets a 6-digit code,
 * then code + new password (twice). On success every session of the account ends; back to the login form.
 */
export function ForgotPassword(): React.JSX.Element {
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', code: '', password: '', confirmpass: '' });
  const [errors, setErrors] = useState<FieldErrors<Fields | '_form'>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [left, restart] = useCountdown();
  const [shakeClass, shake] = useShake();
  const set = (k: Fields) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined, _form: undefined }));
  };

  const send = async (): Promise<void> => {
    const r = checkForm(sendCodeInput, { email: form.email });
    if (!r.ok) {
      setErrors(r.errors);
      return shake();
    }
    setBusy(true);
    try {
      const { msg } = await callWithMsg(userSendCode, { email: r.data.email }, { silent: true });
      setSentTo(r.data.email);
      setNotice(msg);
      restart();
    } catch (e) {
      setErrors(placeError(e));
      shake();
    } finally {
      setBusy(false);
    }
  };

  const reset = async (): Promise<void> => {
    const r = checkForm(findPasswordInput, form);
    if (!r.ok) {
      setErrors(r.errors);
      return shake();
    }
    setBusy(true);
    try {
      const { msg } = await callWithMsg(userFindPassword, r.data, { silent: true });
      notify.success(msg || '密码已重置，请重新登录');
      navigate('/login', { replace: true, state: { email: r.data.email } });
    } catch (e) {
      setErrors(placeError(e));
      setBusy(false);
      shake();
    }
  };

  return (
    <LoginCard title="找回密码" onSubmit={() => void (sentTo ? reset() : send())} className={`login-forgot ${shakeClass}`}>
      <LoginField
        icon="pi-envelope"
        name="email"
        type="email"
        value={form.email}
        onChange={set('email')}
        placeholder="请输入注册邮箱"
        autoComplete="username"
        error={errors.email}
      />
      {sentTo ? (
        <>
          <p className="login-notice" role="status">
            {notice}
          </p>
          <LoginField
            icon="pi-shield"
            name="code"
            value={form.code}
            onChange={set('code')}
            placeholder="请输入 6 位验证码"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            error={errors.code}
            addon={
              <button
                type="button"
                className="p-button p-component p-button-outlined login-resend"
                disabled={left > 0 || busy}
                onClick={() => void send()}
              >
                {left > 0 ? `${left} 秒后重发` : '重新发送'}
              </button>
            }
          />
          <LoginField
            icon="pi-lock"
            name="password"
            type="password"
            value={form.password}
            onChange={set('password')}
            placeholder="请输入新密码（6–20 位）"
            autoComplete="new-password"
            error={errors.password}
          />
          <LoginField
            icon="pi-lock"
            name="confirmpass"
            type="password"
            value={form.confirmpass}
            onChange={set('confirmpass')}
            placeholder="请再次重复新密码"
            autoComplete="new-password"
            error={errors.confirmpass}
          />
        </>
      ) : null}
      {errors._form ? (
        <div className="login-form-error" role="alert">
          {errors._form}
        </div>
      ) : null}
      <SubmitButton busy={busy} label={sentTo ? '重置密码' : '发送验证码'} />
      <div className="login-links">
        <Link to="/login">返回登录</Link>
        <span />
      </div>
    </LoginCard>
  );
}
