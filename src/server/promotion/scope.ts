import { channelLabel } from '../../shared/catalog.ts';
import { isPromoteChannel, type PromoteChannel } from '../../shared/promote.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid, notFound } from '../kernel/errors.ts';
import type { Executor } from '../kernel/executor.ts';
import { scopeOf } from '../links/scope.ts';
import { entityChannels, findEntity } from './store.ts';
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

/**
 * The channel of an entity named by level and id alone (`/promotion/plan/{id}` without `?acpl=`): the one channel
 * where the caller can see it; 4004 when none, 4000 naming the channels when the id exists on several.
 */
export async function channelOfEntity(db: Executor, scope: Scope, level: string, id: string): Promise<PromoteChannel> {
  const mine = (await entityChannels(db, level, id)).filter((r) => inScope(scope, r.customerid)).map((r) => r.platform);
  const seen = [...new Set(mine)].filter(isPromoteChannel);
  if (seen.length === 0) throw notFound('推广对象不存在或无权查看');
  if (seen.length > 1)
    throw invalid(`编号 ${id} 在多个广告平台都有（${seen.map((c) => channelLabel(c)).join('、')}），请选择广告平台`, { field: 'acpl' });
  return seen[0]!;
}
