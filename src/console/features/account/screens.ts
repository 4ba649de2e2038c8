import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { AccountScreen } from './routes.ts';

export const accountScreens: Record<AccountScreen, Screen> = {
  'account.info': lazyScreen(() => import('./AccountInfoScreen.tsx').then((m) => m.AccountInfoScreen)),
};
