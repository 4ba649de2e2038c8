import { accountRoutes, type AccountScreen } from '../features/account/routes.ts';
import { adminRoutes, type AdminScreen } from '../features/admin/routes.ts';
import { authRoutes, type AuthScreen } from '../features/auth/routes.ts';
import { collectRoutes, type CollectScreen } from '../features/collect/routes.ts';
import { dashboardRoutes, type DashboardScreen } from '../features/dashboard/routes.ts';
import { exportTemplateRoutes, type ExportTemplateScreen } from '../features/exportTemplate/routes.ts';
import { jumpTestRoutes, type JumpTestScreen } from '../features/jumpTest/routes.ts';
import { linkRoutes, type LinkScreen } from '../features/links/routes.ts';
import { mandateRoutes, type MandateScreen } from '../features/mandate/routes.ts';
import { miniPromoteRoutes, type MiniPromoteScreen } from '../features/minipromote/routes.ts';
import { orderRoutes, type OrdersScreen } from '../features/orders/routes.ts';
import { promotionRoutes, type PromotionScreen } from '../features/promotion/routes.ts';
import { udsmartRoutes, type UdsmartScreen } from '../features/udsmart/routes.ts';
import { matchPattern, normalizePath, type RouteDef } from '../lib/routes.ts';

/**
 * The console's one route table: every feature's descriptors (`features/<f>/routes.ts`). Plain data — the
 * Astro page reads it (isConsolePath) before any JS loads; screens are attached by app/screens.ts.
 */
export type ScreenId =
  | AccountScreen
  | AdminScreen
  | AuthScreen
  | CollectScreen
  | DashboardScreen
  | ExportTemplateScreen
  | JumpTestScreen
  | LinkScreen
  | MandateScreen
  | MiniPromoteScreen
  | OrdersScreen
  | PromotionScreen
  | UdsmartScreen;

export const consoleRoutes: readonly RouteDef<ScreenId>[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...promotionRoutes,
  ...miniPromoteRoutes,
  ...collectRoutes,
  ...orderRoutes,
  ...mandateRoutes,
  ...linkRoutes,
  ...exportTemplateRoutes,
  ...accountRoutes,
  ...adminRoutes,
  ...jumpTestRoutes,
  ...udsmartRoutes,
];

/** Routes opened after the first user-info fetch, by role (and version). */
export const roleRoutes: readonly RouteDef<ScreenId>[] = consoleRoutes.filter((d) => !d.meta.public);

/** Screens shown without login. */
export const publicRoutes: readonly RouteDef<ScreenId>[] = consoleRoutes.filter((d) => d.meta.public);

/** Paths the router answers itself: the hidden entry, error pages and the /redirect helper. */
export const APP_PATHS: readonly string[] = ['/', '/404', '/401', '/redirect', '/redirect/*'];

/** Every path the console island answers (spec §2). */
export const consolePathPatterns: readonly string[] = [...new Set([...APP_PATHS, ...consoleRoutes.map((d) => d.path)])];

/**
 * Is this one of the console's paths? Pure; the Astro catch-all page 302s anything else to /404 before any JS
 * loads, and the client router sends unmatched paths to /404 (or /401 when another role owns them).
 */
export function isConsolePath(pathname: string): boolean {
  let path: string;
  try {
    path = normalizePath(decodeURI(pathname));
  } catch {
    return false;
  }
  if (path.includes('//')) return false;
  // /redirect/{path*} is a console path exactly when its target is.
  if (path.startsWith('/redirect/')) return isConsolePath(path.slice('/redirect'.length));
  return consolePathPatterns.some((pattern) => matchPattern(pattern, path));
}
