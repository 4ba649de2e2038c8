/**
 * A read of every customer's link rollups (an admin's item analysis, ranked links and items) as a read of the
 * customers that have rollups. The rollups' covering indexes are led by the customer (`rollup_daily_board`,
 * `rollup_blocks_board`, migration 0071), and no index of theirs is led by the day: without a customer, SQLite took the
 * day range of the primary key and looked up each row, and each block branch scanned its table (bench/README.md "The
 * admin at 0.1"). With the list, every customer's read is the agent's read — a range of the covering index per
 * customer. The list is the rollups' own: a loose scan of the customer index, one seek per customer, so no row of the
 * table has a customer outside it (a block row holds the customer of its daily rows: tracking/rollup-blocks.ts;
 * db/loose-scan.ts).
 */
import { distinctValues } from '../db/loose-scan.ts';
import type { Executor } from '../kernel/executor.ts';

/** Whether every customer's rollups are read by their customers' index ranges (always, in the product; off in benchmarks). */
export const customerSeek = { on: true };

/**
 * Every customer with a row in the daily (`day`) or hourly (`hour`) rollups, or null when there are too many to bind
 * (db/loose-scan.ts; read every customer as before). The daily rollups' customers hold the blocks' too.
 */
export async function rollupCustomers(db: Executor, grain: 'hour' | 'day'): Promise<number[] | null> {
  if (!customerSeek.on) return null;
  return distinctValues(db, grain === 'day' ? 'rollup_daily' : 'rollup_hourly', 'customerid');
}
