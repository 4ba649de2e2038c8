import { expect } from 'vitest';
import type { Db } from '../../src/server/kernel/executor.ts';

const SUMS = ['cost_fen', 'shows', 'clicks', 'conversions'] as const;
type Keyed = Record<string, number[]>;

/** (channel, account, hour, customer) → sums, numbers as numbers (PostgreSQL's bigint comes back as text). */
const keyed = (rows: Array<Record<string, unknown>>): Keyed =>
  Object.fromEntries(
    rows
      .map((r) => [[r.platform, r.advertiser_id, r.hour, r.customerid].map(String).join('|'), SUMS.map((s) => Number(r[s]))] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * `ad_customer_hours` (src/server/ads/customer-hours.ts) equals the hourly ad facts added up per channel, account, hour
 * and customer, row for row (an hour whose sums are zero included). Returns how many rows it holds.
 */
export async function expectAdCustomerHoursExact(db: Db): Promise<number> {
  const hourly = await db
    .selectFrom('ad_facts_hourly')
    .select(['platform', 'advertiser_id', 'hour', 'customerid'])
    .select((eb) => SUMS.map((s) => eb.fn.sum<number>(s).as(s)))
    .groupBy(['platform', 'advertiser_id', 'hour', 'customerid'])
    .execute();
  const stored = await db.selectFrom('ad_customer_hours').selectAll().execute();
  expect(keyed(stored), 'ad_customer_hours vs the hourly ad facts').toEqual(keyed(hourly));
  return stored.length;
}
