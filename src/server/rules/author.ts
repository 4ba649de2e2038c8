import { deriveRole } from '../../shared/roles.ts';
import { findUserById } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';

/**
 * The person a rule acts as: its author, with the author's present role and tenancy (a change is scoped exactly
 * as if the author made it). An author who is disabled or gone cannot act (null).
 */
export async function authorOf(deps: Pick<Deps, 'db'>, rule: { id: number; created_by: number }): Promise<Actor | null> {
  const user = await findUserById(deps.db, rule.created_by);
  if (!user || Number(user.status) !== 1) return null;
  return { userId: user.id, sessionId: `rule:${rule.id}`, role: deriveRole(user), user };
}
