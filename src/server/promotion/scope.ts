import type { Actor } from '../kernel/actor.ts';
import { notFound } from '../kernel/errors.ts';
import type { Executor } from '../kernel/executor.ts';
import { scopeOf } from '../links/scope.ts';
import { findEntity } from './store.ts';
import type { Scope } from './tree-store.ts';

/**
 * Whose promotions the caller may see and change — the same tenants as links: admins (1, 2) every customer's,
 * an agent (4) its own and its sub-customers', a customer (3) its own. `customerid` narrows it (a filter that
 * names someone outside the scope leaves nothing).
 */
export async function promoteScope(db: Executor, actor: Actor, customerid?: number): Promise<Scope> {
  const scope = await scopeOf(db, actor);
  if (customerid === undefined) return scope;
  if (scope === null) return [customerid];
  return scope.includes(customerid) ? [customerid] : [];
}

export const inScope = (scope: Scope, customerid: number): boolean => scope === null || scope.includes(customerid);

/** An entity the caller may see; another tenant's reads like a missing one (4004), and nothing is sent anywhere. */
export async function requireEntity(db: Executor, scope: Scope, platform: number, level: string, id: string) {
  const e = await findEntity(db, platform, level, id);
  if (!e || !inScope(scope, Number(e.customerid))) throw notFound('推广对象不存在或无权查看');
  return e;
}
