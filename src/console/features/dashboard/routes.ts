import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type DashboardScreen = 'dashboard.overview' | 'dashboard.board';

export const dashboardRoutes: readonly RouteDef<DashboardScreen>[] = [
  {
    path: '/dashboard',
    screen: 'dashboard.overview',
    meta: { ...AUDIENCE.customersV2, title: '概览', icon: 'pi pi-chart-bar', platformMenu: 'overview', order: 10 },
  },
  {
    path: '/dashboard',
    screen: 'dashboard.board',
    meta: { ...AUDIENCE.customersV1, title: '数据看板', icon: 'pi pi-chart-bar', order: 10 },
  },
];
