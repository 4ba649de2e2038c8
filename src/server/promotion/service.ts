/**
 * Promotion changes as the API calls them: one edit, a batch task, and the old version's update calls, each
 * scoped to the caller's tenants before anything is written or sent (docs/api-promotion.md).
 */
import type { AdLevel } from '../../shared/ad-levels.ts';
import { yuanToFen } from '../../shared/money.ts';
import { levelOfType, type PromoteChannel } from '../../shared/promote.ts';
import type { PromoteEditInput, TaskResult, TaskUpdateInput } from '../../shared/promote-schemas.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid, notFound } from '../kernel/errors.ts';
import { applyChanges, checkAllowed, type Target } from './changes.ts';
import { inScope, promoteScope, requireEntity } from './scope.ts';
import * as store from './store.ts';

function targetOf(input: Pick<PromoteEditInput, 'field' | 'value'>): Target {
  const { field, value } = input;
  if (field === 'status') {
    if (value !== 'enable' && value !== 'disable') throw invalid('投放状态只能改为 enable（启用）或 disable（暂停）', { field: 'value' });
    return { field, enable: value === 'enable' };
  }
  if (typeof value === 'string') throw invalid(`${field === 'budget' ? '日预算' : '出价'}必须是金额（元）`, { field: 'value' });
  if (field === 'bid') {
    if (value === null) throw invalid('出价不能为空', { field: 'value' });
    return { field, fen: yuanToFen(value) };
  }
  return { field, fen: value === null ? null : yuanToFen(value) };
}

/** `/napi/promote/edit`: one entity's status, budget or bid. */
export async function editEntity(deps: Deps, actor: Actor, input: PromoteEditInput): Promise<TaskResult> {
  const level = levelOfType(input.type) as AdLevel;
  const channel = input.acpl as PromoteChannel;
  const t = targetOf(input);
  checkAllowed(channel, level, t);
  const e = await requireEntity(deps.db, await promoteScope(deps.db, actor), channel, level, input.id);
  return applyChanges(deps, actor, channel, level, [e], t);
}

/** Entities of one level the caller may change; any id it may not see refuses the whole batch (4004), nothing sent. */
export async function requireEntities(deps: Deps, actor: Actor, channel: number, level: AdLevel, ids: string[], advertiserId?: string) {
  const scope = await promoteScope(deps.db, actor);
  const wanted = [...new Set(ids)];
  const found = (await store.findEntities(deps.db, channel, level, wanted)).filter(
    (e) => inScope(scope, Number(e.customerid)) && (advertiserId === undefined || e.advertiser_id === advertiserId),
  );
  const missing = wanted.length - found.length;
  if (missing > 0) throw notFound(`有 ${missing} 个推广对象不存在或无权操作，未提交任何修改`);
  return wanted.map((id) => found.find((e) => e.entity_id === id)!);
}

/** A batch of switches as one task: every item is answered on its own. */
export async function runTask(
  deps: Deps,
  actor: Actor,
  channel: PromoteChannel,
  level: AdLevel,
  ids: string[],
  enable: boolean,
  advertiserId?: string,
) {
  const t: Target = { field: 'status', enable };
  checkAllowed(channel, level, t);
  const entities = await requireEntities(deps, actor, channel, level, ids, advertiserId);
  const taskId = await store.insertTask(deps.db, {
    actor_id: actor.userId,
    platform: channel,
    level,
    action: enable ? 'enable' : 'disable',
    total: entities.length,
    at: deps.clock.now(),
  });
  const result = await applyChanges(deps, actor, channel, level, entities, t, taskId);
  await store.finishTask(deps.db, taskId, result.applied, result.refused, deps.clock.now());
  return result;
}

/** `/napi/task/update`. */
export const updateTask = (deps: Deps, actor: Actor, input: TaskUpdateInput): Promise<TaskResult> =>
  runTask(deps, actor, input.acpl as PromoteChannel, levelOfType(input.type) as AdLevel, input.ids, input.action === 'enable');

/** The old update calls: a batch of plans of one account, or one plan's budget or bid. */
export async function updateOldPlans(
  deps: Deps,
  actor: Actor,
  channel: PromoteChannel,
  advertiserId: string,
  input: { ids?: string[]; action?: 'enable' | 'disable'; id?: string; budget?: number | null; bid?: number },
): Promise<TaskResult> {
  if (input.ids && input.action) return runTask(deps, actor, channel, 'plan', input.ids, input.action === 'enable', advertiserId);
  const field = input.bid !== undefined ? 'bid' : 'budget';
  const t = targetOf({ field, value: field === 'bid' ? (input.bid ?? null) : (input.budget ?? null) });
  checkAllowed(channel, 'plan', t);
  const [e] = await requireEntities(deps, actor, channel, 'plan', [input.id ?? ''], advertiserId);
  return applyChanges(deps, actor, channel, 'plan', [e!], t);
}
