import { isAdminRole, ROLE, ROLE_GROUP, type Role, type Version } from '../../shared/roles.ts';

/**
 * The console's role rules, each written once (spec §4, §6; README "Session expiry — the reading we apply"):
 * which area (token) a role works in, its home, where login sends it, and where it logs in again on expiry.
 */

/** The two token areas: customers use `sxTUUken`, admins `sxAminTUUken`. */
export type Area = 'customer' | 'admin';

/** Roles 1, 2, 5, 6 hold the admin token (spec §6 token column); 3 and 4 the customer token. */
export const areaOfRole = (role: Role): Area => (isAdminRole(role) ? 'admin' : 'customer');

/** The admin area is recognised from the path (spec §4): /sxA, /newsxA, /admin-login (also behind /redirect). */
export function isAdminPath(pathname: string): boolean {
  const p = pathname.startsWith('/redirect/') ? pathname.slice('/redirect'.length) : pathname;
  return /^\/(sxA|newsxA|admin-login)(\/|$)/.test(p);
}

export const isUdsmart = (role: Role | null): boolean => role !== null && (ROLE_GROUP.udsmart as readonly Role[]).includes(role);

/** A role's home screen, where the hidden entry `/` leads. */
export function homePath(role: Role, version: Version): string {
  if (isUdsmart(role)) return '/sxA/udAcct/brand';
  if (isAdminRole(role)) return '/sxA';
  return version === 'ver1' ? '/dashboard' : '/dashboard?acpl=2';
}

/**
 * Where a login sends the role, and where a signed-in admin on /admin-login goes (spec §4): the UDSmart
 * sub-account straight home, other admins `/redirect/sxA` (UDSmart admins are then sent home from /sxA),
 * customers `/redirect/dashboard?acpl=2`. `null`: the role is not known (an admin token without stored info).
 */
export function entryPath(role: Role | null): string {
  if (role === ROLE.udsmartSub) return homePath(role, 'ver2');
  if (role === null || isAdminRole(role)) return '/redirect/sxA';
  return '/redirect/dashboard?acpl=2';
}

/**
 * Session expiry (spec §4/§8; README "Session expiry — the reading we apply"): roles 1, 2 and 5 log in again
 * at /admin-login; 3, 4 and the UDSmart sub-account 6 at /login (6 keeps the admin token while signed in).
 */
export const EXPIRY_ADMIN_LOGIN_ROLES: readonly Role[] = [ROLE.superAdmin, ROLE.admin, ROLE.udsmartAdmin];

/** The login area after expiry; with the role not known yet (the very first info call expired) the path decides. */
export function expiryLoginArea(role: Role | null, pathname: string): Area {
  if (role === null) return isAdminPath(pathname) ? 'admin' : 'customer';
  return EXPIRY_ADMIN_LOGIN_ROLES.includes(role) ? 'admin' : 'customer';
}

export const loginPathFor = (area: Area): string => (area === 'admin' ? '/admin-login' : '/login');

/** Login URL that remembers where to come back to. */
export const loginWithReturn = (area: Area, returnTo: string): string => `${loginPathFor(area)}?redirect=${encodeURIComponent(returnTo)}`;

/** Only same-site absolute paths (not the login pages) are honoured as a return target. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw.startsWith('/login') || raw.startsWith('/admin-login')) return null;
  return raw;
}

/** After login: the remembered path when it lies in the role's area, else the role's entry. */
export function afterLogin(role: Role, remembered: string | null | undefined): string {
  const back = safeReturnPath(remembered);
  return back !== null && isAdminPath(back) === isAdminRole(role) ? back : entryPath(role);
}
