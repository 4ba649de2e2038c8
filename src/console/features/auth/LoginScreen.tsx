import { LoginForm } from './LoginForm.tsx';

/** /login — customer (and agent) login. */
export function LoginScreen(): React.JSX.Element {
  return <LoginForm admin={false} />;
}
