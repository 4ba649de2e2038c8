import { expect } from 'vitest';
import type { Db } from '../../src/server/kernel/executor.ts';

const SUMS = ['orders', 'order_fen', 'paid_orders', 'paid_fen', 'commission_fen'] as const;
type Keyed = Record<string, number[]>;

/** (channel, account, day, customer) → sums, numbers as numbers (PostgreSQL's bigint comes back as text). */
const keyed = (rows: Array<Record<string, unknown>>): Keyed =>
  Object.fromEntries(
    rows
      .map((r) => [[r.channel, r.advertiser_id, r.day, r.customerid].map(String).join('|'), SUMS.map((s) => Number(r[s]))] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * `order_customer_days` (src/server/orders/customer-days.ts) equals the daily order facts added up per channel, account,
 * day and customer, row for row (a group whose sums went back to zero included). Returns how many rows it holds.
 */
export async function expectOrderCustomerDaysExact(db: Db): Promise<number> {
  const daily = await db
    .selectFrom('order_facts_daily')
    .select(['channel', 'advertiser_id', 'day', 'customerid'])
    .select((eb) => SUMS.map((s) => eb.fn.sum<number>(s).as(s)))
    .groupBy(['channel', 'advertiser_id', 'day', 'customerid'])
    .execute();
  const stored = await db.selectFrom('order_customer_days').selectAll().execute();
  expect(keyed(stored), 'order_customer_days vs the daily order facts').toEqual(keyed(daily));
  return stored.length;
}
