/**
 * Whose numbers a caller reads — the read model's one tenant scope, built on the tenancy rule of the links feature
 * (`links/scope.ts`: admins every customer, an agent itself and its sub-customers, a customer itself) and, for the
 * UDSmart roles, on the advertiser accounts their brands hold (`udsmart/scope.ts`, docs/udsmart.md). Every screen,
 * export and e-mail narrows its facts (and its raw orders) with this scope, inside the query.
 */
import { ROLE } from '../../shared/roles.ts';
import { accountsWhere } from '../ads/directory.ts';
import type { Actor } from '../kernel/actor.ts';
import { notFound } from '../kernel/errors.ts';
import type { Db } from '../kernel/executor.ts';
import { scopeOf } from '../links/scope.ts';
import { udScopeOf } from '../udsmart/scope.ts';
import { customerExists } from './names.ts';
import type { AccountRef } from './query.ts';

export interface FactScope {
  /** Customers whose facts count; null = every customer. */
  customers: number[] | null;
  /** null = any advertiser account; else only these (UDSmart). */
  accounts: AccountRef[] | null;
}

/** The caller's scope: customers as the links API sees them, UDSmart callers the accounts their brands hold. */
export async function factScopeOf(db: Db, actor: Actor): Promise<FactScope> {
  if (actor.role === ROLE.udsmartAdmin || actor.role === ROLE.udsmartSub) {
    const ud = await udScopeOf(db, actor);
    const rows = await accountsWhere(db, { ids: [...ud.accounts.keys()] });
    return { customers: null, accounts: rows.map((r) => ({ channel: r.platform, advertiser_id: r.advertiser_id })) };
  }
  return { customers: await scopeOf(db, actor), accounts: null };
}

/**
 * The customers a customer-facing screen sums over: the caller's (`links/scope.ts`), narrowed to `customerid` when
 * given. `strict`: a customer the caller may not see — another tenant's or none — is 4004 客户不存在 (boards);
 * otherwise it narrows to nothing (promotion lists, whose filter simply finds no rows).
 */
export async function customersOf(db: Db, actor: Actor, customerid: number | undefined, strict = true): Promise<number[] | null> {
  const scope = await scopeOf(db, actor);
  if (customerid === undefined) return scope;
  const visible = scope === null ? !strict || (await customerExists(db, customerid)) : scope.includes(customerid);
  if (visible) return [customerid];
  if (strict) throw notFound('客户不存在');
  return [];
}

export const inScope = (customers: readonly number[] | null, customerid: number): boolean =>
  customers === null || customers.includes(customerid);
