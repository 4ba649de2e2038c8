import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { PromotionScreen } from './routes.ts';

export const promotionScreens: Record<PromotionScreen, Screen> = {
  'promotion.bidding': lazyScreen(() => import('./PromotionScreen.tsx').then((m) => m.PromotionScreen)),
  'promotion.old': lazyScreen(() => import('./OldPromotionScreen.tsx').then((m) => m.OldPromotionScreen)),
  'promotion.plan': lazyScreen(() => import('./PlanScreen.tsx').then((m) => m.PlanScreen)),
};
