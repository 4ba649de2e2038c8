import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { JumpTestScreen } from './routes.ts';

export const jumpTestScreens: Record<JumpTestScreen, Screen> = {
  'jumpTest.run': lazyScreen(() => import('./JumpTestScreen.tsx').then((m) => m.JumpTestScreen)),
};
