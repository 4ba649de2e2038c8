import { ROLE } from '../../shared/roles.ts';
import type { Actor } from '../kernel/actor.ts';
import type { Db } from '../kernel/executor.ts';
import { scopeOf } from '../links/scope.ts';

/**
 * Whose orders the caller may see: the links' owners exactly as the links API (admins all, an agent itself and its
 * sub-customers, a customer itself), and UDSmart accounts the orders of UDSmart links (platform 7): the UDSmart
 * administrator all of them, a UDSmart sub-account none until brands are assigned to it (the brand feature).
 */
export interface OrderScope {
  /** null = every customer. */
  customers: number[] | null;
  /** Link platforms the caller may see; null = all. */
  platforms: number[] | null;
}

export async function orderScopeOf(db: Db, actor: Actor): Promise<OrderScope> {
  if (actor.role === ROLE.udsmartAdmin) return { customers: null, platforms: [7] };
  if (actor.role === ROLE.udsmartSub) return { customers: [], platforms: [7] };
  return { customers: await scopeOf(db, actor), platforms: null };
}
