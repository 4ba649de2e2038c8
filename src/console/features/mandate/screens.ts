import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { MandateScreen } from './routes.ts';

export const mandateScreens: Record<MandateScreen, Screen> = {
  'mandate.authorise': lazyScreen(() => import('./MandateScreen.tsx').then((m) => m.MandateScreen)),
  'mandate.mine': lazyScreen(() => import('./MyMandateScreen.tsx').then((m) => m.MyMandateScreen)),
  'mandate.loading': lazyScreen(() => import('./AuLoadingScreen.tsx').then((m) => m.AuLoadingScreen)),
};
