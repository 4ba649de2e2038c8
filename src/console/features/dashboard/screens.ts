import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { DashboardScreen } from './routes.ts';

export const dashboardScreens: Record<DashboardScreen, Screen> = {
  'dashboard.overview': lazyScreen(() => import('./DashboardScreen.tsx').then((m) => m.DashboardScreen)),
  'dashboard.board': lazyScreen(() => import('./DataBoardScreen.tsx').then((m) => m.DataBoardScreen)),
};
