import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type UdsmartScreen = 'udsmart.brand' | 'udsmart.subAccount' | 'udsmart.preview' | 'udsmart.promoteList' | 'udsmart.pageOrders';

const U = AUDIENCE.udsmart;

export const udsmartRoutes: readonly RouteDef<UdsmartScreen>[] = [
  { path: '/sxA/udAcct/brand', screen: 'udsmart.brand', meta: { ...U, title: '品牌列表', icon: 'pi pi-tags', order: 10 } },
  { path: '/sxA/udAcct/account', screen: 'udsmart.subAccount', meta: { ...U, title: '子账号分配', icon: 'pi pi-sitemap', order: 20 } },
  { path: '/sxA/udAcct/preview', screen: 'udsmart.preview', meta: { ...U, title: '数据查看', icon: 'pi pi-chart-line', order: 30 } },
  { path: '/sxA/udAcct/promoteList', screen: 'udsmart.promoteList', meta: { ...U, title: '广告账户列表', icon: 'pi pi-list', order: 40 } },
  {
    path: '/sxA/udAcct/page/:pageId',
    screen: 'udsmart.pageOrders',
    meta: { ...U, title: '订单详情', hidden: true, activeMenu: '/sxA/udAcct/preview' },
  },
];
