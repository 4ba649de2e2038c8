/**
 * Migration 0078 (`ad_customer_hours`, src/server/ads/customer-hours.ts) and the boards' reads of hours of ad facts. On
 * a database the previous version wrote (hourly ad facts), the upgrade keeps every hourly row and back-fills the
 * per-customer hours equal to them; every read by hour narrowed only by customer, channel or account (a board's hourly
 * series, its total of part of a day, the lists by customer and by account) answers after it what it answered from the
 * hourly facts before it, and what the rows themselves add up to. Those reads do take the new rows: emptied, their
 * answers change; a read by plan still takes the hourly rows. The writer keeping them in step is checked where the
 * report sync writes (ad-fact-blocks: `expectAdCustomerHoursExact`), and retention in lifecycle.test.ts.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdFactsHourlyTable } from '../../src/server/ads/tables.ts';
import { customerHours } from '../../src/server/facts/days.ts';
import { sumsBy } from '../../src/server/facts/sums.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { expectAdCustomerHoursExact } from '../support/ad-customer-hours.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
import { type ReadCase, readModelAnswers, rowAnswers } from '../support/per-customer-reads.ts';
import { acrossUpgrade } from '../support/upgrade.ts';

const HOUR = 3600;
const FIRST = chinaDayStart(1_790_000_000);
const HOURS = 30;

type Hourly = AdFactsHourlyTable;

/** Three customers; accounts A (巨量, two customers), B (腾讯) and C (快手); several plans an hour; one hour at zero. */
function hourlyRows(): Hourly[] {
  const out: Hourly[] = [];
  for (let h = 0; h < HOURS; h++)
    for (const [i, [customerid, platform, adv, plan]] of (
      [
        [1, 2, 'A', 'p1'],
        [1, 2, 'A', 'p2'],
        [2, 2, 'A', 'p3'],
        [2, 4, 'B', 'p4'],
        [3, 4, 'B', 'p5'],
        [3, 3, 'C', 'p6'],
      ] as const
    ).entries()) {
      if ((h + i) % 4 === 0) continue;
      const zero = h === 5 && i === 1;
      out.push({
        platform,
        advertiser_id: adv,
        customerid,
        campaign_id: 'c1',
        plan_id: plan,
        pageid: `L${i % 3}`,
        hour: FIRST + h * HOUR,
        cost_fen: zero ? 0 : 100 * (h + 1) + i * 7,
        shows: zero ? 0 : 50 + h + i,
        clicks: zero ? 0 : (h + i) % 5,
        conversions: zero ? 0 : (h * i) % 3,
        synced_at: FIRST + HOURS * HOUR,
      });
    }
  return out;
}

/** Every read by hour of four filters, four groupings and three spans: a morning, a whole day and hours across two days. */
const CASE: ReadCase<Hourly> = {
  filters: [
    { customers: null },
    { customers: [1, 2], channels: [2] },
    { customers: [2, 3], advertiserId: 'B' },
    { customers: [1, 2, 3], accounts: [{ channel: 4, advertiser_id: 'B' }] },
  ],
  reads: [
    [['bucket'], (r) => [String(r.hour)]],
    [[], () => ['']],
    [['customer'], (r) => [String(r.customerid)]],
    [['channel', 'advertiser'], (r) => [String(r.platform), r.advertiser_id]],
  ],
  spans: [
    { from: FIRST, to: FIRST + 12 * HOUR },
    { from: FIRST, to: FIRST + 24 * HOUR },
    { from: FIRST + 20 * HOUR, to: FIRST + 27 * HOUR },
  ],
};
/** Cost, shows, clicks, conversions: of a group, of an hourly row. */
const hourReads = (db: Db) =>
  readModelAnswers(db, CASE, { sources: ['ad'], granularity: 'hour' }, (g) => [
    g.sums.costFen,
    g.sums.shows,
    g.sums.clicks,
    g.sums.conversions,
  ]);
const expectedReads = (rows: readonly Hourly[]) =>
  rowAnswers(
    rows,
    CASE,
    (r) => ({ at: r.hour, customerid: r.customerid, channel: r.platform, advertiser_id: r.advertiser_id }),
    (r) => [r.cost_fen, r.shows, r.clicks, r.conversions],
  );

describe.each(dialects())('ad facts per customer and hour over 0078 on $name', (dialect) => {
  afterEach(() => {
    customerHours.on = true;
  });

  it('the upgrade back-fills them from the hourly facts; the boards read them by hour and answer what the hourly facts say', async () => {
    const h = await databaseAt(dialect.name, '0077_order_customer_days');
    try {
      const db = h.db;
      const rows = hourlyRows();
      await db.insertInto('ad_facts_hourly').values(rows).execute();
      const hourly = async () =>
        (await sql<Record<string, unknown>>`select * from ad_facts_hourly`.execute(db)).rows
          .map((r) => JSON.stringify(Object.values(r).map(String)))
          .sort();
      // before the upgrade the reads can only take the hourly facts; after it, the per-customer hours
      let upgraded = false;
      customerHours.on = false;
      const read = async () => {
        customerHours.on = upgraded;
        upgraded = true;
        return hourReads(db);
      };
      const answers = await acrossUpgrade(h, hourly, read);
      expect(answers).toEqual(expectedReads(rows));
      // every group of the hourly rows, the one at zero too
      expect(await expectAdCustomerHoursExact(db)).toBe(
        new Set(rows.map((r) => [r.platform, r.advertiser_id, r.hour, r.customerid].join())).size,
      );

      // the reads took the new rows: without them the answers change; a read by plan still takes the hourly rows
      const span = { from: FIRST, to: FIRST + 24 * HOUR };
      const byPlan = await sumsBy(db, span, { customers: null }, ['channel', 'plan'], { sources: ['ad'], granularity: 'hour' });
      await sql`delete from ad_customer_hours`.execute(db);
      expect(await hourReads(db)).not.toEqual(answers);
      expect(await sumsBy(db, span, { customers: null }, ['channel', 'plan'], { sources: ['ad'], granularity: 'hour' })).toEqual(byPlan);
    } finally {
      await h.close();
    }
  });
});
