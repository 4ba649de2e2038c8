import type { Role, Version } from '../../shared/roles.ts';
import { type Area, expiryLoginArea, loginPathFor, loginWithReturn } from './access.ts';
import { call } from './api.ts';
import { notify } from './notify.ts';
import { clearSession, currentArea, getStoredUser, saveSession } from './session.ts';
import { userLogout, userSetVersion } from './user-endpoints.ts';

/** 退出: revoke the token (failures ignored), drop the area's cookies, go to its login page. */
export async function logout(area: Area = currentArea()): Promise<void> {
  await call(userLogout, {}, { silent: true }).catch(() => undefined);
  clearSession(area);
  location.assign(loginPathFor(area));
}

/** Session expiry (spec §8): log out, remember the path, go to the login page for the role. */
export function logoutExpired(): void {
  const area = currentArea();
  const role: Role | null = getStoredUser(area)?.userrole ?? null;
  const back = location.pathname + location.search;
  clearSession(area);
  location.assign(loginWithReturn(expiryLoginArea(role, location.pathname), back));
}

/** After a successful password change every token is revoked: log out locally too. */
export function logoutAfterPasswordChange(): void {
  const area = currentArea();
  clearSession(area);
  location.assign(loginPathFor(area));
}

/** "Switch version" command for customers (agents always stay on ver2). */
export async function switchVersion(to: Version): Promise<void> {
  await call(userSetVersion, { version: to });
  const area = currentArea();
  const user = getStoredUser(area);
  if (user) saveSession(area, null, { ...user, version: to });
  notify.success(to === 'ver1' ? '已切换到旧版' : '已切换到新版');
  location.assign(to === 'ver1' ? '/redirect/dashboard' : '/redirect/dashboard?acpl=2');
}
