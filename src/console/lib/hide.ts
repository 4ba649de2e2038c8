import type { Role } from '../../shared/roles.ts';

/**
 * Spec §6 hide rule. `rule` is one of:
 * - 'noN'   – hidden for role N;
 * - 'a,b,…' – hidden unless the user holds one of the listed roles;
 * - 'N'     – shown only to role N.
 * Empty / undefined rules hide nothing. Unknown role (not logged in) hides every restricted element.
 */
export function isHidden(rule: string | number | null | undefined, role: Role | null): boolean {
  if (rule === null || rule === undefined) return false;
  const r = String(rule).trim();
  if (r === '') return false;
  const no = /^no(\d+)$/.exec(r);
  if (no) return role === Number(no[1]);
  const list = r
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n));
  return role === null || !list.includes(role);
}

/** The rule that shows an element only to these roles ('3,4'). */
export const showOnlyTo = (...roles: Role[]): string => roles.join(',');

/** The rule that hides an element from one role ('no3'). */
export const hideFrom = (role: Role): string => `no${role}`;
