/**
 * Promotion's queries besides the tree: single entities, the advertiser accounts behind them, names for display,
 * and this feature's own rows — changes (`ad_changes`), batch tasks, mini-app bindings and status history.
 * The sync owns `ad_entities` rows; this feature only updates the status, budget and bid columns of an entity
 * after its platform accepted a change.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AdChangesTable, AdEntitiesTable } from '../ads/tables.ts';
import type { Executor } from '../kernel/executor.ts';
import type { PromoteStatusLogTable } from './tables.ts';
import type { Scope } from './tree-store.ts';

export type EntityRow = Selectable<AdEntitiesTable> & { bound_pageid: string | null };

const entityQuery = (db: Executor) =>
  db
    .selectFrom('ad_entities as e')
    .leftJoin('promote_bindings as b', (j) =>
      j.onRef('b.platform', '=', 'e.platform').onRef('b.plan_id', '=', 'e.entity_id').on('e.level', '=', 'plan'),
    )
    .selectAll('e')
    .select('b.pageid as bound_pageid');

export const findEntity = (db: Executor, platform: number, level: string, id: string): Promise<EntityRow | undefined> =>
  entityQuery(db).where('e.platform', '=', platform).where('e.level', '=', level).where('e.entity_id', '=', id).executeTakeFirst();

/** The channels (and owners) that have an entity of this level and id: a bare `/promotion/plan/{id}` names none. */
export const entityChannels = (db: Executor, level: string, id: string): Promise<Array<{ platform: number; customerid: number }>> =>
  db
    .selectFrom('ad_entities')
    .select(['platform', 'customerid'])
    .where('level', '=', level)
    .where('entity_id', '=', id)
    .orderBy('platform')
    .execute()
    .then((rows) => rows.map((r) => ({ platform: Number(r.platform), customerid: Number(r.customerid) })));

export const findEntities = async (db: Executor, platform: number, level: string, ids: string[]): Promise<EntityRow[]> =>
  ids.length === 0
    ? []
    : entityQuery(db).where('e.platform', '=', platform).where('e.level', '=', level).where('e.entity_id', 'in', ids).execute();

/** Advertiser accounts with their authorisation's state, for a list's rows and for what may be changed. */
export const accountsByIds = async (db: Executor, keys: Array<{ platform: number; advertiserId: string }>) => {
  if (keys.length === 0) return [];
  const ids = [...new Set(keys.map((k) => k.advertiserId))];
  return db
    .selectFrom('ad_accounts as a')
    .innerJoin('ad_auths as au', 'au.id', 'a.auth_id')
    .select(['a.platform', 'a.advertiser_id', 'a.name', 'a.customerid', 'a.active', 'au.state', 'a.last_sync_at'])
    .where('a.advertiser_id', 'in', ids)
    .where(
      'a.platform',
      'in',
      keys.map((k) => k.platform),
    )
    .execute();
};

/** Company names of customers (display only). */
export const companies = async (db: Executor, ids: number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'company', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.company || r.email]));
};

