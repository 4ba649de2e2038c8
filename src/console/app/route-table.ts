import { type AccountScreen, accountRoutes } from '../features/account/routes.ts';
import { type AdminScreen, adminRoutes } from '../features/admin/routes.ts';
import { type AuthScreen, authRoutes } from '../features/auth/routes.ts';
import { type CollectScreen, collectRoutes } from '../features/collect/routes.ts';
import { type DashboardScreen, dashboardRoutes } from '../features/dashboard/routes.ts';
import { type ExportTemplateScreen, exportTemplateRoutes } from '../features/export-template/routes.ts';
import { type JumpTestScreen, jumpTestRoutes } from '../features/jump-test/routes.ts';
import { type LinkScreen, linkRoutes } from '../features/links/routes.ts';
import { type MandateScreen, mandateRoutes } from '../features/mandate/routes.ts';
import { type MiniPromoteScreen, miniPromoteRoutes } from '../features/minipromote/routes.ts';
import { type OrdersScreen, orderRoutes } from '../features/orders/routes.ts';
import { type PromotionScreen, promotionRoutes } from '../features/promotion/routes.ts';
import { type RulesScreen, rulesRoutes } from '../features/rules/routes.ts';
import { type UdsmartScreen, udsmartRoutes } from '../features/udsmart/routes.ts';
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
  | RulesScreen
  | UdsmartScreen;

export const consoleRoutes: readonly RouteDef<ScreenId>[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...promotionRoutes,
  ...rulesRoutes,
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
