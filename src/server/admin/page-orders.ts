import type { OrderView, PageOrdersView } from '../../shared/admin-reports.ts';
import { fenToYuan } from '../../shared/money.ts';
import { offsetOf } from '../../shared/paging.ts';
import { findUserById } from '../accounts/lookup.ts';
import type { AccountRef } from '../ads/directory.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { findLiveLink } from '../links/lookup.ts';
import { ordersOfPage, pageOrderOwner } from '../orders/directory.ts';

type OrderRow = Awaited<ReturnType<typeof ordersOfPage>>['rows'][number];

export const orderViewOf = (o: OrderRow): OrderView => ({
  order_id: o.order_id,
  union_name: o.union_name,
  item_id: o.item_id,
  item_title: o.item_title,
  shop_name: o.shop_name,
  status: o.status,
  order_price: fenToYuan(Number(o.order_fen)),
  paid_price: fenToYuan(Number(o.paid_fen)),
  commission: fenToYuan(Number(o.commission_fen)),
  created_at: Number(o.created_at),
  paid_at: Number(o.paid_at),
  channel: o.channel,
  advertiser_id: o.advertiser_id,
  plan_id: o.plan_id,
  attribution_rule: o.attribution_rule,
});

/**
 * The orders of one landing page with its owner and the owner's agent (`/sxA/agentorader/{pageId}` for admins;
 * `accounts` narrows them to a UDSmart caller's advertiser accounts). A page with neither a link nor orders is 4004;
 * narrowed, a page none of those accounts drove (`drove`: a plan or report of theirs names it) and no order came
 * through is 4004 too — one they drove opens with the orders that came through, none yet.
 */
export async function pageOrders(
  deps: Deps,
  input: { pageid: string; page: number; pagesize: number },
  accounts: readonly AccountRef[] | null = null,
  drove = false,
): Promise<PageOrdersView> {
  const link = await findLiveLink(deps.db, input.pageid);
  const ownerId = link?.customerid ?? (await pageOrderOwner(deps.db, input.pageid))?.customerid;
  if (ownerId === undefined) throw notFound('落地页不存在');
  const { rows, total, closedUnpaid, sums } = await ordersOfPage(deps.db, input.pageid, accounts, input.pagesize, offsetOf(input));
  if (accounts && total === 0 && !drove) throw notFound('落地页不存在');
  const owner = await findUserById(deps.db, ownerId);
  const agent = owner?.parent_id ? await findUserById(deps.db, owner.parent_id) : undefined;
  return {
    pageid: input.pageid,
    customer: owner ? owner.company || owner.email : '',
    agent: agent ? agent.company || agent.email : '',
    title: link?.title ?? '',
    list: rows.map(orderViewOf),
    total,
    closed_unpaid: closedUnpaid,
    sums: {
      orders: sums.orders,
      order_price: fenToYuan(sums.orderFen),
      paid_orders: sums.paidOrders,
      paid_price: fenToYuan(sums.paidFen),
      commission: fenToYuan(sums.commissionFen),
    },
  };
}
