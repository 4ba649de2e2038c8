/**
 * The item analysis' reads outside the read model: whether an item is known to a caller by its order facts, and an
 * item's own order list (which is the orders themselves: the orders table, index customer + item).
 */
import type { Executor } from '../kernel/executor.ts';
import { orderSums } from '../orders/directory.ts';

/** Whether any order fact of these customers names the item (an item is known to a caller by its links or its orders). */
export async function itemInOrderFacts(db: Executor, customers: readonly number[] | null, itemId: string): Promise<boolean> {
  if (customers?.length === 0) return false;
  let q = db.selectFrom('order_facts_daily').select('item_id').where('item_id', '=', itemId);
  if (customers) q = q.where('customerid', 'in', [...customers]);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The orders of one item (or of one promotion link: every item bought through it) placed in a span, newest first: an
 * order belongs to the time it was placed, as in the item's 订单数 and 订单金额 (docs/metrics.md), even when it was
 * paid on a later day. This is the order list itself, so it reads the orders table (index customer + item).
 */
export async function itemOrderPage(
  db: Executor,
  q: { customers: readonly number[] | null; itemId: string; pageid?: string; from: number; to: number; limit: number; offset: number },
) {
  if (q.customers?.length === 0) return { rows: [], total: 0, closedUnpaid: 0 };
  let base = db
    .selectFrom('orders')
    // a promotion link's orders are every item bought through it; an item's, that item's through any link
    .where((eb) => (q.pageid ? eb('pageid', '=', q.pageid) : eb('item_id', '=', q.itemId)))
    .where('created_at', '>=', q.from)
    .where('created_at', '<', q.to);
  if (q.customers) base = base.where('customerid', 'in', [...q.customers]);
  // the order lists' sums: how many rows, and how many of them 订单数 leaves out (closed or invalid before payment)
  const counted = await base.select(orderSums()).executeTakeFirst();
  const rows = await base
    .select([
      'order_id',
      'union_name',
      'status',
      'item_id',
      'item_title',
      'item_num',
      'order_fen',
      'paid_fen',
      'commission_fen',
      'created_at',
      'paid_at',
      'pageid',
      'channel',
      'advertiser_id',
      'plan_id',
      'postback_state',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows, total: Number(counted?.n ?? 0), closedUnpaid: Number(counted?.closed_unpaid ?? 0) };
}
