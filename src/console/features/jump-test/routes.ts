import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type JumpTestScreen = 'jumpTest.run';

export const jumpTestRoutes: readonly RouteDef<JumpTestScreen>[] = [
  {
    path: '/sxA/jumptest',
    screen: 'jumpTest.run',
    meta: { ...AUDIENCE.platformAdmins, title: '链接跳转测试', icon: 'pi pi-directions', order: 60 },
  },
];
