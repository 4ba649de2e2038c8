import type { AffiliateOrder, OrderPage, OrderStatus, OrderWindow } from '../affiliate.ts';
import { list, obj } from '../affiliate-http.ts';
import { epochOrNull, int, permilleToBp, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type PddClientConfig, pddCall } from './client.ts';

/**
 * 拼多多 orders: `pdd.ddk.order.list.increment.get` by last update time, windows ≤ 24 h, page_size 10–100. PDD
 * requires pages to be fetched from the last to the first ("必须采用倒序的分页方式…才能避免漏单"): an order that
 * changes while a window is paged leaves it, shifting the later rows forward, which forward paging would skip. So
 * the first call only counts (one page when everything fits), then pages run last → first.
 * Money is fen, promotion_rate permille, times unix seconds.
 */
export const PDD_MAX_WINDOW = 86400;

/**
 * order_status: -1 未支付, 0 已支付, 1 已成团, 2 确认收货, 3 审核成功, 4 审核失败, 5 已经结算, 8 非多多进宝商品,
 * 10 已处罚. return_status 2 (售后完成) → refunded.
 */
export function pddStatus(row: Record<string, unknown>): OrderStatus {
  const code = row.order_status === undefined ? NaN : int(row.order_status);
  let status: OrderStatus;
  if (code === -1) status = 'unpaid';
  else if (code === 0 || code === 1) status = 'paid';
  else if (code === 2 || code === 3) status = 'confirmed';
  else if (code === 5) status = 'settled';
  else status = 'invalid';
  if (int(row.return_status) === 2 && status !== 'unpaid') status = 'refunded';
  return status;
}

export function pddOrder(row: Record<string, unknown>): AffiliateOrder {
  const status = pddStatus(row);
  const amount = int(row.order_amount);
  return {
    union: 'pdd',
    orderId: str(row.order_sn),
    parentOrderId: str(row.order_sn),
    itemId: str(row.goods_id) || str(row.goods_sign),
    itemTitle: str(row.goods_name),
    itemImage: str(row.goods_thumbnail_url),
    itemNum: int(row.goods_quantity) || 1,
    itemPriceFen: int(row.goods_price),
    orderFen: amount,
    payFen: status === 'unpaid' ? 0 : amount,
    settleFen: status === 'confirmed' || status === 'settled' ? amount : 0,
    commissionRateBp: permilleToBp(row.promotion_rate),
    commissionFen: int(row.promotion_amount),
    settledCommissionFen: status === 'settled' ? int(row.promotion_amount) : 0,
    status,
    rawStatus: str(row.order_status),
    createdAt: epochOrNull(row.order_create_time),
    paidAt: epochOrNull(row.order_pay_time),
    receivedAt: epochOrNull(row.order_receive_time),
    settledAt: epochOrNull(row.order_settle_time),
    // PDD reports no click time.
    clickAt: null,
    modifiedAt: epochOrNull(row.order_modify_at),
    // PDD's order model has no presale fields.
    presell: null,
    tracking: { union: 'pdd', pid: str(row.p_id), customParameters: str(row.custom_parameters) },
    ud: null,
    raw: row,
  };
}

interface PddCursor {
  page: number;
}

export async function pullPddOrders(
  cfg: PddClientConfig & { pageSize: number },
  window: OrderWindow,
  cursor: string | null,
): Promise<OrderPage> {
  const call = (page: number, count: boolean) =>
    pddCall(
      cfg,
      'pdd.ddk.order.list.increment.get',
      {
        start_update_time: window.from,
        end_update_time: window.to,
        page,
        page_size: cfg.pageSize,
        return_count: count,
      },
      'order_list_get_response',
    );
  if (cursor === null) {
    const first = await call(1, true);
    const total = int(first.total_count);
    if (total <= cfg.pageSize) return { orders: list(first.order_list).map(pddOrder), cursor: null };
    return { orders: [], cursor: JSON.stringify({ page: Math.ceil(total / cfg.pageSize) } satisfies PddCursor) };
  }
  let at: PddCursor;
  try {
    at = obj(JSON.parse(cursor)) as unknown as PddCursor;
    if (!Number.isInteger(at.page) || at.page < 1) throw new Error('cursor');
  } catch {
    throw new ConnectorError('pdd', 'protocol', '多多进宝订单游标无效', 'bad_cursor');
  }
  const body = await call(at.page, false);
  return {
    orders: list(body.order_list).map(pddOrder),
    cursor: at.page > 1 ? JSON.stringify({ page: at.page - 1 } satisfies PddCursor) : null,
  };
}
