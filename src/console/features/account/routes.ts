import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type AccountScreen = 'account.info';

export const accountRoutes: readonly RouteDef<AccountScreen>[] = [
  { path: '/accountinfo', screen: 'account.info', meta: { ...AUDIENCE.customersV2, title: '账户信息', hidden: true } },
  {
    path: '/accountinfo',
    screen: 'account.info',
    meta: { ...AUDIENCE.customersV1, title: '账户信息', hidden: true, activeMenu: '/dashboard' },
  },
];
