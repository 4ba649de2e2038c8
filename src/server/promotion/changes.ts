/**
 * Changes to ads on their platforms (`/napi/promote/edit`, `/napi/task/update`, the old update calls): each change
 * is written to `ad_changes` as pending, sent through the platform's connector with the account's credentials
 * (`withCallAuth`), and finished with the platform's answer — applied (the entity's columns follow) or refused
 * with the platform's message (the entity keeps its old value). Nothing is sent for an entity outside the
 * caller's tenants. A platform-admin's change is also written to the audit log under the admin's name.
 */
import type { AdLevel } from '../../shared/ad-levels.ts';
import { channelLabel } from '../../shared/catalog.ts';
import { fenToYuan } from '../../shared/money.ts';
import { checkMoney, moneyLimit } from '../../shared/money-limits.ts';
import { adPlatformOf, EDITABLE, type PromoteChannel } from '../../shared/promote.ts';
import type { ChangeItem, TaskResult } from '../../shared/promote-schemas.ts';
import { ROLE } from '../../shared/roles.ts';
import { connectorFor, withCallAuth } from '../ads/credentials.ts';
import { audit } from '../audit/service.ts';
import type { ChangeResult } from '../connectors/ad-platform.ts';
import { ConnectorError } from '../connectors/errors.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, invalid } from '../kernel/errors.ts';
import { errorFields, log } from '../kernel/log.ts';
import { levelName } from './rows.ts';
import * as store from './store.ts';
import { afterSwitch } from './switched.ts';

export type Field = 'status' | 'budget' | 'bid';
/** What a change sets: enable/disable, or fen (null = unlimited budget). */
export type Target = { field: 'status'; enable: boolean } | { field: 'budget'; fen: number | null } | { field: 'bid'; fen: number };

const shown = (fen: number | null): string => (fen === null ? '' : fenToYuan(fen).toFixed(2));
const valueBefore = (e: store.EntityRow, t: Target): string =>
  t.field === 'status' ? (Number(e.enabled) === 1 ? 'enable' : 'disable') : shown(t.field === 'budget' ? e.budget_fen : e.bid_fen);
const valueAfter = (t: Target): string => (t.field === 'status' ? (t.enable ? 'enable' : 'disable') : shown(t.fen));

/** Refuse a change the platform has no call for at this level, before anything is written or sent. */
export function checkAllowed(channel: PromoteChannel, level: AdLevel, t: Target): void {
  checkEditable(channel, level, t.field);
  const platform = adPlatformOf(channel);
  const name = levelName(platform, level === 'campaign' ? 'group' : level);
  if (t.field === 'budget' && t.fen === null && !EDITABLE[platform].unlimited)
    throw invalid(`${channelLabel(channel)}的日预算不能设为不限`, { field: 'value' });
  if (t.field !== 'status' && t.fen !== null) {
    const label = t.field === 'budget' ? '日预算' : '出价';
    const checked = checkMoney(t.fen / 100, label, moneyLimit(platform, level, t.field), `${channelLabel(channel)}·${name}`);
    if (!checked.ok) throw invalid(checked.message, { field: 'value' });
  }
}

/** Whether the platform lets this level's field be changed at all (whatever the amount). */
export function checkEditable(channel: PromoteChannel, level: AdLevel, field: Target['field']): void {
  const platform = adPlatformOf(channel);
  const rules = EDITABLE[platform];
  const name = levelName(platform, level === 'campaign' ? 'group' : level);
  if (!name) throw invalid(`${channelLabel(channel)}没有该层级`, { field: 'type' });
  const what = `${channelLabel(channel)}的${name}`;
  if (field === 'status' && !rules.status.includes(level)) throw invalid(`${what}不能在这里启用或暂停`, { field: 'type' });
  if (field === 'budget' && !rules.budget.includes(level)) throw invalid(`${what}不能修改日预算`, { field: 'field' });
  if (field === 'bid' && !rules.bid.includes(level)) throw invalid(`${what}不能修改出价`, { field: 'field' });
}

/** The refusal a whole call ended in, in words a person can act on. */
function failureMessage(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof ConnectorError) return err.message;
  log.error('ad change failed unexpectedly', errorFields(err));
  return '提交失败，请稍后重试';
}

