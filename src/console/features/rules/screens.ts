import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { RulesScreen } from './routes.ts';

export const rulesScreens: Record<RulesScreen, Screen> = {
  'rules.list': lazyScreen(() => import('./RulesScreen.tsx').then((m) => m.RulesScreen)),
};
