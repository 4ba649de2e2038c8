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
import { byCustomerRows, customerHours } from '../../src/server/facts/days.ts';
import type { FactFilter, KeyPart } from '../../src/server/facts/query.ts';
import { rowKey, sumsBy } from '../../src/server/facts/sums.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { expectAdCustomerHoursExact } from '../support/ad-customer-hours.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
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

const FILTERS: FactFilter[] = [
  { customers: null },
  { customers: [1, 2], channels: [2] },
  { customers: [2, 3], advertiserId: 'B' },
  { customers: [1, 2, 3], accounts: [{ channel: 4, advertiser_id: 'B' }] },
];
const READS: [KeyPart[], (r: Hourly) => string[]][] = [
  [['bucket'], (r) => [String(r.hour)]],
  [[], () => ['']],
  [['customer'], (r) => [String(r.customerid)]],
  [['channel', 'advertiser'], (r) => [String(r.platform), r.advertiser_id]],
];
/** Today's morning as a board reads it by hour, a whole day by hour, and hours across two days. */
const SPANS = [
  { from: FIRST, to: FIRST + 12 * HOUR },
  { from: FIRST, to: FIRST + 24 * HOUR },
  { from: FIRST + 20 * HOUR, to: FIRST + 27 * HOUR },
];

/** Every read of FILTERS × READS × SPANS by hour: group → [cost, shows, clicks, conversions] (zero groups left out). */
async function hourReads(db: Db): Promise<Record<string, Record<string, number[]>>> {
  const out: Record<string, Record<string, number[]>> = {};
  for (const [s, span] of SPANS.entries())
    for (const [fi, f] of FILTERS.entries())
      for (const [parts] of READS) {
        expect(byCustomerRows(parts, f)).toBe(true);
        const groups = await sumsBy(db, span, f, parts, { sources: ['ad'], granularity: 'hour' });
        const sums: Record<string, number[]> = {};
        for (const [k, g] of groups) {
          const v = [g.sums.costFen, g.sums.shows, g.sums.clicks, g.sums.conversions];
          if (v.some((x) => x !== 0)) sums[k] = v;
        }
        out[`${s}|${fi}|${parts.join(',')}`] = sums;
      }
  return out;
}

/** The same reads, added up here from the rows. */
function expectedReads(rows: readonly Hourly[]): Record<string, Record<string, number[]>> {
  const out: Record<string, Record<string, number[]>> = {};
  for (const [s, span] of SPANS.entries())
    for (const [fi, f] of FILTERS.entries())
      for (const [parts, keyOf] of READS) {
        const sums: Record<string, number[]> = {};
        for (const r of rows) {
          if (r.hour < span.from || r.hour >= span.to || (f.customers && !f.customers.includes(r.customerid))) continue;
          if (f.channels && !f.channels.includes(r.platform)) continue;
          if (f.advertiserId !== undefined && r.advertiser_id !== f.advertiserId) continue;
          if (f.accounts && !f.accounts.some((a) => a.channel === r.platform && a.advertiser_id === r.advertiser_id)) continue;
          const k = rowKey(keyOf(r));
          const v = sums[k] ?? [0, 0, 0, 0];
          sums[k] = [v[0]! + r.cost_fen, v[1]! + r.shows, v[2]! + r.clicks, v[3]! + r.conversions];
        }
        for (const [k, v] of Object.entries(sums)) if (v.every((x) => x === 0)) delete sums[k];
        out[`${s}|${fi}|${parts.join(',')}`] = sums;
      }
  return out;
}

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
      const span = SPANS[1]!;
      const byPlan = await sumsBy(db, span, { customers: null }, ['channel', 'plan'], { sources: ['ad'], granularity: 'hour' });
      await sql`delete from ad_customer_hours`.execute(db);
      expect(await hourReads(db)).not.toEqual(answers);
      expect(await sumsBy(db, span, { customers: null }, ['channel', 'plan'], { sources: ['ad'], granularity: 'hour' })).toEqual(byPlan);
    } finally {
      await h.close();
    }
  });
});
