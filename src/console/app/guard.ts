import type { Role } from '../../shared/roles.ts';
import { normalizePath } from '../../shared/console-paths.ts';
import { isAdminPath, type Area } from '../lib/session.ts';

/** Public console paths: shown without a token (spec §2). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/admin-login', '/auloading', '/404', '/401'];

export interface GuardInput {
  pathname: string;
  search: string;
  customerToken: string;
  adminToken: string;
  /** role stored with the admin token (only needed on /admin-login) */
  adminRole: Role | null;
}

export type GuardDecision =
  | { kind: 'public' }
  | { kind: 'redirect'; to: string }
  | { kind: 'session'; area: Area };

export const loginPathFor = (area: Area): string => (area === 'admin' ? '/admin-login' : '/login');

/** Login URL that remembers where to come back to. */
export function loginWithReturn(area: Area, returnTo: string): string {
  return `${loginPathFor(area)}?redirect=${encodeURIComponent(returnTo)}`;
}

/** Spec §4 route guard, decided before any user-info fetch. Pure. */
export function decideGuard(i: GuardInput): GuardDecision {
  const path = normalizePath(i.pathname);
  if (path === '/login') return i.customerToken ? { kind: 'redirect', to: '/' } : { kind: 'public' };
  if (path === '/admin-login') {
    if (!i.adminToken) return { kind: 'public' };
    return { kind: 'redirect', to: i.adminRole === 6 ? '/sxA/udAcct/brand' : '/redirect/sxA' };
  }
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
 * Session expiry (spec §4/§8). We apply the §4 reading everywhere: roles 1, 2 and 5 go to the
 * admin login, everyone else (3, 4 and the UDSmart sub-account 6) to the user login. When the role
 * is not known yet (the very first info call failed), the area of the path decides.
 */
export function expiryLoginArea(role: Role | null, pathname: string): Area {
  if (role === null) return isAdminPath(pathname) ? 'admin' : 'customer';
  return role === 1 || role === 2 || role === 5 ? 'admin' : 'customer';
}
