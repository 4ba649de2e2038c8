import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { AdminScreen } from './routes.ts';

export const adminScreens: Record<AdminScreen, Screen> = {
  'admin.home': lazyScreen(() => import('./AdminHomeScreen.tsx').then((m) => m.AdminHomeScreen)),
  'admin.clients': lazyScreen(() => import('./ClientListScreen.tsx').then((m) => m.ClientListScreen)),
  'admin.promote': lazyScreen(() => import('./ClientPromoteScreen.tsx').then((m) => m.ClientPromoteScreen)),
  'admin.promoteDetail': lazyScreen(() => import('./ClientPromoteDetailScreen.tsx').then((m) => m.ClientPromoteDetailScreen)),
  'admin.cost': lazyScreen(() => import('./CostInfoScreen.tsx').then((m) => m.CostInfoScreen)),
  'admin.managers': lazyScreen(() => import('./ManagerScreen.tsx').then((m) => m.ManagerScreen)),
  'admin.agentOrders': lazyScreen(() => import('./AgentOrdersScreen.tsx').then((m) => m.AgentOrdersScreen)),
};
