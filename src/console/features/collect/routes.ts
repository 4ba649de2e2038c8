import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type CollectScreen = 'collect.analysis';

export const collectRoutes: readonly RouteDef<CollectScreen>[] = [
  {
    path: '/collect',
    screen: 'collect.analysis',
    meta: { ...AUDIENCE.customersV2, title: '商品效果分析', icon: 'pi pi-chart-line', order: 30 },
  },
];
