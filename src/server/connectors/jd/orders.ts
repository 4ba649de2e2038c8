import { chinaDateTime } from '../../../shared/china-clock.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { AffiliateOrder, OrderPage, OrderStatus, OrderTimeField, OrderWindow } from '../affiliate.ts';
import { list, obj } from '../affiliate-http.ts';
import { int, parseChinaDateTime, percentToBp, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type JosConfig, jdCall } from './jos.ts';

/**
 * 京东联盟 orders: `jd.union.open.order.row.query` with `orderReq{pageIndex, pageSize ≤ 500, type (1 下单, 2 完成,
 * 3 更新), startTime, endTime (≤ 1 h), fields: "goodsInfo"}`; pages until `hasMore` is false. Amounts are yuan,
 * rates percent. JD rows have no pay or click time; `payMonth` (yyyyMMdd) is the settlement date once completed.
 * Source of the row's fields: the JOS Go SDK XiBao/jos, api/union/order/queryRow.go `OrderRowResp` (commit
 * f19af1699e50d98994dba2ed573f105a496f0c50): times `orderTime` 下单, `finishTime` 完成 (确认收货), `modifyTime` 更新,
 * `payMonth` 预估结算; validCode 15 待付款, 16 已付款, 17 已完成, 24 已付定金 — no payment time (jdPaidAt).
 */
export const JD_MAX_WINDOW = 3600;
/** type 2 (完成时间, the buyer's receipt) has no field of its own here; create and update are what syncs use. */
export const JD_QUERY_TYPE: Partial<Record<OrderTimeField, number>> = { create: 1, update: 3 };

/** Bit n (1-based, counted from the right) of JD's unionTag string; bit 20 marks a presale order. */
export const unionTagBit = (tag: string, n: number): boolean => tag.length >= n && tag[tag.length - n] === '1';

/** payMonth "yyyyMMdd" → epoch seconds of that China day; 0 / '' → null. */
export function payMonthTime(v: unknown): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(str(v));
  return m ? parseChinaDateTime(`${m[1]}-${m[2]}-${m[3]} 00:00:00`) : null;
}

/**
 * validCode: 15 待付款, 16 已付款, 17 已完成 (settled once the payMonth date has come), 24 已付定金, 3 取消; every
 * other code is an invalid (不计佣) order. All returned (skuReturnNum = skuNum) → refunded.
 */
export function jdStatus(row: Record<string, unknown>, nowSeconds: number): OrderStatus {
  const code = int(row.validCode);
  const num = int(row.skuNum);
  let status: OrderStatus;
  if (code === 15) status = 'unpaid';
  else if (code === 16) status = 'paid';
  else if (code === 24) status = 'deposit_paid';
  else if (code === 17) status = (payMonthTime(row.payMonth) ?? Infinity) <= nowSeconds ? 'settled' : 'confirmed';
  else if (code === 3) status = 'closed';
  else status = 'invalid';
  if (num > 0 && int(row.skuReturnNum) >= num && (status === 'paid' || status === 'confirmed' || status === 'settled')) status = 'refunded';
  return status;
}

/**
 * When the buyer paid (docs/attribution.md "京东 payment time"). JD rows carry no payment time (OrderRowResp above),
 * so: a row at 已付款 (16, nothing returned) was last modified by its payment — its `modifyTime` is the payment;
 * a row already past it (已完成 17, or returned) paid at or after `orderTime`, the one time left: `orderTime`. The
 * product keeps the first payment time it recorded (orders/ingest.ts), so an order seen at 16 keeps its
 * `modifyTime` when it later completes. A deposit (24) is timed the same way. Unpaid, cancelled, invalid: null.
 */
