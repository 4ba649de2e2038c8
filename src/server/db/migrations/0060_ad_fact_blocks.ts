import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/** What the boards and lists read of a block: the columns they filter, group and sum. */
const COVERED = [
  'platform',
  'advertiser_id',
  'campaign_id',
  'plan_id',
  'pageid',
  'days',
  'cost_fen',
  'shows',
  'clicks',
  'conversions',
] as const;
const DAY = 86_400;

/**
 * Frozen 2026-11-27: the daily ad facts added up over aligned blocks of 8 and 64 China days (`ads/blocks.ts`, issue
 * 21: an agent's 90-day read summed 180 000 plan-days), one row per plan and value of every column a reader narrows
 * by; back-filled here from every daily row that exists (day number n starts at n × 86 400 − 28 800, a block of
 * `len` days at a day number divisible by `len`). The boards' covering index as 0012 gave the daily facts.
 */
export function adFactBlocks(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ad_facts_blocks')
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('campaign_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('pageid', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('cost_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('shows', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('conversions', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ad_facts_blocks_pk', [
          'platform',
          'plan_id',
          'days',
          'day',
          'customerid',
          'advertiser_id',
          'campaign_id',
          'pageid',
        ])
        .execute();
      if (engine === 'postgres') {
        const include = sql.join(COVERED.map((c) => sql.ref(c)));
        await sql`create index ad_facts_blocks_board on ad_facts_blocks (customerid, day) include (${include})`.execute(db);
      } else {
        await db.schema
          .createIndex('ad_facts_blocks_board')
          .on('ad_facts_blocks')
          .columns(['customerid', 'day', ...COVERED])
          .execute();
      }
      for (const len of [8, 64]) {
        const start = sql`day - ((day + 28800) % ${sql.lit(len * DAY)})`;
        await sql`insert into ad_facts_blocks
            (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, days, day, cost_fen, shows, clicks, conversions)
          select platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${sql.lit(len)}, ${start},
            sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
          from ad_facts_daily
          group by platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${start}`.execute(db);
      }
    },
  };
}
