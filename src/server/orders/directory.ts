import type { AccountRef } from '../ads/directory.ts';
import type { Executor } from '../kernel/executor.ts';
import { orderSums } from './list-totals.ts';

/** The order lists' sums (list-totals.ts), for another feature's list of orders (the item analysis' order list). */
export { orderSums };

/**
 * The orders feature's read API for the admin and UDSmart areas: the orders of one landing page and postback dead
 * letters. Read-only. (Sums of the order facts are the read model's: src/server/facts/.)
 */

/** Orders attributed to a landing page (optionally only through some advertiser accounts), newest first. */
export async function ordersOfPage(db: Executor, pageid: string, accounts: readonly AccountRef[] | null, limit: number, offset: number) {
  let q = db.selectFrom('orders').where('pageid', '=', pageid);
  if (accounts) {
    const byChannel = new Map<number, string[]>();
    for (const a of accounts) byChannel.set(a.platform, [...(byChannel.get(a.platform) ?? []), a.advertiser_id]);
    q = q.where((eb) =>
      byChannel.size === 0
        ? eb('id', '<', 0)
        : eb.or([...byChannel].map(([c, ids]) => eb.and([eb('channel', '=', c), eb('advertiser_id', 'in', ids)]))),
    );
  }
  // the order lists' sums (list-totals.ts), so the page's sums and the split of its total are the lists'
  const sums = await q.select(orderSums()).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return {
    rows,
    total: Number(sums.n),
    closedUnpaid: Number(sums.closed_unpaid ?? 0),
    sums: {
      orders: Number(sums.orders ?? 0),
      orderFen: Number(sums.order_fen ?? 0),
      paidOrders: Number(sums.paid_orders ?? 0),
      paidFen: Number(sums.paid_fen ?? 0),
      commissionFen: Number(sums.commission_fen ?? 0),
    },
  };
}

/** The owner of a page's orders when the page has any (its link may be gone). */
export const pageOrderOwner = (db: Executor, pageid: string) =>
  db.selectFrom('orders').select('customerid').where('pageid', '=', pageid).limit(1).executeTakeFirst();

/** Postbacks given up on (dead letters), with their order's customer. */
export async function deadLetters(db: Executor, limit: number, offset: number) {
  const q = db.selectFrom('postbacks').where('postbacks.state', '=', 'failed');
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .leftJoin('orders', (j) =>
      j.onRef('orders.union_name', '=', 'postbacks.union_name').onRef('orders.order_id', '=', 'postbacks.order_id'),
    )
    .select([
      'postbacks.id',
      'postbacks.union_name',
      'postbacks.order_id',
      'postbacks.channel',
      'postbacks.attempts',
      'postbacks.last_error',
    ])
    .select(['postbacks.created_at', 'postbacks.next_at', 'orders.customerid'])
    .orderBy('postbacks.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

/** In-doubt postbacks (newest first) with their order's customer, for the admin home. */
export async function inDoubtPostbacks(db: Executor, limit: number, offset: number) {
  const q = db.selectFrom('postbacks').where('postbacks.state', '=', 'in_doubt');
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .leftJoin('orders', (j) =>
      j.onRef('orders.union_name', '=', 'postbacks.union_name').onRef('orders.order_id', '=', 'postbacks.order_id'),
    )
    .select(['postbacks.id', 'postbacks.union_name', 'postbacks.order_id', 'postbacks.channel', 'postbacks.route', 'postbacks.event'])
    .select([
      'postbacks.attempts',
      'postbacks.last_error',
      'postbacks.in_doubt_at',
      'orders.customerid',
      'orders.paid_fen',
      'orders.order_fen',
    ])
    .orderBy('postbacks.in_doubt_at', 'desc')
    .orderBy('postbacks.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}