export function jdPaidAt(row: Record<string, unknown>, status: OrderStatus): { paidAt: number | null; depositPaidAt: number | null } {
  const code = int(row.validCode);
  const modified = parseChinaDateTime(row.modifyTime);
  const ordered = parseChinaDateTime(row.orderTime);
  const paidAt = status === 'paid' ? (modified ?? ordered) : code === 16 || code === 17 ? ordered : null;
  const depositPaidAt = code === 24 ? (modified ?? ordered) : code === 16 || code === 17 ? ordered : null;
  return { paidAt, depositPaidAt };
}

export function jdOrder(row: Record<string, unknown>, nowSeconds: number): AffiliateOrder {
  const status = jdStatus(row, nowSeconds);
  const goods = obj(row.goodsInfo);
  const presale = int(row.validCode) === 24 || unionTagBit(str(row.unionTag), 20);
  const settledAt = status === 'settled' ? payMonthTime(row.payMonth) : null;
  const parent = str(row.parentId);
  const paid = jdPaidAt(row, status);
  return {
    union: 'jd',
    orderId: str(row.id) || `${str(row.orderId)}${str(row.skuId)}`,
    parentOrderId: parent && parent !== '0' ? parent : str(row.orderId),
    itemId: str(row.skuId),
    itemTitle: str(row.skuName),
    itemImage: str(goods.imageUrl),
    itemNum: int(row.skuNum) || 1,
    itemPriceFen: yuanToFen(row.price),
    // estimateCosPrice is the amount due on the line; while only a deposit is paid it is the deposit.
    orderFen: int(row.validCode) === 24 ? yuanToFen(row.price) * (int(row.skuNum) || 1) : yuanToFen(row.estimateCosPrice),
    payFen: status === 'unpaid' || status === 'closed' ? 0 : yuanToFen(row.estimateCosPrice),
    settleFen: yuanToFen(row.actualCosPrice),
    commissionRateBp: percentToBp(row.commissionRate),
    commissionFen: yuanToFen(row.estimateFee),
    settledCommissionFen: yuanToFen(row.actualFee),
    status,
    rawStatus: str(row.validCode),
    createdAt: parseChinaDateTime(row.orderTime),
    paidAt: paid.paidAt,
    receivedAt: parseChinaDateTime(row.finishTime),
    settledAt,
    clickAt: null,
    modifiedAt: parseChinaDateTime(row.modifyTime),
    // JD reports no deposit amount: while only the deposit is paid, the amount paid is the deposit.
    presell: presale
      ? { depositFen: int(row.validCode) === 24 ? yuanToFen(row.estimateCosPrice) : 0, remainingFen: 0, depositPaidAt: paid.depositPaidAt }
      : null,
    tracking: { union: 'jd', siteId: str(row.siteId), positionId: str(row.positionId), subUnionId: str(row.subUnionId) },
    ud: null,
    raw: row,
  };
}

export async function pullJdOrders(
  cfg: JosConfig & { pageSize: number },
  window: OrderWindow,
  cursor: string | null,
  timeField: OrderTimeField,
): Promise<OrderPage> {
  const type = JD_QUERY_TYPE[timeField];
  if (!type) throw new ConnectorError('jd', 'refused', '京东联盟订单只能按下单时间或更新时间查询', 'time_field');
  const pageIndex = cursor === null ? 1 : Number(cursor);
  if (!Number.isInteger(pageIndex) || pageIndex < 1) throw new ConnectorError('jd', 'protocol', '京东联盟订单游标无效', 'bad_cursor');
  const result = await jdCall(cfg, 'jd.union.open.order.row.query', {
    orderReq: {
      pageIndex,
      pageSize: cfg.pageSize,
      type,
      startTime: chinaDateTime(window.from),
      endTime: chinaDateTime(window.to),
      fields: 'goodsInfo',
    },
  });
  const now = Math.floor((cfg.now?.() ?? Date.now()) / 1000);
  const orders = list(result.data).map((r) => jdOrder(r, now));
  const hasMore = result.hasMore === true || result.hasMore === 'true';
  return { orders, cursor: hasMore ? String(pageIndex + 1) : null };
}
