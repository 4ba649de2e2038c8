import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { MiniPromoteScreen } from './routes.ts';

export const miniPromoteScreens: Record<MiniPromoteScreen, Screen> = {
  'minipromote.list': lazyScreen(() => import('./MiniPromoteScreen.tsx').then((m) => m.MiniPromoteScreen)),
};
