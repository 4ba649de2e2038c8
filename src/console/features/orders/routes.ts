import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type OrdersScreen = 'orders.list';

/** Order lists per landing page, under each area's menu entry. */
export const orderRoutes: readonly RouteDef<OrdersScreen>[] = [
  {
    path: '/promotion/page/:pageId',
    screen: 'orders.list',
    meta: { ...AUDIENCE.customersV2, title: '订单', hidden: true, activeMenu: '/promotion' },
  },
  {
    path: '/sxA/agentorader/:pageId',
    screen: 'orders.list',
    meta: { ...AUDIENCE.platformAdmins, title: '订单', hidden: true, activeMenu: '/sxA' },
  },
  {
    path: '/sxA/udAcct/page/:pageId',
    screen: 'orders.list',
    meta: { ...AUDIENCE.udsmart, title: '订单详情', hidden: true, activeMenu: '/sxA/udAcct/brand' },
  },
];
