import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type AdminScreen =
  | 'admin.home'
  | 'admin.clients'
  | 'admin.promote'
  | 'admin.promoteDetail'
  | 'admin.cost'
  | 'admin.managers'
  | 'admin.agentOrders';

const A = AUDIENCE.platformAdmins;

export const adminRoutes: readonly RouteDef<AdminScreen>[] = [
  { path: '/sxA', screen: 'admin.home', meta: { ...A, title: '数据概览', icon: 'pi pi-chart-bar', order: 10 } },
  { path: '/newsxA/client/list', screen: 'admin.clients', meta: { ...A, title: '客户列表', icon: 'pi pi-users', order: 20 } },
  { path: '/newsxA/client/promote', screen: 'admin.promote', meta: { ...A, title: '推广管理', icon: 'pi pi-megaphone', order: 40 } },
  {
    path: '/newsxA/client/promote/:pageId',
    screen: 'admin.promoteDetail',
    meta: { ...A, title: '推广详情', hidden: true, activeMenu: '/newsxA/client/promote' },
  },
  { path: '/sxA/costinfo', screen: 'admin.cost', meta: { ...A, title: '消耗概览', icon: 'pi pi-wallet', order: 50 } },
  { path: '/sxA/manager', screen: 'admin.managers', meta: { ...A, title: '管理员', icon: 'pi pi-user-edit', order: 70 } },
  {
    path: '/sxA/agentorader/:pageId',
    screen: 'admin.agentOrders',
    meta: { ...A, title: '订单', hidden: true, activeMenu: '/sxA' },
  },
];
