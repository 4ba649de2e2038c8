/** Roles of spec §4/§6 and their derivation. Pure: used by the server (login) and the console (guard). */
export type Role = 1 | 2 | 3 | 4 | 5 | 6;

/** The roles of spec §6 by name: compare against these, never against bare numbers. */
export const ROLE = {
  superAdmin: 1,
  admin: 2,
  customer: 3,
  agent: 4,
  udsmartAdmin: 5,
  udsmartSub: 6,
} as const satisfies Record<string, Role>;

/** Who works where (spec §2, §6): platform admins, UDSmart, and the customers (advertisers and agents). */
export const ROLE_GROUP = {
  platformAdmins: [ROLE.superAdmin, ROLE.admin],
  udsmart: [ROLE.udsmartAdmin, ROLE.udsmartSub],
  customers: [ROLE.customer, ROLE.agent],
} as const satisfies Record<string, readonly Role[]>;
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
  if (Number(u.super) === 1) return ROLE.superAdmin;
  if (Number(u.super) === 2) {
    if (Number(u.udsmart) === 1) return Number(u.is_sub) === 1 ? ROLE.udsmartSub : ROLE.udsmartAdmin;
    return ROLE.admin;
  }
  return u.usertype === 'agent' ? ROLE.agent : ROLE.customer;
}

/** Agents always use ver2; other customers their stored version, default ver2. */
export function deriveVersion(role: Role, stored?: string | null): Version {
  if (role === ROLE.agent) return 'ver2';
  return stored === 'ver1' ? 'ver1' : 'ver2';
}

const inGroup = (group: readonly Role[], r: Role): boolean => group.includes(r);

/** Super admins and admins (roles 1, 2): the /newsxA and /sxA screens. */
export const isPlatformAdmin = (r: Role): boolean => inGroup(ROLE_GROUP.platformAdmins, r);
/** Spec §6 token column: roles 1, 2, 5, 6 hold the admin token and work in the admin area. */
export const isAdminRole = (r: Role): boolean => inGroup(ROLE_GROUP.platformAdmins, r) || inGroup(ROLE_GROUP.udsmart, r);
export const isCustomerRole = (r: Role): boolean => inGroup(ROLE_GROUP.customers, r);
