import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-27: per-plan sums over the preset periods of closed China days ending yesterday — `ad_plan_periods`
 * (`ads/plan-periods.ts`, issue 21 item 3: an admin sorting every customer's 100 000 plans by cost summed every
 * plan-day of the range before the first row could be chosen). One row per (period length in days, channel, plan);
 * an index per sortable ad sum led by (days, platform) gives a top-20 by an index range. `ad_plan_periods_state` is
 * the visible watermark: `through_day` = the last closed day the rows include (0 = not ready). Not back-filled here
 * (which day is yesterday is not a migration's to know): the `ads.plan-periods` job fills the table at its first
 * run, and the promotion list keeps the slow path until it has.
 */
export function adPlanPeriods(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ad_plan_periods')
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('cost_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('shows', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('conversions', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ad_plan_periods_pk', ['days', 'platform', 'plan_id'])
        .execute();
      for (const col of ['cost_fen', 'shows', 'clicks', 'conversions'])
        await db.schema.createIndex(`ad_plan_periods_${col}`).on('ad_plan_periods').columns(['days', 'platform', col]).execute();
      await db.schema
        .createTable('ad_plan_periods_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('through_day', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('rolled_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`insert into ad_plan_periods_state (id, through_day, rolled_at) values (1, 0, 0)`.execute(db);
    },
  };
}
