import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type PromotionScreen = 'promotion.bidding' | 'promotion.old' | 'promotion.plan';

const group = '推广管理';

export const promotionRoutes: readonly RouteDef<PromotionScreen>[] = [
  {
    path: '/promotion',
    screen: 'promotion.bidding',
    meta: { ...AUDIENCE.customersV2, title: '竞价推广', icon: 'pi pi-megaphone', platformMenu: 'bidding', order: 20 },
  },
  {
    path: '/promotion',
    screen: 'promotion.old',
    meta: { ...AUDIENCE.customersV1, title: '巨量引擎', group, groupIcon: 'pi pi-megaphone', order: 30 },
  },
  { path: '/promotion/weibo', screen: 'promotion.old', meta: { ...AUDIENCE.customersV1, title: '微博', group, order: 31 } },
  { path: '/promotion/tencent', screen: 'promotion.old', meta: { ...AUDIENCE.customersV1, title: '腾讯', group, order: 32 } },
  {
    path: '/promotion/plan/:adId',
    screen: 'promotion.plan',
    meta: {
      ...AUDIENCE.customersV1,
      title: '广告计划',
      hidden: true,
      activeMenu: '/promotion',
      activeMenuByAcpl: { 3: '/promotion/weibo', 4: '/promotion/tencent' },
    },
  },
  // the new version's plan page (a rule's history row links here; the list itself opens plans in a dialog)
  {
    path: '/promotion/plan/:adId',
    screen: 'promotion.plan',
    meta: { ...AUDIENCE.customersV2, title: '广告计划', hidden: true, activeMenu: '/promotion' },
  },
  // the admin's plan page (any customer's plan; the admin rules history links here)
  {
    path: '/newsxA/client/plan/:adId',
    screen: 'promotion.plan',
    meta: { ...AUDIENCE.platformAdmins, title: '广告计划', hidden: true, activeMenu: '/newsxA/client/promote' },
  },
  // the same plan screen under the taobao new-link menu (landing-page orders: features/orders/routes.ts)
  {
    path: '/minipromote/plan/:adId',
    screen: 'promotion.plan',
    meta: {
      ...AUDIENCE.customersV1,
      title: '广告计划',
      hidden: true,
      activeMenu: '/minipromote',
      activeMenuByAcpl: { 3: '/minipromote/miniweibo', 4: '/minipromote/minitencent' },
    },
  },
];
