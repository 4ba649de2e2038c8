import { ROLE } from '../../shared/roles.ts';
import { accountsWhere } from '../ads/directory.ts';
import type { Actor } from '../kernel/actor.ts';
import type { Db } from '../kernel/executor.ts';
import { scopeOf } from '../links/scope.ts';
import { udScopeOf } from '../udsmart/scope.ts';

/**
 * Whose orders the caller may see: the links' owners exactly as the links API (admins all, an agent itself and its
 * sub-customers, a customer itself); UDSmart accounts (5, 6) the orders that came through the ad accounts they see
 * (docs/udsmart.md: the admin's brands' accounts, a sub-account's assigned ones).
 */
export interface OrderScope {
  /** null = every customer. */
  customers: number[] | null;
  /** null = any ad account; else only orders whose (channel, advertiser) is one of these. */
  accounts: Array<{ channel: number; advertiser_id: string }> | null;
}

export async function orderScopeOf(db: Db, actor: Actor): Promise<OrderScope> {
  if (actor.role === ROLE.udsmartAdmin || actor.role === ROLE.udsmartSub) {
    const ud = await udScopeOf(db, actor);
    const rows = await accountsWhere(db, { ids: [...ud.accounts.keys()] });
    return { customers: null, accounts: rows.map((r) => ({ channel: r.platform, advertiser_id: r.advertiser_id })) };
  }
  return { customers: await scopeOf(db, actor), accounts: null };
}
