import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { UdsmartScreen } from './routes.ts';

export const udsmartScreens: Record<UdsmartScreen, Screen> = {
  'udsmart.brand': lazyScreen(() => import('./BrandScreen.tsx').then((m) => m.BrandScreen)),
  'udsmart.subAccount': lazyScreen(() => import('./SubAccountScreen.tsx').then((m) => m.SubAccountScreen)),
  'udsmart.preview': lazyScreen(() => import('./PreviewScreen.tsx').then((m) => m.PreviewScreen)),
  'udsmart.promoteList': lazyScreen(() => import('./PromoteListScreen.tsx').then((m) => m.PromoteListScreen)),
  'udsmart.pageOrders': lazyScreen(() => import('./PageOrdersScreen.tsx').then((m) => m.PageOrdersScreen)),
};
