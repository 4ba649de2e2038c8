import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type MiniPromoteScreen = 'minipromote.list';

const group = '淘宝新链接推广';

export const miniPromoteRoutes: readonly RouteDef<MiniPromoteScreen>[] = [
  {
    path: '/minipromote',
    screen: 'minipromote.list',
    meta: { ...AUDIENCE.customersV1, title: '巨量引擎', group, groupIcon: 'pi pi-shopping-bag', order: 40 },
  },
  { path: '/minipromote/miniweibo', screen: 'minipromote.list', meta: { ...AUDIENCE.customersV1, title: '微博', group, order: 41 } },
  { path: '/minipromote/minitencent', screen: 'minipromote.list', meta: { ...AUDIENCE.customersV1, title: '腾讯', group, order: 42 } },
];
