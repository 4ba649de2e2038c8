import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-30: every plan's ad and order sums over the preset periods of closed China days — `plan_period_sums`
 * (`ads/plan-period-sums.ts`, issue 21: an admin's list of every customer's plans over 7–90 days grouped every plan's
 * ad facts and order facts of the range, 56 + 90 ms of 176 at 90 days on SQLite at a tenth of the promised volumes).
 * One row per (period length in days, channel, plan, account, customer, source: 1 ad facts, 2 order facts); the key
 * is the read's group order, so a read by channel, plan and account adds both sources up as it reads, and a writer's
 * plans of a channel are index ranges. Not back-filled here: the
 * watermark shared with `ad_plan_periods` (0070) goes back to 0, so the `ads.plan-periods` job rebuilds both tables
 * from the daily facts at its first run (within a minute of start), and readers take the daily facts until it has.
 */
export function planPeriodSums(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema
        .createTable('plan_period_sums')
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('source', 'integer', (c) => c.notNull())
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull());
      for (const col of ['cost_fen', 'shows', 'clicks', 'conversions', 'orders', 'order_fen', 'paid_orders', 'paid_fen', 'commission_fen'])
        table = table.addColumn(col, 'bigint', (c) => c.notNull().defaultTo(0));
      await table
        .addPrimaryKeyConstraint('plan_period_sums_pk', ['days', 'channel', 'plan_id', 'advertiser_id', 'customerid', 'source'])
        .execute();
      await sql`update ad_plan_periods_state set through_day = 0 where id = 1`.execute(db);
    },
  };
}
