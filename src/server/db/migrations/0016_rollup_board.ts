import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/** What the boards read of a customer's daily link rollups (visits per link and item): keys and sums. */
const COVERED = ['pageid', 'adv', 'aid', 'shows', 'clicks', 'visits'] as const;

/**
 * Frozen 2026-11-23: the daily link rollups get the boards' covering index that the daily ad and order facts got in
 * 0012 (customer and day, every column summed or grouped by riding along — INCLUDE columns on PostgreSQL, trailing
 * key columns on SQLite). Without it an agent's 90-day item analysis looked up each of ~130 000 rollup rows in the
 * table (bench/README.md "Boards": visits by link 135 → 41 ms on SQLite).
 */
export function rollupBoard(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') {
        const include = sql.join(COVERED.map((c) => sql.ref(c)));
        await sql`create index rollup_daily_board on rollup_daily (customerid, day) include (${include})`.execute(db);
      } else {
        await db.schema
          .createIndex('rollup_daily_board')
          .on('rollup_daily')
          .columns(['customerid', 'day', ...COVERED])
          .execute();
      }
    },
  };
}
