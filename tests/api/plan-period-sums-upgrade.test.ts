/**
 * Migration 0079 (`plan_period_sums`, src/server/ads/plan-period-sums.ts) on a database the previous version wrote:
 * daily ad facts with their blocks, daily order facts, and the per-plan periods rolled to yesterday. The upgrade keeps
 * every daily row and every `ad_plan_periods` row, and sets the watermark back to 0: until the job rolls, the admins'
 * reads take the daily facts and answer what they answered before; the roll rebuilds both tables (the new one equal to
 * the daily facts of each period), and the same reads then take the new rows and still answer the same.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rebuildAllBlocks } from '../../src/server/ads/blocks.ts';
import { periodSumsKept } from '../../src/server/ads/plan-period-sums.ts';
import { planPeriodsThrough, rollPlanPeriods } from '../../src/server/ads/plan-periods.ts';
import { periodSums } from '../../src/server/facts/period-sums.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { testClock } from '../support/clock.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
import { expectOrderCustomerDaysExact } from '../support/order-customer-days.ts';
import { expectPeriodReadsEqualDaily, expectPlanPeriodSumsExact, PERIOD_READS, periodReads } from '../support/plan-period-sums.ts';
import { acrossUpgrade } from '../support/upgrade.ts';

const DAY = 86_400;
const SLOW = 120_000;

describe.each(dialects())('plan period sums over 0079 on $name', (dialect) => {
  beforeEach(() => {
    periodSumsKept.postgres = true; // the rows checked on every engine (the product keeps them on SQLite only)
  });
  afterEach(() => {
    periodSums.on = true;
    periodSumsKept.postgres = false;
  });

  it(
    'the upgrade keeps every row and hands the periods to the job; its roll fills them and the reads answer the same',
    async () => {
      const now = testClock().now();
      const today = chinaDayStart(now);
      const h = await databaseAt(dialect.name, '0078_ad_customer_hours');
      try {
        const db = h.db;
        for (let d = 0; d <= 95; d++) {
          const day = today - 95 * DAY + d * DAY;
          for (const [i, [adv, plan, customerid]] of (
            [
              ['A', 'p1', 1],
              ['A', 'p2', 1],
              ['B', 'p3', 2],
            ] as const
          ).entries()) {
            if ((d + i) % 6 === 0) continue;
            await sql`insert into ad_facts_daily (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day, cost_fen, shows, clicks, conversions, synced_at)
              values (2, ${adv}, ${customerid}, 'c1', ${plan}, '', ${day}, ${100 + d + i}, ${10 + i}, ${1 + (d % 3)}, ${i}, ${day})`.execute(
              db,
            );
            await sql`insert into order_facts_daily (customerid, pageid, item_id, channel, advertiser_id, campaign_id, plan_id, day, orders, order_fen, paid_orders, paid_fen, commission_fen)
              values (${customerid}, 'L1', 'i1', 2, ${adv}, 'c1', ${plan}, ${day}, ${1 + (d % 2)}, ${900 + d}, ${d % 2}, ${(d % 2) * (900 + d)}, ${d % 2})`.execute(
              db,
            );
          }
          await sql`insert into order_facts_daily (customerid, pageid, item_id, channel, advertiser_id, campaign_id, plan_id, day, orders, order_fen, paid_orders, paid_fen, commission_fen)
            values (3, 'L9', 'i9', 0, '', '', '', ${day}, 1, ${50 + d}, 1, ${50 + d}, 0)`.execute(db);
        }
        // the day blocks and per-customer days in step with the daily rows, as their writers keep them
        await rebuildAllBlocks(db);
        await sql`insert into order_customer_days (channel, advertiser_id, day, customerid, orders, order_fen, paid_orders, paid_fen, commission_fen)
          select channel, advertiser_id, day, customerid, sum(orders), sum(order_fen), sum(paid_orders), sum(paid_fen), sum(commission_fen)
          from order_facts_daily group by channel, advertiser_id, day, customerid`.execute(db);
        await expectOrderCustomerDaysExact(db);
        await sql`insert into ad_plan_periods (days, platform, plan_id, cost_fen, shows, clicks, conversions)
          values (6, 2, 'p1', 5, 1, 1, 0)`.execute(db);
        await sql`update ad_plan_periods_state set through_day = ${today - DAY} where id = 1`.execute(db);
        const rows = async () => {
          const all = [];
          for (const table of ['ad_facts_daily', 'order_facts_daily', 'ad_plan_periods'])
            all.push(
              (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows
                .map((r) => JSON.stringify(Object.values(r).map(String)))
                .sort(),
            );
          return all;
        };
        // before the upgrade there is no table to read; after it, the watermark is 0: the daily facts answer
        periodSums.on = false;
        const answers = await acrossUpgrade(h, rows, async () => {
          const a = await periodReads(db, now);
          periodSums.on = true;
          return a;
        });
        expect(await planPeriodsThrough(db)).toBe(0);
        expect(await expectPeriodReadsEqualDaily(db, now)).toBe(0);
        await db.transaction().execute((tx) => rollPlanPeriods(tx, today - DAY, 0));
        expect(await expectPlanPeriodSumsExact(db)).toBeGreaterThan(0);
        expect(await expectPeriodReadsEqualDaily(db, now)).toBe(PERIOD_READS);
        expect(await periodReads(db, now)).toEqual(answers);
        // the reads took the new rows: emptied, the answers change
        await sql`delete from plan_period_sums`.execute(db);
        expect(await periodReads(db, now)).not.toEqual(answers);
      } finally {
        await h.close();
      }
    },
    SLOW,
  );
});
