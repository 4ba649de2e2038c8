import type { Role } from './roles.ts';

/**
 * The one permission table (spec §6). Every endpoint contract names one rule; the server refuses a caller the
 * rule does not allow (after authentication), the console hides what the rule does not allow, and the
 * permission-matrix test reads its columns from here. A rule is the list of roles it lets in;
 * `public` needs no token at all.
 */
export const ACCESS = {
  public: { roles: 'anyone', label: '公开（无需登录）' },
  signedIn: { roles: [1, 2, 3, 4, 5, 6], label: '任何已登录账号' },
  customer: { roles: [3, 4], label: '广告主与代理商' },
  /** Promotion links and their statistics: customers see their own, agents their sub-customers', admins all. */
  links: { roles: [1, 2, 3, 4], label: '广告主、代理商与管理员', denied: 'UDSmart 账号没有推广链接功能' },
  /** Order lists and an order's path: links' owners as above, and UDSmart accounts for UDSmart links' orders. */
  orders: { roles: [1, 2, 3, 4, 5, 6], label: '广告主、代理商、管理员与 UDSmart 账号' },
  /** Dashboards, data board and item analysis: customers their own, agents their sub-customers', admins all. */
  boards: { roles: [1, 2, 3, 4], label: '广告主、代理商与管理员', denied: 'UDSmart 账号没有数据看板功能' },
  /** Promotion and ad plans: customers their own accounts', agents their sub-customers', admins all (changes audited). */
  promote: { roles: [1, 2, 3, 4], label: '广告主、代理商与管理员', denied: 'UDSmart 账号没有推广管理功能' },
  /** Ad-account authorisations: customers their own, agents their sub-customers' too, admins all (read and cancel). */
  adAuth: { roles: [1, 2, 3, 4], label: '广告主、代理商与管理员', denied: 'UDSmart 账号没有账户授权功能' },
  admin: { roles: [1, 2], label: '超级管理员与管理员' },
  superAdmin: { roles: [1], label: '超级管理员' },
  udsmart: { roles: [5, 6], label: 'UDSmart 管理员与子账号' },
  udsmartAdmin: { roles: [5], label: 'UDSmart 管理员' },
} as const satisfies Record<string, { roles: readonly Role[] | 'anyone'; label: string; denied?: string }>;

export type AccessRule = keyof typeof ACCESS;

/** The refusal a signed-in caller outside the rule reads. */
export function deniedMessage(rule: AccessRule): string {
  const r: { label: string; denied?: string } = ACCESS[rule];
  return r.denied ?? `没有权限执行该操作（仅限${r.label}）`;
}

/** Whether `role` (null = not signed in) may use something guarded by `rule`. */
export function allows(rule: AccessRule, role: Role | null): boolean {
  const roles = ACCESS[rule].roles;
  if (roles === 'anyone') return true;
  return role !== null && (roles as readonly Role[]).includes(role);
}
