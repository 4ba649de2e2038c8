import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type MandateScreen = 'mandate.authorise' | 'mandate.mine' | 'mandate.loading';

export const mandateRoutes: readonly RouteDef<MandateScreen>[] = [
  { path: '/auloading', screen: 'mandate.loading', meta: { ...AUDIENCE.public, title: '授权处理中' } },
  {
    path: '/new/mandate',
    screen: 'mandate.authorise',
    meta: { ...AUDIENCE.customersV2, title: '账户授权', icon: 'pi pi-id-card', order: 40 },
  },
  { path: '/mandate', screen: 'mandate.mine', meta: { ...AUDIENCE.customersV1, title: '我的授权', icon: 'pi pi-id-card', order: 20 } },
];
