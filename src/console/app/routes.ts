import type { RouteDef, RouteMeta, ScreenLoader } from './routeTypes.ts';

const C2 = { roles: [3, 4], versions: ['ver2'] } as const;
const C1 = { roles: [3], versions: ['ver1'] } as const;
const AD = { roles: [1, 2] } as const;
const UD = { roles: [5, 6] } as const;

const r = (path: string, screen: ScreenLoader, meta: RouteMeta): RouteDef => ({ path, screen, meta });

// Lazy screens: each feature replaces just its file.
const dashboard = () => import('../features/dashboard/DashboardScreen.tsx').then((m) => m.DashboardScreen);
const dataBoard = () => import('../features/dashboard/DataBoardScreen.tsx').then((m) => m.DataBoardScreen);
const accountInfo = () => import('../features/account/AccountInfoScreen.tsx').then((m) => m.AccountInfoScreen);
const collect = () => import('../features/collect/CollectScreen.tsx').then((m) => m.CollectScreen);
const orders = () => import('../features/orders/OrdersScreen.tsx').then((m) => m.OrdersScreen);
const mandate = () => import('../features/mandate/MandateScreen.tsx').then((m) => m.MandateScreen);
const myMandate = () => import('../features/mandate/MyMandateScreen.tsx').then((m) => m.MyMandateScreen);
const promotion = () => import('../features/promotion/PromotionScreen.tsx').then((m) => m.PromotionScreen);
const oldPromotion = () => import('../features/promotion/OldPromotionScreen.tsx').then((m) => m.OldPromotionScreen);
const plan = () => import('../features/promotion/PlanScreen.tsx').then((m) => m.PlanScreen);
const pageDetail = () => import('../features/promotion/PageDetailScreen.tsx').then((m) => m.PageDetailScreen);
const miniPromote = () => import('../features/minipromote/MiniPromoteScreen.tsx').then((m) => m.MiniPromoteScreen);
const links = () => import('../features/links/LinksScreen.tsx').then((m) => m.LinksScreen);
const linkOrders = () => import('../features/links/LinkOrdersScreen.tsx').then((m) => m.LinkOrdersScreen);
const exportTemplate = () => import('../features/exportTemplate/ExportTemplateScreen.tsx').then((m) => m.ExportTemplateScreen);
const adminHome = () => import('../features/admin/AdminHomeScreen.tsx').then((m) => m.AdminHomeScreen);
const clientList = () => import('../features/admin/ClientListScreen.tsx').then((m) => m.ClientListScreen);
const clientPromote = () => import('../features/admin/ClientPromoteScreen.tsx').then((m) => m.ClientPromoteScreen);
const clientPromoteDetail = () => import('../features/admin/ClientPromoteDetailScreen.tsx').then((m) => m.ClientPromoteDetailScreen);
const costInfo = () => import('../features/admin/CostInfoScreen.tsx').then((m) => m.CostInfoScreen);
const manager = () => import('../features/admin/ManagerScreen.tsx').then((m) => m.ManagerScreen);
const jumpTest = () => import('../features/jumptest/JumpTestScreen.tsx').then((m) => m.JumpTestScreen);
const brand = () => import('../features/udsmart/BrandScreen.tsx').then((m) => m.BrandScreen);
const subAccount = () => import('../features/udsmart/SubAccountScreen.tsx').then((m) => m.SubAccountScreen);
const preview = () => import('../features/udsmart/PreviewScreen.tsx').then((m) => m.PreviewScreen);
const promoteList = () => import('../features/udsmart/PromoteListScreen.tsx').then((m) => m.PromoteListScreen);

/** Customer routes, version ver2 (default; agents always). */
const customerV2: RouteDef[] = [
  r('/dashboard', dashboard, { ...C2, title: '概览', icon: 'pi pi-chart-bar', platformMenu: 'overview' }),
  r('/promotion', promotion, { ...C2, title: '竞价推广', icon: 'pi pi-megaphone', platformMenu: 'bidding' }),
  r('/promotion/page/:pageId', orders, { ...C2, title: '订单', hidden: true, activeMenu: '/promotion' }),
  r('/collect', collect, { ...C2, title: '商品效果分析', icon: 'pi pi-chart-line' }),
  r('/collect/page/:pageId', orders, { ...C2, title: '订单', hidden: true, activeMenu: '/collect' }),
  r('/new/mandate', mandate, { ...C2, title: '账户授权', icon: 'pi pi-id-card' }),
  r('/landing', links, { ...C2, title: '投放链接', icon: 'pi pi-link' }),
  r('/landing/:pageId', linkOrders, { ...C2, title: '订单', hidden: true, activeMenu: '/landing' }),
  r('/exportTemplate', exportTemplate, { ...C2, title: '导出模板', icon: 'pi pi-file-export' }),
  r('/accountinfo', accountInfo, { ...C2, title: '账户信息', hidden: true }),
];

