import { LoginForm } from './LoginForm.tsx';

/** /admin-login — administrator and UDSmart login. */
export function AdminLoginScreen(): React.JSX.Element {
  return <LoginForm admin />;
}
