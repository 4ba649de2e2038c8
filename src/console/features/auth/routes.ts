import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type AuthScreen = 'auth.login' | 'auth.adminLogin';

export const authRoutes: readonly RouteDef<AuthScreen>[] = [
  { path: '/login', screen: 'auth.login', meta: { ...AUDIENCE.public, title: '用户登录' } },
  { path: '/admin-login', screen: 'auth.adminLogin', meta: { ...AUDIENCE.public, title: '管理员登录' } },
];