async function send(
  deps: Deps,
  channel: PromoteChannel,
  level: AdLevel,
  advertiserId: string,
  ids: string[],
  t: Target,
): Promise<ChangeResult[]> {
  try {
    return await withCallAuth(deps, { platform: channel, advertiserId }, async (auth, connector) => {
      if (t.field === 'status') return connector.updateStatus(auth, advertiserId, level, ids, t.enable);
      const out: ChangeResult[] = [];
      for (const id of ids) {
        if (t.field === 'budget' && connector.updateBudget) out.push(await connector.updateBudget(auth, advertiserId, level, id, t.fen));
        else if (t.field === 'bid' && connector.updateBid) out.push(await connector.updateBid(auth, advertiserId, level, id, t.fen));
        else out.push({ id, ok: false, message: '该平台不支持此修改' });
      }
      return out;
    });
  } catch (err) {
    const message = failureMessage(err);
    return ids.map((id) => ({ id, ok: false, message }));
  }
}

/** An automatic rule acting as its author (docs/rules.md): the change log names it. */
export interface ChangeOrigin {
  ruleId: number;
  ruleName: string;
}

/**
 * Apply one target to entities the caller may change (already scoped by the caller): write pending rows, send per
 * advertiser, finish each row with the platform's answer. `taskId` 0 = a single edit; `origin` a rule's change.
 */
export async function applyChanges(
  deps: Deps,
  actor: Actor,
  channel: PromoteChannel,
  level: AdLevel,
  entities: store.EntityRow[],
  t: Target,
  taskId = 0,
  origin: ChangeOrigin | null = null,
): Promise<TaskResult> {
  checkAllowed(channel, level, t);
  connectorFor(deps, channel);
  const at = deps.clock.now();
  const changeIds = await store.insertChanges(
    deps.db,
    entities.map((e) => ({
      platform: channel,
      advertiser_id: e.advertiser_id,
      customerid: Number(e.customerid),
      level,
      entity_id: e.entity_id,
      field: t.field,
      before: valueBefore(e, t),
      after: valueAfter(t),
      actor_id: actor.userId,
      task_id: taskId,
      result: 'pending',
      message: '',
      at,
      finished_at: 0,
      ...(origin ? { rule_id: origin.ruleId, rule_name: origin.ruleName } : {}),
    })),
  );
  if (actor.role === ROLE.superAdmin || actor.role === ROLE.admin) {
    await audit(deps.db, {
      event: 'ad_change',
      at,
      actorId: actor.userId,
      userId: Number(entities[0]?.customerid ?? 0),
      email: actor.user.email,
      detail: {
        platform: channel,
        level,
        ids: entities.map((e) => e.entity_id),
        field: t.field,
        after: valueAfter(t),
        task: taskId,
        rule: origin?.ruleId ?? 0,
      },
    });
  }
  const items: ChangeItem[] = entities.map((e, i) => ({
    change_id: changeIds[i] ?? 0,
    id: e.entity_id,
    name: e.name,
    field: t.field,
    before: valueBefore(e, t),
    after: valueAfter(t),
    result: 'pending',
    message: '',
  }));
  const byAdvertiser = new Map<string, store.EntityRow[]>();
  for (const e of entities) byAdvertiser.set(e.advertiser_id, [...(byAdvertiser.get(e.advertiser_id) ?? []), e]);
  for (const [advertiserId, group] of byAdvertiser) {
    const results = await send(
      deps,
      channel,
      level,
      advertiserId,
      group.map((e) => e.entity_id),
      t,
    );
    const byId = new Map(results.map((r) => [r.id, r]));
    for (const e of group) {
      const r = byId.get(e.entity_id) ?? { id: e.entity_id, ok: false, message: '平台没有答复这一项' };
      const item = items.find((x) => x.id === e.entity_id)!;
      await finish(deps, channel, level, e, t, item, r);
    }
  }
  const applied = items.filter((i) => i.result === 'applied').length;
  return { task_id: taskId, total: items.length, applied, refused: items.length - applied, items };
}

async function finish(
  deps: Deps,
  channel: PromoteChannel,
  level: AdLevel,
  e: store.EntityRow,
  t: Target,
  item: ChangeItem,
  r: ChangeResult,
) {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    if (!r.ok) {
      await store.finishChange(tx, item.change_id, 'refused', r.message || '平台拒绝了修改', at);
      return;
    }
    await store.finishChange(tx, item.change_id, 'applied', '', at);
    if (t.field === 'status') {
      const next = afterSwitch(adPlatformOf(channel), level, e, t.enable);
      await store.updateEntity(tx, Number(e.id), { ...next, updated_at: at });
      await store.insertStatusLog(tx, [
        { platform: channel, level, entity_id: e.entity_id, customerid: Number(e.customerid), ...next, source: 'change', at },
      ]);
    } else await store.updateEntity(tx, Number(e.id), { [t.field === 'budget' ? 'budget_fen' : 'bid_fen']: t.fen, updated_at: at });
  });
  item.result = r.ok ? 'applied' : 'refused';
  item.message = r.ok ? '' : r.message || '平台拒绝了修改';
}
