import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type RulesScreen = 'rules.list';

export const rulesRoutes: readonly RouteDef<RulesScreen>[] = [
  { path: '/rules', screen: 'rules.list', meta: { ...AUDIENCE.customersV2, title: '自动规则', icon: 'pi pi-bolt', order: 22 } },
  { path: '/newsxA/rules', screen: 'rules.list', meta: { ...AUDIENCE.platformAdmins, title: '自动规则', icon: 'pi pi-bolt', order: 45 } },
];
