import { chinaDateTime } from '../../../shared/china-clock.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { AffiliateOrder, OrderPage, OrderStatus, OrderTimeField, OrderWindow } from '../affiliate.ts';
import { list, obj } from '../affiliate-http.ts';
import { int, parseChinaDateTime, percentToBp, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type TopClientConfig, topCall } from './top.ts';

/**
 * 淘宝联盟 orders: `taobao.tbk.order.details.get` (or `taobao.tbk.sc.order.details.get` with an authorised session),
 * pages chained by `position_index` + `jump_type=1`. Facts (bububa/opentaobao
 * metadata/assets/patch/tbk/taobao.tbk.order.details.get.json @3a362f9): windows of at most 3 hours, but at most 20
 * minutes during 大促 (618, 双11, 年货节) — a longer one is refused with sub code 2007; `page_size` 1–100; `page_no`
 * 1–100. So a window is walked in sub-windows: 3 hours, or 20 minutes once TOP has answered 2007 (remembered for
 * PROMO_MEMORY); a sub-window that still has rows after page 100 is walked again in halves (the rows seen twice are
 * upserts). The cursor carries the sub-window and the step.
 */
export const TAOBAO_MAX_WINDOW = 3 * 3600;
export const TAOBAO_PROMO_WINDOW = 20 * 60;
export const TAOBAO_MAX_PAGE = 100;
export const TAOBAO_MAX_PAGE_SIZE = 100;
/** How long a 2007 keeps new windows at 20 minutes (大促 last days; a quiet hour costs a few more calls). */
const PROMO_MEMORY_MS = 6 * 3600_000;
export const TAOBAO_QUERY_TYPE: Record<OrderTimeField, number> = { create: 1, pay: 2, settle: 3, update: 4 };

/** tk_status: 11 拍下未付款, 12 付款 (a presale order with only its deposit paid stays 12), 13 关闭, 14 确认收货, 3 结算成功; refund_tag 1 维权. */
export function taobaoStatus(row: Record<string, unknown>): OrderStatus {
  const tk = int(row.tk_status);
  let status: OrderStatus;
  if (tk === 11) status = 'unpaid';
  else if (tk === 12) status = yuanToFen(row.deposit_price) > 0 && !parseChinaDateTime(row.tk_paid_time) ? 'deposit_paid' : 'paid';
  else if (tk === 13) status = 'closed';
  else if (tk === 14) status = 'confirmed';
  else if (tk === 3) status = 'settled';
  else status = 'invalid';
  // refund_tag 1 marks a 维权 (rights-protection) refund: before receipt the order closes (13), after it the status
  // stays; either way the commission is lost.
  if (int(row.refund_tag) === 1 && status !== 'unpaid' && status !== 'invalid') status = 'refunded';
  return status;
}

const httpsImage = (url: string): string => (url.startsWith('//') ? `https:${url}` : url);

export function taobaoOrder(row: Record<string, unknown>): AffiliateOrder {
  const depositFen = yuanToFen(row.deposit_price);
  const depositPaidAt = parseChinaDateTime(row.tk_deposit_time) ?? parseChinaDateTime(row.tb_deposit_time);
  const paidAt = parseChinaDateTime(row.tk_paid_time) ?? parseChinaDateTime(row.tb_paid_time);
  const siteId = str(row.site_id);
  const adzoneId = str(row.adzone_id);
  return {
    union: 'taobao',
    orderId: str(row.trade_id),
    parentOrderId: str(row.trade_parent_id),
    itemId: str(row.item_id),
    itemTitle: str(row.item_title),
    itemImage: httpsImage(str(row.item_img)),
    itemNum: int(row.item_num) || 1,
    itemPriceFen: yuanToFen(row.item_price),
    orderFen: yuanToFen(row.tb_gmv_total_price) || yuanToFen(row.item_price) * (int(row.item_num) || 1),
    payFen: yuanToFen(row.alipay_total_price),
    settleFen: yuanToFen(row.pay_price),
    commissionRateBp: percentToBp(row.total_commission_rate),
    commissionFen: yuanToFen(row.pub_share_pre_fee),
    settledCommissionFen: yuanToFen(row.pub_share_fee),
    status: taobaoStatus(row),
    rawStatus: str(row.tk_status),
    createdAt: parseChinaDateTime(row.tk_create_time),
    paidAt,
    receivedAt: null,
    settledAt: parseChinaDateTime(row.tk_earning_time),
    clickAt: parseChinaDateTime(row.click_time),
    modifiedAt: parseChinaDateTime(row.modified_time),
    // 淘宝 does not report the balance still due.
    presell: depositFen > 0 ? { depositFen, remainingFen: 0, depositPaidAt } : null,
    tracking: {
      union: 'taobao',
      pid: `mm_${str(row.pub_id)}_${siteId}_${adzoneId}`,
      siteId,
      adzoneId,
      relationId: int(row.relation_id) ? str(row.relation_id) : '',
      specialId: int(row.special_id) ? str(row.special_id) : '',
    },
    ud: null,
    raw: row,
  };
}

