import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { LinkScreen } from './routes.ts';

export const linkScreens: Record<LinkScreen, Screen> = {
  'links.list': lazyScreen(() => import('./LinksScreen.tsx').then((m) => m.LinksScreen)),
  'links.detail': lazyScreen(() => import('./LinkOrdersScreen.tsx').then((m) => m.LinkOrdersScreen)),
};
