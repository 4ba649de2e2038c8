import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { OrdersScreen } from './routes.ts';

export const orderScreens: Record<OrdersScreen, Screen> = {
  'orders.list': lazyScreen(() => import('./OrdersScreen.tsx').then((m) => m.OrdersScreen)),
};
