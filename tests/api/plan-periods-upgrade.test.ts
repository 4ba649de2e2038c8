/**
 * Upgrades that meet the per-plan preset periods (`ad_plan_periods`, src/server/ads/plan-periods.ts): from 0067, 0070
 * creates the table not ready (slow path) until the job rolls; from 0073, 0074 back-fills today's rows from the daily
 * rows of the day after the watermark, so the admin's fast path reads the same sums as the slow one at once; 0079 sets
 * the watermark back to 0 for the job to rebuild the periods with `plan_period_sums` (plan-period-sums-upgrade.test.ts).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rebuildAllBlocks } from '../../src/server/ads/blocks.ts';
import { planPeriodRolls, planPeriodsThrough, rollPlanPeriods, TODAY } from '../../src/server/ads/plan-periods.ts';
import { migrateToLatest } from '../../src/server/db/index.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { testClock } from '../support/clock.ts';
import { databaseAt, dialects, migrateUpTo } from '../support/dialects.ts';

const DAY = 86_400;
const num = (v: unknown) => Number(v);
const SLOW = 120_000;

describe.each(dialects())('per-plan preset periods, upgraded ($name)', (dialect) => {
  const today = chinaDayStart(testClock().now());
  const daily = (db: Parameters<typeof rebuildAllBlocks>[0], advertiser: string, plan: string, day: number, cost: number) =>
    sql`insert into ad_facts_daily (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day, cost_fen, shows, clicks, conversions, synced_at)
      values (2, ${advertiser}, 1, 'c', ${plan}, '', ${day}, ${cost}, 1, 1, 0, 0)`.execute(db);
  /** Every stored row as [days, plan, cost], in (days, plan) order. */
  const stored = async (db: Parameters<typeof rebuildAllBlocks>[0]) =>
    (await db.selectFrom('ad_plan_periods').selectAll().orderBy('days').orderBy('plan_id').execute()).map((r) => [
      num(r.days),
      r.plan_id,
      num(r.cost_fen),
    ]);

  it(
    'upgrade from 0067 with daily facts: 0070 creates the table not ready; the roll back-fills it',
    async () => {
      const h = await databaseAt(dialect.name, '0067_partitioned_facts');
      try {
        const yesterday = today - DAY;
        for (const [plan, day, cost] of [
          ['x1', yesterday, 5],
          ['x1', yesterday - 40 * DAY, 7],
          ['x2', yesterday - 3 * DAY, 9],
        ] as const)
          await daily(h.db, 'A', plan, day, cost);
        await rebuildAllBlocks(h.db); // the day blocks are in step with the daily rows (their writers keep them so)
        await migrateToLatest(h);
        expect(await planPeriodsThrough(h.db)).toBe(0);
        expect(await stored(h.db)).toEqual([]);
        await h.db.transaction().execute((tx) => rollPlanPeriods(tx, yesterday, 0));
        expect(await stored(h.db)).toEqual([
          [6, 'x1', 5],
          [6, 'x2', 9],
          [14, 'x1', 5],
          [14, 'x2', 9],
          [29, 'x1', 5],
          [29, 'x2', 9],
          [89, 'x1', 12],
          [89, 'x2', 9],
        ]);
        // three day changes slide the rows: x2's one day leaves the 6-day period, and its row there goes with it
        const slides = planPeriodRolls.slides;
        for (let d = 1; d <= 3; d++) await h.db.transaction().execute((tx) => rollPlanPeriods(tx, yesterday + d * DAY, 0));
        expect(planPeriodRolls.slides - slides).toBe(3);
        expect(await stored(h.db)).toEqual([
          [6, 'x1', 5],
          [14, 'x1', 5],
          [14, 'x2', 9],
          [29, 'x1', 5],
          [29, 'x2', 9],
          [89, 'x1', 12],
          [89, 'x2', 9],
        ]);
      } finally {
        await h.close();
      }
    },
    SLOW,
  );

  it(
    "upgrade from 0073 with the periods rolled: 0074 back-fills today's rows from the daily rows after the watermark",
    async () => {
      for (const through of [today - DAY, 0]) {
        const h = await databaseAt(dialect.name, '0073_orders_paid_cover');
        try {
          // as the previous version left it: the periods rolled to end `through` (0: never rolled), no rows of today
          await daily(h.db, 'A', 'x1', today - DAY, 5);
          await daily(h.db, 'A', 'x1', today, 11);
          await daily(h.db, 'A', 'x2', today, 3);
          await daily(h.db, 'A', 'x3', today + DAY, 99); // a day after today: no row of today
          await sql`insert into ad_plan_periods (days, platform, plan_id, cost_fen, shows, clicks, conversions)
            values (6, 2, 'x1', 5, 1, 1, 0)`.execute(h.db);
          await sql`update ad_plan_periods_state set through_day = ${through} where id = 1`.execute(h.db);
          await migrateUpTo(h, '0078_ad_customer_hours');
          const want = through
            ? [
                [TODAY, 'x1', 11],
                [TODAY, 'x2', 3],
                [6, 'x1', 5],
              ]
            : [[6, 'x1', 5]];
          expect(await stored(h.db)).toEqual(want);
          expect(await planPeriodsThrough(h.db)).toBe(through);
          // 0079 hands the periods back to the job (it rebuilds them with plan_period_sums): the rows stay, unread
          await migrateToLatest(h);
          expect(await stored(h.db)).toEqual(want);
          expect(await planPeriodsThrough(h.db)).toBe(0);
        } finally {
          await h.close();
        }
      }
    },
    SLOW,
  );
});
