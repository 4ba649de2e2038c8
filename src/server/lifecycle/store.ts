/**
 * Deletions of the data lifecycle (docs/data-lifecycle.md), each one slice at a time so a run costs what it
 * deletes: tables with an increasing id are walked from their oldest id and stop at the first row younger than
 * the cutoff; bucketed tables (hourly rollups and facts) lose their oldest hour bucket per slice, read from an index
 * that leads with the bucket. Only the lifecycle job calls these.
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';

/** Tables whose rows only grow, with an id in arrival order and the time to age them by. */
export type IdTable = 'monitor_events' | 'visit_events' | 'monitor_rejects';
/** Tables of hourly buckets (`hour` column). */
export type HourTable = 'rollup_hourly' | 'ad_facts_hourly' | 'order_facts_hourly';

/** Delete up to `slice` of the oldest rows received before `cutoff`; true when younger rows (or none) remain. */
export async function pruneOldestById(db: Executor, table: IdTable, cutoff: number, slice: number): Promise<[number, boolean]> {
  const rows = await db.selectFrom(table).select(['id', 'received_at']).orderBy('id').limit(slice).execute();
  const old = rows.filter((r) => Number(r.received_at) < cutoff).map((r) => Number(r.id));
  if (old.length > 0) await db.deleteFrom(table).where('id', 'in', old).execute();
  return [old.length, old.length < slice];
}

/** Delete the oldest hour bucket before `cutoff`; 0 rows when none is left. `table`: an HourTable or one of its partitions. */
export async function pruneOldestHour(db: Executor, table: HourTable | string, cutoff: number): Promise<number> {
  const { rows } = await sql<{ hour: number | string | null }>`select min(hour) as hour from ${sql.table(table)}`.execute(db);
  const hour = rows[0]?.hour;
  if (hour === null || hour === undefined || Number(hour) >= cutoff) return 0;
  const r = await sql`delete from ${sql.table(table)} where hour = ${Number(hour)}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Delete up to `slice` click de-duplication keys first seen before `cutoff` (index on first_at). */
export async function pruneClickKeys(db: Executor, cutoff: number, slice: number): Promise<number> {
  const keys = await db
    .selectFrom('click_keys')
    .select(['pageid', 'key'])
    .where('first_at', '<', cutoff)
    .orderBy('first_at')
    .limit(slice)
    .execute();
  for (const k of keys) await db.deleteFrom('click_keys').where('pageid', '=', k.pageid).where('key', '=', k.key).execute();
  return keys.length;
}
