import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type OrdersScreen = 'orders.list';

/**
 * Order lists per landing page, under each area's menu entry (the admin's and UDSmart's are theirs: admin/,
 * udsmart/; an item's orders `/collect/page/:pageId` are item analysis's: collect/).
 */
export const orderRoutes: readonly RouteDef<OrdersScreen>[] = [
  {
    path: '/promotion/page/:pageId',
    screen: 'orders.list',
    meta: { ...AUDIENCE.customersV2, title: '订单', hidden: true, activeMenu: '/promotion' },
  },
  // the standard (old) version: a landing page's orders under 推广管理 and 淘宝新链接推广
  {
    path: '/promotion/page/:pageId',
    screen: 'orders.list',
    meta: { ...AUDIENCE.customersV1, title: '推广链接订单', hidden: true, activeMenu: '/promotion' },
  },
  {
    path: '/minipromote/page/:pageId',
    screen: 'orders.list',
    meta: { ...AUDIENCE.customersV1, title: '推广链接订单', hidden: true, activeMenu: '/minipromote' },
  },
];
