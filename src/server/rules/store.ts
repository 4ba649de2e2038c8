import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { RuleEventsTable, RulesTable } from './tables.ts';

/** The rules feature's queries (docs/rules.md): rules and their audit rows, always narrowed to a tenant scope. */
export type Scope = number[] | null;
const ids = (scope: number[]) => (scope.length ? scope : [-1]);

export async function insertRule(db: Executor, row: Insertable<RulesTable>): Promise<number> {
  return Number((await db.insertInto('rules').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export async function updateRule(db: Executor, id: number, patch: Updateable<RulesTable>): Promise<void> {
  await db.updateTable('rules').set(patch).where('id', '=', id).execute();
}

export async function findRule(db: Executor, scope: Scope, id: number) {
  let q = db.selectFrom('rules').selectAll().where('id', '=', id).where('deleted_at', '=', 0);
  if (scope) q = q.where('customerid', 'in', ids(scope));
  return q.executeTakeFirst();
}

export async function listRules(
  db: Executor,
  scope: Scope,
  f: { customerid?: number; platform?: number; exact?: string },
  limit: number,
  offset: number,
) {
  let q = db.selectFrom('rules').where('deleted_at', '=', 0);
  if (scope) q = q.where('customerid', 'in', ids(scope));
  if (f.customerid !== undefined) q = q.where('customerid', '=', f.customerid);
  if (f.platform !== undefined) q = q.where('platform', '=', f.platform);
  if (f.exact) q = q.where('name', 'like', `%${f.exact.replace(/[\\%_]/g, '')}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total };
}

/** Every live enabled rule (the job decides which are due). */
export const enabledRules = (db: Executor) =>
  db.selectFrom('rules').selectAll().where('enabled', '=', 1).where('deleted_at', '=', 0).orderBy('id').execute();

/** Enabled rules of a channel watching these customers' plans (the promotion list's badge). */
export const rulesOfCustomers = (db: Executor, platform: number, customerids: number[]) =>
  db
    .selectFrom('rules')
    .selectAll()
    .where('enabled', '=', 1)
    .where('deleted_at', '=', 0)
    .where('platform', '=', platform)
    .where('customerid', 'in', ids(customerids))
    .execute();

/** This China day's audit rows of these rules (their per-plan limits read them). */
export const eventsOfDay = (db: Executor, ruleIds: readonly number[], day: number) =>
  db
    .selectFrom('rule_events')
    .select(['rule_id', 'platform', 'plan_id', 'outcome', 'at'])
    .where('rule_id', 'in', ids([...ruleIds]))
    .where('day', '=', day)
    .execute();

export async function countToday(db: Executor, ruleIds: number[], day: number): Promise<Map<number, number>> {
  if (!ruleIds.length) return new Map();
  const rows = await db
    .selectFrom('rule_events')
    .select((eb) => ['rule_id', eb.fn.countAll().as('n')])
    .where('rule_id', 'in', ruleIds)
    .where('day', '=', day)
    .groupBy('rule_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.rule_id), Number(r.n)]));
}

/**
 * Claim plans of one schedule slot for a rule, one insert (500 rows a statement): each row is written unless it
 * exists (unique on rule, plan and slot), so a second node or a re-run of the slot finds it taken and does nothing.
 * Returns the ids of the rows written, by plan id (a plan taken already is absent).
 */
export async function claimEvents(db: Executor, rows: ReadonlyArray<Insertable<RuleEventsTable>>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 500) {
    const written = await db
      .insertInto('rule_events')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['rule_id', 'platform', 'plan_id', 'slot']).doNothing())
      .returning(['id', 'plan_id'])
      .execute();
    for (const r of written) out.set(r.plan_id, Number(r.id));
  }
  return out;
}

export async function finishEvent(db: Executor, id: number, patch: Updateable<RuleEventsTable>): Promise<void> {
  await db.updateTable('rule_events').set(patch).where('id', '=', id).execute();
}

/** What the history is narrowed to: the caller's tenants, then a rule, a channel or a plan. */
export interface EventFilter {
  ruleId?: number;
  platform?: number;
  planId?: string;
}

function eventsQuery(db: Executor, scope: Scope, f: EventFilter) {
  let q = db.selectFrom('rule_events as v').innerJoin('rules as r', 'r.id', 'v.rule_id').leftJoin('users as u', 'u.id', 'v.author_id');
  if (scope) q = q.where('v.customerid', 'in', ids(scope));
  if (f.ruleId !== undefined) q = q.where('v.rule_id', '=', f.ruleId);
  if (f.platform !== undefined) q = q.where('v.platform', '=', f.platform);
  if (f.planId) q = q.where('v.plan_id', '=', f.planId);
  return q;
}

export async function countEvents(db: Executor, scope: Scope, f: EventFilter): Promise<number> {
  return Number(
    (
      await eventsQuery(db, scope, f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** The history's rows, newest first: a page by offset (the screen) or after `beforeId` (keyset, the export). */
export function eventRows(db: Executor, scope: Scope, f: EventFilter, limit: number, at: { offset: number } | { beforeId: number }) {
  let q = eventsQuery(db, scope, f)
    .selectAll('v')
    .select(['r.name as rule_name', 'u.email as author_email', 'u.company as author_company'])
    .orderBy('v.id', 'desc')
    .limit(limit);
  q = 'offset' in at ? q.offset(at.offset) : q.where('v.id', '<', at.beforeId);
  return q.execute();
}
