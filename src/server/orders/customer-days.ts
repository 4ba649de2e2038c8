/**
 * Order facts per channel, account, customer and China day (`order_customer_days`, migration 0077): the daily order
 * facts added up over their links, items, campaigns and plans, so that a day series or a total of whole days narrowed
 * only by customer, channel or account reads one row per account and day instead of one per link, item, plan and day
 * (the reads choose it as they choose `ad_customer_days`: facts/days.ts `byCustomerDays`). Exact by construction: the
 * daily facts' one writer (`batch-store.ts` `writeBatch`) adds each batch's changes to both, in one transaction, and
 * daily order facts are never deleted. A key of these rows is a key of the daily rows less their link, item, campaign
 * and plan, so the table holds a row for every group of the daily rows, zero or not.
 */
import { SUM_FIELDS } from './model.ts';
import type { OrderCustomerDaysTable, OrderFactsDailyTable } from './tables.ts';

const ZERO = { orders: 0, order_fen: 0, paid_orders: 0, paid_fen: 0, commission_fen: 0 };

/** A batch's changes to the daily facts added up per (channel, account, day, customer), in key order (rows locked in one order). */
export function customerDayChanges(daily: readonly Omit<OrderFactsDailyTable, never>[]): OrderCustomerDaysTable[] {
  const out = new Map<string, OrderCustomerDaysTable>();
  for (const r of daily) {
    const k = `${r.channel}\u0000${r.advertiser_id}\u0000${r.day}\u0000${r.customerid}`;
    let row = out.get(k);
    if (!row) {
      row = { channel: r.channel, advertiser_id: r.advertiser_id, day: r.day, customerid: r.customerid, ...ZERO };
      out.set(k, row);
    }
    for (const s of SUM_FIELDS) row[s] += r[s];
  }
  return [...out.values()].sort(
    (a, b) =>
      a.channel - b.channel ||
      (a.advertiser_id < b.advertiser_id ? -1 : a.advertiser_id > b.advertiser_id ? 1 : 0) ||
      a.day - b.day ||
      a.customerid - b.customerid,
  );
}