/** Names of entities by (platform, level, ids). */
export const entityNames = async (db: Executor, platform: number, level: string, ids: string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('ad_entities')
    .select(['entity_id', 'name'])
    .where('platform', '=', platform)
    .where('level', '=', level)
    .where('entity_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.entity_id, r.name]));
};

/** The distinct links a campaign's plans drive (their own, else their mini-app binding). */
export async function campaignLinks(
  db: Executor,
  platform: number,
  campaignId: string,
): Promise<Array<{ pageid: string; via: 'url' | 'bound' }>> {
  const rows = await entityQuery(db)
    .where('e.platform', '=', platform)
    .where('e.level', '=', 'plan')
    .where('e.campaign_id', '=', campaignId)
    .limit(1000)
    .execute();
  const out = new Map<string, 'url' | 'bound'>();
  for (const r of rows) {
    if (r.pageid) out.set(r.pageid, 'url');
    else if (r.bound_pageid && !out.has(r.bound_pageid)) out.set(r.bound_pageid, 'bound');
  }
  return [...out].slice(0, 50).map(([pageid, via]) => ({ pageid, via }));
}

export async function updateEntity(
  db: Executor,
  id: number,
  patch: Pick<Updateable<AdEntitiesTable>, 'raw_status' | 'status' | 'enabled' | 'budget_fen' | 'bid_fen' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('ad_entities').set(patch).where('id', '=', id).execute();
}

// ── changes and tasks ────────────────────────────────────────────────────────────────────────────────────

export async function insertChanges(db: Executor, rows: Insertable<AdChangesTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await db.insertInto('ad_changes').values(rows).returning('id').execute();
  return out.map((r) => Number(r.id));
}

export async function finishChange(db: Executor, id: number, result: 'applied' | 'refused', message: string, at: number): Promise<void> {
  await db.updateTable('ad_changes').set({ result, message, finished_at: at }).where('id', '=', id).execute();
}

export async function insertTask(
  db: Executor,
  t: { actor_id: number; platform: number; level: string; action: string; total: number; at: number },
) {
  const r = await db
    .insertInto('promote_tasks')
    .values({
      actor_id: t.actor_id,
      platform: t.platform,
      level: t.level,
      action: t.action,
      total: t.total,
      applied: 0,
      refused: 0,
      state: 'running',
      created_at: t.at,
      finished_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function finishTask(db: Executor, id: number, applied: number, refused: number, at: number): Promise<void> {
  await db.updateTable('promote_tasks').set({ applied, refused, state: 'done', finished_at: at }).where('id', '=', id).execute();
}

export interface ChangeLogFilter {
  scope: Scope;
  platform?: number;
  level?: string;
  entityId?: string;
  taskId?: number;
}

export async function listChanges(db: Executor, f: ChangeLogFilter, limit: number, offset: number) {
  let q = db.selectFrom('ad_changes as c').leftJoin('users as u', 'u.id', 'c.actor_id');
  if (f.scope) q = q.where('c.customerid', 'in', f.scope.length ? f.scope : [-1]);
  if (f.platform !== undefined) q = q.where('c.platform', '=', f.platform);
  if (f.level) q = q.where('c.level', '=', f.level);
  if (f.entityId) q = q.where('c.entity_id', '=', f.entityId);
  if (f.taskId !== undefined) q = q.where('c.task_id', '=', f.taskId);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .selectAll('c')
    .select(['u.email', 'u.company', 'u.super', 'u.udsmart', 'u.is_sub', 'u.usertype'])
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

// ── status history ───────────────────────────────────────────────────────────────────────────────────────

export async function insertStatusLog(db: Executor, rows: Insertable<PromoteStatusLogTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('promote_status_log')
      .values(rows.slice(i, i + 500))
      .execute();
}

export const statusLog = (db: Executor, platform: number, level: string, id: string, limit = 50) =>
  db
    .selectFrom('promote_status_log')
    .selectAll()
    .where('platform', '=', platform)
    .where('level', '=', level)
    .where('entity_id', '=', id)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** The latest logged status of each of these entities. */
export async function lastLogged(db: Executor, keys: Array<{ platform: number; level: string; entity_id: string }>) {
  const out = new Map<string, { raw_status: string; status: string; enabled: number }>();
  for (let i = 0; i < keys.length; i += 300) {
    const slice = keys.slice(i, i + 300);
    const latest = db
      .selectFrom('promote_status_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .where(
        'entity_id',
        'in',
        slice.map((k) => k.entity_id),
      )
      .groupBy(['platform', 'level', 'entity_id']);
    const rows = await db
      .selectFrom('promote_status_log')
      .select(['platform', 'level', 'entity_id', 'raw_status', 'status', 'enabled'])
      .where('id', 'in', latest)
      .execute();
    for (const r of rows) out.set(`${r.platform}:${r.level}:${r.entity_id}`, r);
  }
  return out;
}

/** Entities the sync touched after the cursor (synced_at, id), in that order. */
export const syncedAfter = (db: Executor, at: number, id: number, limit: number) =>
  db
    .selectFrom('ad_entities')
    .select(['id', 'platform', 'level', 'entity_id', 'customerid', 'raw_status', 'status', 'enabled', 'synced_at'])
    .where((eb) => eb.or([eb('synced_at', '>', at), eb.and([eb('synced_at', '=', at), eb('id', '>', id)])]))
    .orderBy('synced_at')
    .orderBy('id')
    .limit(limit)
    .execute();

// ── mini-app bindings ───────────────────────────────────────────────────────────────────────────────────

export const bindingsOf = (db: Executor, pageid: string) =>
  db.selectFrom('promote_bindings').selectAll().where('pageid', '=', pageid).execute();

export async function bindPlans(db: Executor, rows: Insertable<import('./tables.ts').PromoteBindingsTable>[]): Promise<number> {
  let n = 0;
  for (const r of rows) {
    const done = await db
      .insertInto('promote_bindings')
      .values(r)
      .onConflict((oc) =>
        oc.columns(['platform', 'plan_id']).doUpdateSet({ pageid: r.pageid, created_by: r.created_by, created_at: r.created_at }),
      )
      .executeTakeFirst();
    n += Number(done.numInsertedOrUpdatedRows ?? 0);
  }
  return n;
}

export async function unbindPlans(db: Executor, platform: number, pageid: string, planIds: string[]): Promise<number> {
  const r = await db
    .deleteFrom('promote_bindings')
    .where('platform', '=', platform)
    .where('pageid', '=', pageid)
    .where('plan_id', 'in', planIds)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