/** Customer routes, standard (old) version. */
const customerV1: RouteDef[] = [
  r('/dashboard', dataBoard, { ...C1, title: '数据看板', icon: 'pi pi-chart-bar' }),
  r('/accountinfo', accountInfo, { ...C1, title: '账户信息', hidden: true, activeMenu: '/dashboard' }),
  r('/mandate', myMandate, { ...C1, title: '我的授权', icon: 'pi pi-id-card' }),
  r('/promotion', oldPromotion, { ...C1, title: '巨量引擎', group: '推广管理', groupIcon: 'pi pi-megaphone' }),
  r('/promotion/weibo', oldPromotion, { ...C1, title: '微博', group: '推广管理' }),
  r('/promotion/tencent', oldPromotion, { ...C1, title: '腾讯', group: '推广管理' }),
  r('/promotion/plan/:adId', plan, { ...C1, title: '广告计划', hidden: true, activeMenu: '/promotion' }),
  r('/promotion/page/:pageId', pageDetail, { ...C1, title: '落地页详情', hidden: true, activeMenu: '/promotion' }),
  r('/minipromote', miniPromote, { ...C1, title: '巨量引擎', group: '淘宝新链接推广', groupIcon: 'pi pi-shopping-bag' }),
  r('/minipromote/miniweibo', miniPromote, { ...C1, title: '微博', group: '淘宝新链接推广' }),
  r('/minipromote/minitencent', miniPromote, { ...C1, title: '腾讯', group: '淘宝新链接推广' }),
  r('/minipromote/plan/:adId', plan, { ...C1, title: '广告计划', hidden: true, activeMenu: '/minipromote' }),
  r('/minipromote/page/:pageId', pageDetail, { ...C1, title: '落地页详情', hidden: true, activeMenu: '/minipromote' }),
  r('/landing/page', links, { ...C1, title: '推广链接管理', icon: 'pi pi-link' }),
  r('/landing/:pageId', linkOrders, { ...C1, title: '详情', hidden: true, activeMenu: '/landing/page' }),
  r('/minilandurl/page', links, { ...C1, title: '新链接链接管理', icon: 'pi pi-link' }),
  r('/minilandurl/:pageId', linkOrders, { ...C1, title: '详情', hidden: true, activeMenu: '/minilandurl/page' }),
];

/** Admin routes, roles 1 and 2. */
const admin: RouteDef[] = [
  r('/sxA', adminHome, { ...AD, title: '数据概览', icon: 'pi pi-chart-bar' }),
  r('/sxA/agentorader/:pageId', orders, { ...AD, title: '订单', hidden: true, activeMenu: '/sxA' }),
  r('/newsxA/client/list', clientList, { ...AD, title: '客户列表', icon: 'pi pi-users' }),
  r('/newsxA/client/landingpage', links, { ...AD, title: '推广链接', icon: 'pi pi-link' }),
  r('/newsxA/client/landingpage/:pageId', linkOrders, { ...AD, title: '订单', hidden: true, activeMenu: '/newsxA/client/landingpage' }),
  r('/newsxA/client/promote', clientPromote, { ...AD, title: '推广管理', icon: 'pi pi-megaphone' }),
  r('/newsxA/client/promote/:pageId', clientPromoteDetail, { ...AD, title: '推广详情', hidden: true, activeMenu: '/newsxA/client/promote' }),
  r('/sxA/costinfo', costInfo, { ...AD, title: '消耗概览', icon: 'pi pi-wallet' }),
  r('/sxA/jumptest', jumpTest, { ...AD, title: '链接跳转测试', icon: 'pi pi-directions' }),
  r('/sxA/manager', manager, { ...AD, title: '管理员', icon: 'pi pi-user-edit' }),
];

/** UDSmart routes, roles 5 and 6. */
const udsmart: RouteDef[] = [
  r('/sxA/udAcct/brand', brand, { ...UD, title: '品牌列表', icon: 'pi pi-tags' }),
  r('/sxA/udAcct/account', subAccount, { ...UD, title: '子账号分配', icon: 'pi pi-sitemap' }),
  r('/sxA/udAcct/preview', preview, { ...UD, title: '数据查看', icon: 'pi pi-chart-line' }),
  r('/sxA/udAcct/promoteList', promoteList, { ...UD, title: '广告账户列表', icon: 'pi pi-list' }),
  r('/sxA/udAcct/page/:pageId', orders, { ...UD, title: '订单详情', hidden: true, activeMenu: '/sxA/udAcct/brand' }),
];

/** The one route table of the console's role routes. */
export const roleRoutes: readonly RouteDef[] = [...customerV2, ...customerV1, ...admin, ...udsmart];

/** Public screens (no login). /redirect and / are handled by the router itself. */
export const loginScreen = () => import('../features/auth/LoginScreen.tsx').then((m) => m.LoginScreen);
export const adminLoginScreen = () => import('../features/auth/AdminLoginScreen.tsx').then((m) => m.AdminLoginScreen);
export const auLoadingScreen = () => import('../features/mandate/AuLoadingScreen.tsx').then((m) => m.AuLoadingScreen);
