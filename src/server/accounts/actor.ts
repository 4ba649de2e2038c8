import { deriveRole, type Role } from '../../shared/roles.ts';
import type { Actor } from '../kernel/actor.ts';
import type { UserRow } from './store.ts';

export const actorOf = (user: UserRow, sessionId: string): Actor => ({ userId: user.id, sessionId, role: deriveRole(user), user });

/** Role → stored columns (the inverse of deriveRole). */
export function columnsForRole(role: Role): Pick<UserRow, 'kind' | 'super' | 'udsmart' | 'is_sub' | 'usertype'> {
  switch (role) {
    case 1:
      return { kind: 'admin', super: 1, udsmart: 0, is_sub: 0, usertype: '' };
    case 2:
      return { kind: 'admin', super: 2, udsmart: 0, is_sub: 0, usertype: '' };
    case 5:
      return { kind: 'admin', super: 2, udsmart: 1, is_sub: 0, usertype: '' };
    case 6:
      return { kind: 'admin', super: 2, udsmart: 1, is_sub: 1, usertype: '' };
    case 4:
      return { kind: 'customer', super: 0, udsmart: 0, is_sub: 0, usertype: 'agent' };
    default:
      return { kind: 'customer', super: 0, udsmart: 0, is_sub: 0, usertype: 'common' };
  }
}

/** '13812345678' → '138****5678'; short numbers keep their first and last character. */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p.length >= 7) return `${p.slice(0, 3)}${'*'.repeat(p.length - 7)}${p.slice(-4)}`;
  if (p.length <= 2) return p;
  return `${p[0]}${'*'.repeat(p.length - 2)}${p.slice(-1)}`;
}
