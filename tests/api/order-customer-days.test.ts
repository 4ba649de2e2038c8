/**
 * Migration 0077 (`order_customer_days`, src/server/orders/customer-days.ts) and the boards' reads of whole days of
 * order facts. On a database the previous version wrote (daily order facts only), the upgrade keeps every daily row and
 * back-fills the per-customer days equal to them; every board read narrowed only by customer, channel or account (the
 * day series, the total, the lists by customer and by account) answers after it what it answered from the daily facts
 * before it, and what the rows themselves add up to. Those reads do take the new rows: emptied, their answers change;
 * a read by plan or link still takes the daily rows. The writer keeping them in step is checked where orders are
 * ingested (orders-ingest-batch, orders-plans: `expectOrderCustomerDaysExact`).
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { orderCustomerDays } from '../../src/server/facts/days.ts';
import { sumsBy } from '../../src/server/facts/sums.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import type { OrderFactsDailyTable } from '../../src/server/orders/tables.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
import { expectOrderCustomerDaysExact } from '../support/order-customer-days.ts';
import { type ReadCase, readModelAnswers, rowAnswers } from '../support/per-customer-reads.ts';
import { acrossUpgrade } from '../support/upgrade.ts';

const DAY = 86_400;
const FIRST = chinaDayStart(1_790_000_000);
const DAYS = 12;

type Daily = OrderFactsDailyTable;

/** Three customers; accounts A (巨量, two customers), B (腾讯) and none (未归因); several links, items and plans a day; one row at zero. */
function dailyRows(): Daily[] {
  const out: Daily[] = [];
  for (let d = 0; d < DAYS; d++)
    for (const [i, [customerid, channel, adv, plan]] of (
      [
        [1, 2, 'A', 'p1'],
        [1, 2, 'A', 'p2'],
        [2, 2, 'A', 'p3'],
        [2, 4, 'B', 'p4'],
        [3, 0, '', ''],
        [3, 4, 'B', 'p5'],
      ] as const
    ).entries()) {
      if ((d + i) % 5 === 0) continue;
      const zero = d === 3 && i === 1;
      for (const item of ['i1', 'i2'])
        out.push({
          customerid,
          pageid: `L${i % 3}`,
          item_id: item,
          channel,
          advertiser_id: adv,
          campaign_id: plan ? 'c1' : '',
          plan_id: plan,
          day: FIRST + d * DAY,
          orders: zero ? 0 : 1 + ((d * 3 + i) % 4),
          order_fen: zero ? 0 : 1000 * (d + 1) + i * 17 + (item === 'i2' ? 3 : 0),
          paid_orders: zero ? 0 : (d + i) % 3,
          paid_fen: zero ? 0 : 900 * (d + 1) + i,
          commission_fen: zero ? 0 : 50 + d + i,
        });
    }
  return out;
}

/** Every day of the rows. */
const WHOLE = { from: FIRST, to: FIRST + DAYS * DAY };
/** Every read of whole days of four filters, four groupings and two spans. */
const CASE: ReadCase<Daily> = {
  filters: [
    { customers: null },
    { customers: [1, 2], channels: [2] },
    { customers: [2, 3], advertiserId: 'B' },
    { customers: [1, 2, 3], accounts: [{ channel: 2, advertiser_id: 'A' }] },
  ],
  reads: [
    [['bucket'], (r) => [String(r.day)]],
    [[], () => ['']],
    [['customer'], (r) => [String(r.customerid)]],
    [['channel', 'advertiser'], (r) => [String(r.channel), r.advertiser_id]],
  ],
  spans: [WHOLE, { from: FIRST + 2 * DAY, to: FIRST + 9 * DAY }],
};
/** Orders, order fen, paid orders, paid fen: of a group, of a daily row. */
const boardReads = (db: Db) =>
  readModelAnswers(db, CASE, { sources: ['order'] }, (g) => [g.sums.orders, g.sums.orderFen, g.sums.paidOrders, g.sums.paidFen]);
const expectedReads = (rows: readonly Daily[]) =>
  rowAnswers(
    rows,
    CASE,
    (r) => ({ at: r.day, customerid: r.customerid, channel: r.channel, advertiser_id: r.advertiser_id }),
    (r) => [r.orders, r.order_fen, r.paid_orders, r.paid_fen],
  );

describe.each(dialects())('order facts per customer and day over 0077 on $name', (dialect) => {
  afterEach(() => {
    orderCustomerDays.on = true;
  });

  it('the upgrade back-fills them from the daily facts; the boards read them and answer what the daily facts say', async () => {
    const h = await databaseAt(dialect.name, '0076_orders_item_created');
    try {
      const db = h.db;
      const rows = dailyRows();
      await db.insertInto('order_facts_daily').values(rows).execute();
      const daily = async () =>
        (await sql<Record<string, unknown>>`select * from order_facts_daily`.execute(db)).rows
          .map((r) => JSON.stringify(Object.values(r).map(String)))
          .sort();
      // before the upgrade the reads can only take the daily facts; after it, the per-customer days
      let upgraded = false;
      orderCustomerDays.on = false;
      const read = async () => {
        orderCustomerDays.on = upgraded;
        upgraded = true;
        return boardReads(db);
      };
      const answers = await acrossUpgrade(h, daily, read);
      expect(answers).toEqual(expectedReads(rows));
      // every group of the daily rows, the one at zero too
      expect(await expectOrderCustomerDaysExact(db)).toBe(
        new Set(rows.map((r) => [r.channel, r.advertiser_id, r.day, r.customerid].join())).size,
      );

      // the reads took the new rows: without them the answers change; a read by plan still takes the daily rows
      const byPlan = await sumsBy(db, WHOLE, { customers: null }, ['channel', 'advertiser', 'plan'], { sources: ['order'] });
      await sql`delete from order_customer_days`.execute(db);
      expect(await boardReads(db)).not.toEqual(answers);
      expect(await sumsBy(db, WHOLE, { customers: null }, ['channel', 'advertiser', 'plan'], { sources: ['order'] })).toEqual(byPlan);
    } finally {
      await h.close();
    }
  });
});
