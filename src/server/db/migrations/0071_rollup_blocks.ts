import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/** What the boards read of the daily link rollups and their blocks: keys and the sums they add (facts/query.ts). */
const COVERED = ['pageid', 'adv', 'aid', 'shows', 'clicks', 'visits', 'invalid_clicks'] as const;
const COUNTS = ['shows', 'clicks', 'visits', 'invalid_shows', 'invalid_clicks', 'invalid_visits'] as const;
const DAY = 86_400;

/** `create index <name> on <table> (customerid, <lead>) …covered`: INCLUDE columns on PostgreSQL, trailing keys on SQLite. */
async function boardIndex(db: Kysely<unknown>, engine: Engine, name: string, table: string, lead: readonly string[]): Promise<void> {
  const covered = COVERED.filter((c) => !lead.includes(c));
  if (engine === 'postgres') {
    const keys = sql.join(['customerid', ...lead].map((c) => sql.ref(c)));
    await sql`create index ${sql.ref(name)} on ${sql.table(table)} (${keys}) include (${sql.join(covered.map((c) => sql.ref(c)))})`.execute(
      db,
    );
  } else {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(['customerid', ...lead, ...covered])
      .execute();
  }
}

/**
 * Frozen 2026-11-28: the daily link rollups added up over aligned blocks of 8 and 64 China days (`rollup_blocks`,
 * tracking/rollup-blocks.ts, issue 21: an agent's 90-day item analysis read ≈ 128 000 link-plan-days of rollups),
 * one row per block and (link, account, plan, customer) — every column a rollup reader narrows by. Counts are added
 * by the rollups' one writer (`addRollups`) in its transaction; back-filled here from every daily row that exists
 * (day number n starts at n × 86 400 − 28 800, a block of `len` days at a day number divisible by `len`). And the
 * daily rollups' board index (0016) is made again with `invalid_clicks`, which every rollup read sums since 0065: without
 * it each row of a range was looked up in the table.
 */
export function rollupBlocks(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema
        .createTable('rollup_blocks')
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('pageid', 'text', (c) => c.notNull())
        .addColumn('adv', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('aid', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('customerid', 'integer', (c) => c.notNull());
      for (const c of COUNTS) table = table.addColumn(c, 'bigint', (col) => col.notNull().defaultTo(0));
      await table.addPrimaryKeyConstraint('rollup_blocks_pk', ['pageid', 'adv', 'aid', 'customerid', 'days', 'day']).execute();
      await boardIndex(db, engine, 'rollup_blocks_board', 'rollup_blocks', ['days', 'day']);
      await sql`drop index rollup_daily_board`.execute(db);
      await boardIndex(db, engine, 'rollup_daily_board', 'rollup_daily', ['day']);
      const counts = sql.join(COUNTS.map((c) => sql.ref(c)));
      const sums = sql.join(COUNTS.map((c) => sql`sum(${sql.ref(c)})`));
      for (const len of [8, 64]) {
        const start = sql`day - ((day + 28800) % ${sql.lit(len * DAY)})`;
        await sql`insert into rollup_blocks (days, day, pageid, adv, aid, customerid, ${counts})
          select ${sql.lit(len)}, ${start}, pageid, adv, aid, customerid, ${sums}
          from rollup_daily
          group by ${start}, pageid, adv, aid, customerid`.execute(db);
      }
    },
  };
}
