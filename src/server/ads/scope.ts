import { childIdsOf, findCustomer } from '../accounts/lookup.ts';
import type { Actor } from '../kernel/actor.ts';
import { forbidden, notFound } from '../kernel/errors.ts';
import type { Db } from '../kernel/executor.ts';
import type { Scope } from './store.ts';

/**
 * Whose authorisations the caller may see: admins (1, 2) every customer's; an agent (4) its own and its
 * sub-customers'; a customer (3) its own. UDSmart accounts (5, 6) have none (their contracts refuse them).
 */
export async function adScopeOf(db: Db, actor: Actor): Promise<Scope> {
  switch (actor.role) {
    case 1:
    case 2:
      return null;
    case 3:
      return [actor.userId];
    case 4:
      return [actor.userId, ...(await childIdsOf(db, actor.userId))];
    default:
      throw forbidden('UDSmart 账号没有账户授权功能');
  }
}

/** The list a plain request shows: a customer's own; an agent's own unless it names a sub-customer or asks agentALL. */
export async function listScope(db: Db, actor: Actor, f: { method?: string; customerid?: number }): Promise<Scope> {
  const scope = await adScopeOf(db, actor);
  if (f.customerid !== undefined) return scope && !scope.includes(f.customerid) ? [] : [f.customerid];
  if (actor.role === 4 && f.method !== 'agentALL') return [actor.userId];
  return scope;
}

/**
 * For whom an authorisation is made: a customer for itself; an agent for itself or one of its sub-customers
 * (spec: an agent authorises on behalf of a chosen sub-customer).
 */
export async function ownerFor(db: Db, actor: Actor, customerid: number | undefined): Promise<number> {
  const id = customerid ?? actor.userId;
  if (id === actor.userId) return id;
  if (actor.role !== 4) throw forbidden('只能为自己的账号授权');
  const subs = await childIdsOf(db, actor.userId);
  if (!subs.includes(id)) {
    if (!(await findCustomer(db, id))) throw notFound('客户不存在');
    throw forbidden('只能为自己或名下子客户授权');
  }
  return id;
}
