import { chinaDateTime } from '../../../shared/china-clock.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { AffiliateOrder, OrderPage, OrderStatus, OrderTimeField, OrderWindow } from '../affiliate.ts';
import { list, obj } from '../affiliate-http.ts';
import { int, parseChinaDateTime, percentToBp, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type TopClientConfig, topCall } from './top.ts';

/**
 * 淘宝联盟 orders: `taobao.tbk.order.details.get` (or `taobao.tbk.sc.order.details.get` with an authorised session),
 * windows of at most 3 hours, up to 100 rows a page, pages chained by `position_index` + `jump_type=1`.
 */
export const TAOBAO_MAX_WINDOW = 3 * 3600;
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
}

function readCursor(cursor: string | null): TaobaoCursor {
  if (cursor === null) return { page: 1, position: '' };
  try {
    const c = obj(JSON.parse(cursor));
    if (Number.isInteger(c.page) && typeof c.position === 'string') return { page: c.page as number, position: c.position };
  } catch {
    /* fall through */
  }
  throw new ConnectorError('taobao', 'protocol', '淘宝联盟订单游标无效', 'bad_cursor');
}

export async function pullTaobaoOrders(
  cfg: TopClientConfig & { pageSize: number; orderScene: number },
  window: OrderWindow,
  cursor: string | null,
  timeField: OrderTimeField,
): Promise<OrderPage> {
  const at = readCursor(cursor);
  const method = cfg.session ? 'taobao.tbk.sc.order.details.get' : 'taobao.tbk.order.details.get';
  const body = await topCall(cfg, method, {
    query_type: TAOBAO_QUERY_TYPE[timeField],
    start_time: chinaDateTime(window.from),
    end_time: chinaDateTime(window.to),
    page_size: cfg.pageSize,
    page_no: at.page,
    position_index: at.position || undefined,
    jump_type: at.page > 1 ? 1 : undefined,
    order_scene: cfg.orderScene,
  });
  const data = obj(body.data);
  const orders = list(data.results).map(taobaoOrder);
  const hasNext = data.has_next === true || data.has_next === 'true';
  return { orders, cursor: hasNext ? JSON.stringify({ page: at.page + 1, position: str(data.position_index) }) : null };
}
