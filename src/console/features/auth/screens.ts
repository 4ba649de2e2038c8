import { eagerScreen, type Screen } from '../../lib/routes.ts';
import { AdminLoginScreen } from './AdminLoginScreen.tsx';
import { LoginScreen } from './LoginScreen.tsx';
import type { AuthScreen } from './routes.ts';

/** The login screens come with the first download (no PrimeReact in them): no loading flash before the form. */
export const authScreens: Record<AuthScreen, Screen> = {
  'auth.login': eagerScreen(LoginScreen),
  'auth.adminLogin': eagerScreen(AdminLoginScreen),
};
