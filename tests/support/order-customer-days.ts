import type { Db } from '../../src/server/kernel/executor.ts';
import { expectGroupedExact } from './per-customer-rows.ts';

/**
 * `order_customer_days` (src/server/orders/customer-days.ts) equals the daily order facts added up per channel, account,
 * day and customer, row for row (a group whose sums went back to zero included). Returns how many rows it holds.
 */
export const expectOrderCustomerDaysExact = (db: Db): Promise<number> =>
  expectGroupedExact(db, {
    derived: 'order_customer_days',
    source: 'order_facts_daily',
    key: ['channel', 'advertiser_id', 'day', 'customerid'],
    sums: ['orders', 'order_fen', 'paid_orders', 'paid_fen', 'commission_fen'],
  });
