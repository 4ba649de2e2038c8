/**
 * Where the tracking processor stands: one high-water mark per raw table (`tracking_progress`: every row with an id
 * up to `done_id` is processed), the ceiling below which every raw row is committed, and the backlog read from ids —
 * never a count. Queries only; the processor (processor.ts) and the lag gauge (lag.ts) decide what to do.
 *
 * The ceiling: on SQLite one writer commits at a time, in id order, so the largest id is the ceiling. On PostgreSQL
 * ids come from a sequence when a row is inserted while transactions commit in any order, so a raw batch that took
 * ids 100–199 may commit after one that took 200–299. Every raw batch therefore holds a shared advisory lock
 * (`lockRawWriters`) and the ceiling is read under the exclusive one: it waits for the batches in flight (a few
 * milliseconds), and ids taken after it are larger than any it saw.
 */
import { sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';

export type RawTable = 'monitor_raw' | 'landing_visits';
export const RAW_TABLES: readonly RawTable[] = ['monitor_raw', 'landing_visits'];

/** An id per raw table: marks, ceilings. */
export type Ids = Record<RawTable, number>;

/** Advisory lock key of the raw writers (shared) and the ceiling reader (exclusive). */
const RAW_WRITERS_LOCK = 74020002;

/** Taken first by every transaction that inserts raw rows (PostgreSQL; SQLite has one writer anyway). */
export async function lockRawWriters(tx: Executor, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock_shared(${RAW_WRITERS_LOCK})`.execute(tx);
}

async function maxIds(db: Executor): Promise<Ids> {
  const { rows } = await sql<{ m: number | null; v: number | null }>`
    select (select max(id) from monitor_raw) as m, (select max(id) from landing_visits) as v`.execute(db);
  return { monitor_raw: Number(rows[0]?.m ?? 0), landing_visits: Number(rows[0]?.v ?? 0) };
}

/** The largest ids below which every raw row has committed. */
export async function committedCeilings(db: Executor, engine: Engine): Promise<Ids> {
  if (engine !== 'postgres') return maxIds(db);
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${RAW_WRITERS_LOCK})`.execute(tx);
    return maxIds(tx);
  });
}

export async function readMarks(db: Executor): Promise<Ids> {
  const rows = await db.selectFrom('tracking_progress').select(['source', 'done_id']).execute();
  const marks: Ids = { monitor_raw: 0, landing_visits: 0 };
  for (const r of rows) if (r.source === 'monitor_raw' || r.source === 'landing_visits') marks[r.source] = Number(r.done_id);
  return marks;
}

/**
 * Move the marks from `from` to `to` — only if they still read `from` (another node's processor may have moved them
 * since this slice was read). False: nothing changed, the caller rolls its transaction back.
 */
export async function advanceMarks(tx: Executor, from: Ids, to: Ids, now: number): Promise<boolean> {
  for (const source of RAW_TABLES) {
    if (to[source] === from[source]) continue;
    const r = await tx
      .updateTable('tracking_progress')
      .set({ done_id: to[source], updated_at: now })
      .where('source', '=', source)
      .where('done_id', '=', from[source])
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
  }
  return true;
}

/** Raw pings after `mark`, up to `ceiling`, in id order. */
export const pingsAfter = (db: Executor, mark: number, ceiling: number, limit: number) =>
  db
    .selectFrom('monitor_raw')
    .select(['id', 'kind', 'pageid', 'query', 'ip', 'ua', 'received_at', 'processed'])
    .where('id', '>', mark)
    .where('id', '<=', ceiling)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Raw visits after `mark`, up to `ceiling`, in id order. */
export const visitsAfter = (db: Executor, mark: number, ceiling: number, limit: number) =>
  db
    .selectFrom('landing_visits')
    .select(['id', 'pageid', 'query', 'ip', 'ua', 'received_at', 'processed'])
    .where('id', '>', mark)
    .where('id', '<=', ceiling)
    .orderBy('id')
    .limit(limit)
    .execute();

/** When the oldest raw row after `mark` arrived (epoch seconds), null when none waits. One primary-key step. */
export async function oldestAfter(db: Executor, table: RawTable, mark: number): Promise<number | null> {
  const row = await db.selectFrom(table).select('received_at').where('id', '>', mark).orderBy('id').limit(1).executeTakeFirst();
  return row ? Number(row.received_at) : null;
}

/**
 * Retention: delete up to `slice` of the oldest processed raw rows (ids up to the mark) received before `cutoff`, as
 * one id range. `part`: the raw table, or on PostgreSQL one of its partitions (tracking/retention.ts). Returns
 * [deleted, reachedYoungerRows].
 */
export async function pruneProcessedRange(
  db: Executor,
  part: RawTable | string,
  mark: number,
  cutoff: number,
  slice: number,
): Promise<[number, boolean]> {
  const table = sql.table(part);
  const { rows } = await sql<{ id: number | string; received_at: number | string }>`
    select id, received_at from ${table} where id <= ${mark} order by id limit ${slice}`.execute(db);
  let last = -1;
  let n = 0;
  for (const r of rows) {
    if (Number(r.received_at) >= cutoff) break;
    last = Number(r.id);
    n += 1;
  }
  if (n > 0) await sql`delete from ${table} where id <= ${last}`.execute(db);
  return [n, n < slice];
}
