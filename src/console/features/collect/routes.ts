import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type CollectScreen = 'collect.analysis' | 'collect.orders';

export const collectRoutes: readonly RouteDef<CollectScreen>[] = [
  {
    path: '/collect',
    screen: 'collect.analysis',
    meta: { ...AUDIENCE.customersV2, title: '商品效果分析', icon: 'pi pi-chart-line', order: 30 },
  },
  {
    path: '/collect/page/:pageId',
    screen: 'collect.orders',
    meta: { ...AUDIENCE.customersV2, title: '订单', hidden: true, activeMenu: '/collect' },
  },
];
