import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { CollectScreen } from './routes.ts';

export const collectScreens: Record<CollectScreen, Screen> = {
  'collect.analysis': lazyScreen(() => import('./CollectScreen.tsx').then((m) => m.CollectScreen)),
  'collect.orders': lazyScreen(() => import('./ItemOrdersScreen.tsx').then((m) => m.ItemOrdersScreen)),
};
