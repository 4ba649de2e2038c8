import { deriveRole } from '../../shared/roles.ts';
import type { UserRow } from '../accounts/lookup.ts';
import type { Actor } from '../kernel/actor.ts';

/**
 * The person a rule acts as: its author (`user`, read with the rule's batch), with the author's present role and
 * tenancy (a change is scoped exactly as if the author made it). An author who is disabled or gone cannot act (null).
 */
export function authorOf(user: UserRow | undefined, rule: { id: number }): Actor | null {
  if (!user || Number(user.status) !== 1) return null;
  return { userId: user.id, sessionId: `rule:${rule.id}`, role: deriveRole(user), user };
}
