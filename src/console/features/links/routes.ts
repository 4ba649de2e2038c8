import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';
import { LINK_TERMS } from './terms.ts';

export type LinkScreen = 'links.list' | 'links.detail';

const icon = 'pi pi-link';

/** The four places promotion links live (spec §2), each list with its detail. */
export const linkRoutes: readonly RouteDef<LinkScreen>[] = [
  { path: '/landing', screen: 'links.list', meta: { ...AUDIENCE.customersV2, title: LINK_TERMS.ver2.listTitle, icon, order: 50 } },
  {
    path: '/landing/:pageId',
    screen: 'links.detail',
    meta: { ...AUDIENCE.customersV2, title: LINK_TERMS.ver2.detailTitle, hidden: true, activeMenu: '/landing' },
  },
  // an old-version bookmark opened in the new version goes to the new list (not to a detail of "page")
  { path: '/landing/page', redirectTo: '/landing', meta: { ...AUDIENCE.customersV2, title: LINK_TERMS.ver2.listTitle, hidden: true } },
  { path: '/landing/page', screen: 'links.list', meta: { ...AUDIENCE.customersV1, title: LINK_TERMS.old.listTitle, icon, order: 50 } },
  {
    path: '/landing/:pageId',
    screen: 'links.detail',
    meta: { ...AUDIENCE.customersV1, title: LINK_TERMS.old.detailTitle, hidden: true, activeMenu: '/landing/page' },
  },
  { path: '/minilandurl/page', screen: 'links.list', meta: { ...AUDIENCE.customersV1, title: LINK_TERMS.mini.listTitle, icon, order: 60 } },
  {
    path: '/minilandurl/:pageId',
    screen: 'links.detail',
    meta: { ...AUDIENCE.customersV1, title: LINK_TERMS.mini.detailTitle, hidden: true, activeMenu: '/minilandurl/page' },
  },
  {
    path: '/newsxA/client/landingpage',
    screen: 'links.list',
    meta: { ...AUDIENCE.platformAdmins, title: LINK_TERMS.admin.listTitle, icon, order: 30 },
  },
  {
    path: '/newsxA/client/landingpage/:pageId',
    screen: 'links.detail',
    meta: { ...AUDIENCE.platformAdmins, title: LINK_TERMS.admin.detailTitle, hidden: true, activeMenu: '/newsxA/client/landingpage' },
  },
];
