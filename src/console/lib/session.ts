import Cookies from 'js-cookie';
import { deriveRole, deriveVersion, type Role, type Version } from '../../shared/roles.ts';
import type { LoginData, UserInfo } from '../../shared/user.ts';
import { type Area, isAdminPath } from './access.ts';

export type { Area } from './access.ts';

/** Spec §4: token cookies and their companion info cookies (name + 'FO'). */
export const CUSTOMER_TOKEN = 'sxTUUken';
export const ADMIN_TOKEN = 'sxAminTUUken';

const tokenName = (area: Area): string => (area === 'admin' ? ADMIN_TOKEN : CUSTOMER_TOKEN);
const infoName = (area: Area): string => tokenName(area) + 'FO';
/**
 * Kept seven days from when the browser stores them: `Max-Age` (RFC 6265 §5.2.2; it wins over `Expires`), not an
 * `Expires` date, which js-cookie computes from the page's clock. Where that clock is not the cookie store's — the e2e
 * browsers run the page on the server's pinned clock, days behind the real one — the date could already be past for
 * the store, and the login would vanish at once.
 */
const cookieOpts: Cookies.CookieAttributes = { path: '/', sameSite: 'lax', 'max-age': String(7 * 86_400) };

/** Stored user info, exactly the fields of spec §3 plus version. */
export interface StoredUser {
  username: string;
  userrole: Role;
  userid: number;
  is_sub: number;
  udsmart: number;
  usertype: 'common' | 'agent';
  company: string;
  phone: string;
  email: string;
  expire_time: string;
  status: number;
  promote_type: number;
  version: Version;
}

export const getToken = (area: Area): string => Cookies.get(tokenName(area)) ?? '';

/** The token for the page being shown: admin paths use the admin token, others the customer token. */
export function currentArea(pathname: string = location.pathname): Area {
  if (isAdminPath(pathname)) return 'admin';
  if (pathname === '/' && !getToken('customer') && getToken('admin')) return 'admin';
  return 'customer';
}

export function getStoredUser(area: Area): StoredUser | null {
  const raw = Cookies.get(infoName(area));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

/** Map a login or info response to the stored shape (§3), deriving role and version (§4). */
export function toStoredUser(d: Omit<LoginData, 'jwt'> & Partial<Pick<UserInfo, 'version'>>): StoredUser {
  const role = deriveRole({ super: d.super, udsmart: d.udsmart, is_sub: d.is_sub, usertype: d.role });
  return {
    username: d.username,
    userrole: role,
    userid: d.id,
    is_sub: d.is_sub,
    udsmart: d.udsmart,
    usertype: d.role,
    company: d.company,
    phone: d.phone,
    email: d.email,
    expire_time: (d.expire_time ?? '').slice(0, 10),
    status: d.status,
    promote_type: d.promote_type,
    version: deriveVersion(role, d.version),
  };
}

export function saveSession(area: Area, token: string | null, user: StoredUser): void {
  if (token !== null) Cookies.set(tokenName(area), token, cookieOpts);
  Cookies.set(infoName(area), JSON.stringify(user), cookieOpts);
}

export function clearSession(area: Area): void {
  Cookies.remove(tokenName(area), { path: '/' });
  Cookies.remove(infoName(area), { path: '/' });
}
