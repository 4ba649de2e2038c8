import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { LoginForm } from './LoginForm.tsx';

const ForgotPassword = lazy(() => import('./ForgotPassword.tsx').then((m) => ({ default: m.ForgotPassword })));

/** /login — customer (and agent) login; `?forgot=1` opens 找回密码 (its own small chunk, loaded on demand). */
export function LoginScreen(): React.JSX.Element {
  const [params] = useSearchParams();
  if (params.get('forgot') !== '1') return <LoginForm admin={false} />;
  return (
    <Suspense fallback={<div className="login-page" />}>
      <ForgotPassword />
    </Suspense>
  );
}
