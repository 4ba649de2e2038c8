import type { Role } from '../../shared/roles.ts';
import { type Area, entryPath, isAdminPath, loginWithReturn } from '../lib/access.ts';
import { normalizePath } from '../lib/routes.ts';
import { publicRoutes } from './route-table.ts';

/** Public console paths: shown without a token (spec §2). */
export const PUBLIC_PATHS: readonly string[] = [...publicRoutes.map((d) => d.path), '/404', '/401'];

export interface GuardInput {
  pathname: string;
  search: string;
  customerToken: string;
  adminToken: string;
  /** role stored with the admin token (only needed on /admin-login) */
  adminRole: Role | null;
}

export type GuardDecision = { kind: 'public' } | { kind: 'redirect'; to: string } | { kind: 'session'; area: Area };

/** Spec §4 route guard, decided on page load before any user-info fetch. Pure. */
export function decideGuard(i: GuardInput): GuardDecision {
  const path = normalizePath(i.pathname);
  if (path === '/login') return i.customerToken ? { kind: 'redirect', to: '/' } : { kind: 'public' };
  if (path === '/admin-login') return i.adminToken ? { kind: 'redirect', to: entryPath(i.adminRole) } : { kind: 'public' };
  if (PUBLIC_PATHS.includes(path)) return { kind: 'public' };
  if (path === '/' || path === '/redirect') {
    if (i.customerToken) return { kind: 'session', area: 'customer' };
    if (i.adminToken) return { kind: 'session', area: 'admin' };
    return { kind: 'redirect', to: '/login' };
  }
  const area: Area = isAdminPath(path) ? 'admin' : 'customer';
  const token = area === 'admin' ? i.adminToken : i.customerToken;
  if (!token) return { kind: 'redirect', to: loginWithReturn(area, path + i.search) };
  return { kind: 'session', area };
}

/**
 * The guard on every navigation inside the signed-in shell (not only on page load or on API answers): once
 * the area's token cookie is gone, the next screen is the login page, remembering where the user was going.
 */
export function navigationGuard(area: Area, token: string, pathname: string, search: string): string | null {
  return token ? null : loginWithReturn(area, normalizePath(pathname) + search);
}
