/**
 * The tracking store: every query of the tracking feature (raw write-ahead rows, parsed events, click keys,
 * rejects, rollups). Functions take the database or an open transaction; the callers (batch writer, processor,
 * retention, stats) decide the transaction. Large inserts and `in (…)` lists go in chunks that stay under
 * SQLite's bound-variable limit.
 */
import { type Insertable, sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Db, Executor } from '../kernel/executor.ts';
import type {
  LandingVisitsTable,
  MonitorEventsTable,
  MonitorRawTable,
  MonitorRejectsTable,
  RollupDailyTable,
  RollupHourlyTable,
  VisitEventsTable,
} from './tables.ts';

export type RawTable = 'monitor_raw' | 'landing_visits';

export const chunks = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** Rows per raw INSERT (SQLite allows 32766 bound values; 8 columns × 400 stays well under). */
const RAW_CHUNK = 400;

/** One batch of raw pings and visits in ONE transaction (the batch writer acknowledges after it commits). */
export async function insertRawBatch(
  db: Db,
  monitor: Array<Insertable<MonitorRawTable>>,
  visits: Array<Insertable<LandingVisitsTable>>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < monitor.length; i += RAW_CHUNK)
      await trx
        .insertInto('monitor_raw')
        .values(monitor.slice(i, i + RAW_CHUNK))
        .execute();
    for (let i = 0; i < visits.length; i += RAW_CHUNK)
      await trx
        .insertInto('landing_visits')
        .values(visits.slice(i, i + RAW_CHUNK))
        .execute();
  });
}