interface TaobaoCursor {
  page: number;
  position: string;
  /** The sub-window being paged, and the step the next sub-window takes. */
  from: number;
  to: number;
  step: number;
}

/** Shared by one connector's calls: until when windows start at 20 minutes (a 2007 was seen). */
export interface TaobaoPromoState {
  promoUntilMs: number;
}

function readCursor(cursor: string): TaobaoCursor {
  try {
    const c = obj(JSON.parse(cursor));
    const ints = ['page', 'from', 'to', 'step'].every((k) => Number.isInteger(c[k]));
    if (ints && typeof c.position === 'string' && (c.page as number) >= 1 && (c.page as number) <= TAOBAO_MAX_PAGE)
      return c as unknown as TaobaoCursor;
  } catch {
    /* fall through */
  }
  throw new ConnectorError('taobao', 'protocol', '淘宝联盟订单游标无效', 'bad_cursor');
}

/** The cursor after a page: the next page, the same sub-window in halves after page 100, the next sub-window, or null. */
export function nextTaobaoCursor(window: OrderWindow, at: TaobaoCursor, hasNext: boolean, position: string): TaobaoCursor | null {
  if (hasNext && at.page < TAOBAO_MAX_PAGE) return { ...at, page: at.page + 1, position };
  if (hasNext) {
    const span = at.to - at.from;
    if (span <= 1) throw new ConnectorError('taobao', 'refused', '淘宝联盟一秒内的订单超过 100 页，无法继续查询', 'page_limit');
    const half = Math.ceil(span / 2);
    return { page: 1, position: '', from: at.from, to: at.from + half, step: half };
  }
  if (at.to >= window.to) return null;
  return { page: 1, position: '', from: at.to, to: Math.min(window.to, at.to + at.step), step: at.step };
}

export async function pullTaobaoOrders(
  cfg: TopClientConfig & { pageSize: number; orderScene: number; promo: TaobaoPromoState },
  window: OrderWindow,
  cursor: string | null,
  timeField: OrderTimeField,
): Promise<OrderPage> {
  const nowMs = cfg.now?.() ?? Date.now();
  const firstStep = nowMs < cfg.promo.promoUntilMs ? TAOBAO_PROMO_WINDOW : TAOBAO_MAX_WINDOW;
  let at: TaobaoCursor =
    cursor === null
      ? { page: 1, position: '', from: window.from, to: Math.min(window.to, window.from + firstStep), step: firstStep }
      : readCursor(cursor);
  const method = cfg.session ? 'taobao.tbk.sc.order.details.get' : 'taobao.tbk.order.details.get';
  const call = (c: TaobaoCursor) =>
    topCall(cfg, method, {
      query_type: TAOBAO_QUERY_TYPE[timeField],
      start_time: chinaDateTime(c.from),
      end_time: chinaDateTime(c.to),
      page_size: Math.min(TAOBAO_MAX_PAGE_SIZE, Math.max(1, cfg.pageSize)),
      page_no: c.page,
      position_index: c.position || undefined,
      jump_type: c.page > 1 ? 1 : undefined,
      order_scene: cfg.orderScene,
    });
  let body: Record<string, unknown>;
  try {
    body = await call(at);
  } catch (err) {
    // 2007: the window is over what TOP accepts now (大促: 20 minutes); walk it in 20-minute sub-windows
    if (!(err instanceof ConnectorError) || err.platformCode !== '2007' || at.page !== 1 || at.to - at.from <= TAOBAO_PROMO_WINDOW)
      throw err;
    cfg.promo.promoUntilMs = nowMs + PROMO_MEMORY_MS;
    at = { ...at, to: at.from + TAOBAO_PROMO_WINDOW, step: TAOBAO_PROMO_WINDOW };
    body = await call(at);
  }
  const data = obj(body.data);
  const orders = list(data.results).map(taobaoOrder);
  const hasNext = data.has_next === true || data.has_next === 'true';
  const next = nextTaobaoCursor(window, at, hasNext, str(data.position_index));
  return { orders, cursor: next ? JSON.stringify(next) : null };
}
