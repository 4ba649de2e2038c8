/** Roles of spec §4/§6 and their derivation. Pure: used by the server (login) and the console (guard). */
export type Role = 1 | 2 | 3 | 4 | 5 | 6;
export type Usertype = 'common' | 'agent';
export type Version = 'ver1' | 'ver2';

export const roleLabel: Record<Role, string> = {
  1: '超级管理员',
  2: '管理员',
  3: '广告主',
  4: '代理商',
  5: 'UDSmart 管理员',
  6: 'UDSmart 子账号',
};

export interface RoleSource {
  super?: number | null;
  udsmart?: number | null;
  is_sub?: number | null;
  usertype?: string | null;
}

/**
 * super=1 → 1; super=2 → 2, or with udsmart=1 → 5 (is_sub=0) / 6 (is_sub=1);
 * otherwise 3, and a customer whose usertype is agent → 4.
 */
export function deriveRole(u: RoleSource): Role {
  if (Number(u.super) === 1) return 1;
  if (Number(u.super) === 2) {
    if (Number(u.udsmart) === 1) return Number(u.is_sub) === 1 ? 6 : 5;
    return 2;
  }
  return u.usertype === 'agent' ? 4 : 3;
}

/** Agents always use ver2; other customers their stored version, default ver2. */
export function deriveVersion(role: Role, stored?: string | null): Version {
  if (role === 4) return 'ver2';
  return stored === 'ver1' ? 'ver1' : 'ver2';
}

export const isAdminRole = (r: Role): boolean => r === 1 || r === 2 || r === 5 || r === 6;
export const isCustomerRole = (r: Role): boolean => r === 3 || r === 4;
