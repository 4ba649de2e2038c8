import { ROLE } from '../../shared/roles.ts';
import type { Actor } from '../kernel/actor.ts';
import type { Executor } from '../kernel/executor.ts';
import { assignmentsOfSubs, bindingsOfAccounts, bindingsOfBrands, brandIdsOfOwner } from './store.ts';

/**
 * What a UDSmart caller sees (docs/udsmart.md). The tenant is the UDSmart admin: it sees its own brands and every
 * account bound to them. A sub-account sees the brands it is assigned (with all their accounts) and the accounts
 * it is assigned (with their brand, showing only those accounts) — only within its own admin's brands.
 */
export interface UdScope {
  ownerId: number;
  /** Brands visible to the caller. */
  brandIds: number[];
  /** ad_accounts.id → brand id, for every visible account. */
  accounts: Map<number, number>;
}

export async function udScopeOf(db: Executor, actor: Actor): Promise<UdScope> {
  if (actor.role === ROLE.udsmartAdmin) {
    const brandIds = await brandIdsOfOwner(db, actor.userId);
    const bindings = await bindingsOfBrands(db, brandIds);
    return { ownerId: actor.userId, brandIds, accounts: new Map(bindings.map((b) => [b.ad_account_id, b.brand_id])) };
  }
  const ownerId = actor.role === ROLE.udsmartSub ? (actor.user.parent_id ?? 0) : 0;
  if (!ownerId) return { ownerId: 0, brandIds: [], accounts: new Map() };
  const owned = new Set(await brandIdsOfOwner(db, ownerId));
  const assigned = await assignmentsOfSubs(db, [actor.userId]);
  const brands = assigned.map((a) => a.brand_id).filter((id) => owned.has(id));
  const accounts = new Map<number, number>();
  for (const b of await bindingsOfBrands(db, brands)) accounts.set(b.ad_account_id, b.brand_id);
  const direct = await bindingsOfAccounts(
    db,
    assigned.map((a) => a.ad_account_id).filter((id) => id > 0),
  );
  for (const b of direct) if (owned.has(b.brand_id)) accounts.set(b.ad_account_id, b.brand_id);
  return { ownerId, brandIds: [...new Set([...brands, ...accounts.values()])], accounts };
}
