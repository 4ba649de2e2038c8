import type { Db } from '../../src/server/kernel/executor.ts';
import { expectGroupedExact } from './per-customer-rows.ts';

/**
 * `ad_customer_hours` (src/server/ads/customer-hours.ts) equals the hourly ad facts added up per channel, account, hour
 * and customer, row for row (an hour whose sums are zero included). Returns how many rows it holds.
 */
export const expectAdCustomerHoursExact = (db: Db): Promise<number> =>
  expectGroupedExact(db, {
    derived: 'ad_customer_hours',
    source: 'ad_facts_hourly',
    key: ['platform', 'advertiser_id', 'hour', 'customerid'],
    sums: ['cost_fen', 'shows', 'clicks', 'conversions'],
  });
