import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

const RAW = ['monitor_raw', 'landing_visits'] as const;

/**
 * Frozen 2026-11-24: the tracking processor keeps its position as a high-water mark per raw table (raw rows with an
 * id up to `done_id` are processed) instead of setting `processed = 1` on every row — the update rewrote each raw
 * row and moved its entry in the `…_todo` index, on tables of millions of rows (bench/README.md "Tracking
 * processor"). The mark starts just before the oldest unprocessed row (or at the last row when none waits). Rows
 * above it that the previous version had already processed keep `processed = 1` and are skipped, so a backlog
 * written by the previous version is processed exactly once. The `…_todo` indexes go: nothing reads by the flag
 * any more, and every ping paid for them on insert.
 */
export function trackingProgress(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('tracking_progress')
        .addColumn('source', 'text', (c) => c.primaryKey())
        .addColumn('done_id', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const table of RAW) {
        const t = sql.table(table);
        const { rows } = await sql<{ waiting: number | null; last: number | null }>`
          select (select min(id) from ${t} where processed = 0) as waiting, (select max(id) from ${t}) as last`.execute(db);
        const r = rows[0];
        const done = r?.waiting != null ? Number(r.waiting) - 1 : Number(r?.last ?? 0);
        await sql`insert into tracking_progress (source, done_id, updated_at) values (${table}, ${done}, 0)`.execute(db);
        await db.schema.dropIndex(`${table}_todo`).execute();
      }
    },
  };
}