/** Serialise processors of several app nodes on one PostgreSQL (SQLite has one writer anyway). */
export async function lockProcessor(tx: Executor, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(74020001)`.execute(tx);
}

export const unprocessedPings = (tx: Executor, limit: number) =>
  tx.selectFrom('monitor_raw').selectAll().where('processed', '=', 0).orderBy('id').limit(limit).execute();

export const unprocessedVisits = (tx: Executor, limit: number) =>
  tx.selectFrom('landing_visits').selectAll().where('processed', '=', 0).orderBy('id').limit(limit).execute();

export async function markProcessed(tx: Executor, table: RawTable, ids: number[]): Promise<void> {
  for (const part of chunks(ids, 900)) await tx.updateTable(table).set({ processed: 1 }).where('id', 'in', part).execute();
}

/** Raw rows (pings and visits) waiting for the processor (the lag gauge); both counts read the `…_todo` index. */
export async function rawBacklog(db: Executor): Promise<number> {
  let n = 0;
  for (const table of ['monitor_raw', 'landing_visits'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('processed', '=', 0)
      .executeTakeFirst();
    n += Number(row?.n ?? 0);
  }
  return n;
}

/**
 * Delete up to `slice` of the oldest processed raw rows received before `cutoff`: reads them in id order (index
 * `…_todo` on (processed, id)) and stops at younger rows, so it costs what it deletes, never a table scan.
 * Returns [deleted, reachedYoungerRows].
 */
export async function pruneProcessedSlice(db: Executor, table: RawTable, cutoff: number, slice: number): Promise<[number, boolean]> {
  const rows = await db.selectFrom(table).select(['id', 'received_at']).where('processed', '=', 1).orderBy('id').limit(slice).execute();
  const old = rows.filter((r) => Number(r.received_at) < cutoff).map((r) => Number(r.id));
  if (old.length > 0) await db.deleteFrom(table).where('id', 'in', old).execute();
  return [old.length, old.length < slice];
}

/** Which of these click keys were seen before, as `pageid\nkey`. */
export async function seenClickKeys(tx: Executor, keys: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const part of chunks(keys, 500)) {
    const rows = await tx.selectFrom('click_keys').select(['pageid', 'key']).where('key', 'in', part).execute();
    for (const row of rows) seen.add(`${row.pageid}\n${row.key}`);
  }
  return seen;
}

export async function insertClickKeys(tx: Executor, rows: Array<{ pageid: string; key: string; first_at: number }>): Promise<void> {
  for (const part of chunks(rows, 300))
    await tx
      .insertInto('click_keys')
      .values(part)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

export async function insertPingEvents(tx: Executor, rows: Array<Insertable<MonitorEventsTable>>): Promise<void> {
  for (const part of chunks(rows, 200)) await tx.insertInto('monitor_events').values(part).execute();
}

/** A recorded ad click as the visit tie reads it. */
export interface ClickForTie {
  id: number;
  pageid: string;
  clickid: string;
  adv: string;
  camp: string;
  aid: string;
  cid: string;
  callback: string;
  ua: string;
  received_at: number;
}
const TIE_COLUMNS = ['id', 'pageid', 'clickid', 'adv', 'camp', 'aid', 'cid', 'callback', 'ua', 'received_at'] as const;
const asTie = (r: Record<(typeof TIE_COLUMNS)[number], unknown>): ClickForTie => ({
  id: Number(r.id),
  pageid: String(r.pageid),
  clickid: String(r.clickid),
  adv: String(r.adv),
  camp: String(r.camp),
  aid: String(r.aid),
  cid: String(r.cid),
  callback: String(r.callback),
  ua: String(r.ua),
  received_at: Number(r.received_at),
});

/** Clicks with these click ids (a landing visit carrying the same id belongs to that click). */
export async function clicksByClickId(tx: Executor, clickids: string[]): Promise<ClickForTie[]> {
  const out: ClickForTie[] = [];
  for (const part of chunks(clickids, 500)) {
    const rows = await tx
      .selectFrom('monitor_events')
      .select(TIE_COLUMNS)
      .where('kind', '=', 'click')
      .where('clickid', 'in', part)
      .execute();
    out.push(...rows.map(asTie));
  }
  return out;
}

/** The latest click on `pageid` in [from, to] whose callback is `callback` (快手 lands with its callback as the id). */
export async function clickByCallback(
  tx: Executor,
  pageid: string,
  callback: string,
  from: number,
  to: number,
): Promise<ClickForTie | null> {
  const r = await tx
    .selectFrom('monitor_events')
    .select(TIE_COLUMNS)
    .where('pageid', '=', pageid)
    .where('received_at', '>=', from)
    .where('received_at', '<=', to)
    .where('kind', '=', 'click')
    .where('callback', '=', callback)
    .orderBy('received_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? asTie(r) : null;
}

/** The latest click on `pageid` in [from, to] of plan `aid` from the same browser (`ua`): 巨量's ping and landing ids differ. */
export async function clickOfPlan(
  tx: Executor,
  pageid: string,
  aid: string,
  ua: string,
  from: number,
  to: number,
): Promise<ClickForTie | null> {
  const r = await tx
    .selectFrom('monitor_events')
    .select(TIE_COLUMNS)
    .where('pageid', '=', pageid)
    .where('received_at', '>=', from)
    .where('received_at', '<=', to)
    .where('kind', '=', 'click')
    .where('aid', '=', aid)
    .where('ua', '=', ua)
    .orderBy('received_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? asTie(r) : null;
}

export async function insertVisitEvents(tx: Executor, rows: Array<Insertable<VisitEventsTable>>): Promise<void> {
  for (const part of chunks(rows, 300)) await tx.insertInto('visit_events').values(part).execute();
}

export async function insertRejects(tx: Executor, rows: Array<Insertable<MonitorRejectsTable>>): Promise<void> {
  for (const part of chunks(rows, 300)) await tx.insertInto('monitor_rejects').values(part).execute();
}

/** Add counts to the rollups (insert … on conflict do update, the same on SQLite and PostgreSQL). */
export async function addRollups(tx: Executor, hourly: RollupHourlyTable[], daily: RollupDailyTable[]): Promise<void> {
  for (const part of chunks(hourly, 300)) {
    await tx
      .insertInto('rollup_hourly')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['hour', 'pageid', 'adv', 'aid']).doUpdateSet({
          shows: sql`rollup_hourly.shows + excluded.shows`,
          clicks: sql`rollup_hourly.clicks + excluded.clicks`,
          visits: sql`rollup_hourly.visits + excluded.visits`,
        }),
      )
      .execute();
  }
  for (const part of chunks(daily, 300)) {
    await tx
      .insertInto('rollup_daily')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['day', 'pageid', 'adv', 'aid']).doUpdateSet({
          shows: sql`rollup_daily.shows + excluded.shows`,
          clicks: sql`rollup_daily.clicks + excluded.clicks`,
          visits: sql`rollup_daily.visits + excluded.visits`,
        }),
      )
      .execute();
  }
}
