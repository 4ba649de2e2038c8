import type { AffiliateOrder, OrderPage, OrderStatus, OrderWindow } from '../affiliate.ts';
import { list, withRetries } from '../affiliate-http.ts';
import { chinaDateTimeMs, int, parseChinaDateTime, percentToBp, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type TopClientConfig, topCall } from '../taobao/top.ts';

/**
 * 阿里妈妈 UD orders: `alibaba.taobao.ud.smart.order.detail.pull` with `order_top_cursor_query_dto{start_time,
 * end_time ("yyyy-MM-dd HH:mm:ss.SSS", the same China day), cursor_id, prod_type}`. The answer carries
 * `success/error_code/error_msg`, the rows and the next `cursor_id`; the window is done when a page comes back
 * empty or without a cursor. Rows carry the ad's click ids and advertiser / campaign / plan ids.
 */
export const UD_MAX_WINDOW = 86400;

/** order_status: 1 拍下, 2 支付, 3 退款, 4 预售 (deposit paid), 5 收货. UD has no settlement state. */
export function udStatus(code: number): OrderStatus {
  return ({ 1: 'unpaid', 2: 'paid', 3: 'refunded', 4: 'deposit_paid', 5: 'confirmed' } as Record<number, OrderStatus>)[code] ?? 'invalid';
}

export function udOrder(row: Record<string, unknown>): AffiliateOrder {
  const code = int(row.order_status);
  const status = udStatus(code);
  const num = int(row.buy_amount) || 1;
  const payTime = parseChinaDateTime(row.order_pay_time);
  const created = parseChinaDateTime(row.order_create_time);
  const refunded = parseChinaDateTime(row.order_refund_time);
  const deposit = int(row.presale_deposit_fee);
  const times = [created, payTime, refunded].filter((t): t is number => t !== null);
  return {
    union: 'ud',
    orderId: str(row.sub_order_id),
    parentOrderId: str(row.order_id),
    itemId: str(row.pay_item_id) || str(row.item_id),
    itemTitle: str(row.pay_item_name) || str(row.item_name),
    itemImage: str(row.item_pic_url),
    itemNum: num,
    itemPriceFen: Math.round(int(row.due_pay_fee) / num),
    orderFen: int(row.due_pay_fee),
    payFen: int(row.actual_pay_fee),
    settleFen: status === 'confirmed' ? int(row.actual_pay_fee) : 0,
    // 流量通Pro's service fee (commission_rate in percent, commission_fee in fen); UDSmart rows carry none.
    commissionRateBp: percentToBp(row.commission_rate),
    commissionFen: int(row.commission_fee),
    settledCommissionFen: 0,
    status,
    rawStatus: str(row.order_status),
    createdAt: created,
    // In 预售 (4) the pay time is the deposit's.
    paidAt: code === 4 ? null : payTime,
    receivedAt: null,
    settledAt: null,
    clickAt: parseChinaDateTime(row.click_time),
    // UD rows have no modified time: the latest of their own times.
    modifiedAt: times.length ? Math.max(...times) : null,
    presell:
      deposit > 0
        ? { depositFen: deposit, remainingFen: int(row.remaining_payment_fee), depositPaidAt: code === 4 ? payTime : null }
        : null,
    tracking: { union: 'ud', monitorUniqueId: str(row.monitor_unique_id), channelId: str(row.channel_id) },
    ud: {
      asynClickId: str(row.asyn_click_id),
      asynRequestId: str(row.asyn_request_id),
      synClickId: str(row.syn_click_id),
      synRequestId: str(row.syn_request_id),
      channelId: str(row.channel_id),
      advertiserId: str(row.advertiser_id),
      campaignId: str(row.campaign_id),
      adgroupId: str(row.adgroup_id),
      creativeId: str(row.creative_id),
      projectId: str(row.project_id),
      promotionId: str(row.promotion_id),
      isAdOrder: int(row.is_ad_order) === 1,
      isAttrByOthers: int(row.is_attr_by_others) === 1,
    },
    raw: row,
  };
}

/** A `success: false` answer inside the normal response. */
export function udBusinessError(body: Record<string, unknown>, label: string): ConnectorError | null {
  if (body.success === false || body.success === 'false') {
    const code = str(body.error_code) || 'failed';
    const transient = /SYSTEM|TIMEOUT|BUSY/i.test(code);
    return new ConnectorError('ud', transient ? 'transient' : 'refused', `${label}：${str(body.error_msg) || '请求失败'}（${code}）`, code);
  }
  return null;
}

export async function pullUdOrders(
  cfg: TopClientConfig & { prodType: number },
  window: OrderWindow,
  cursor: string | null,
): Promise<OrderPage> {
  const body = await withRetries(async () => {
    const b = await topCall(cfg, 'alibaba.taobao.ud.smart.order.detail.pull', {
      order_top_cursor_query_dto: {
        start_time: chinaDateTimeMs(window.from * 1000),
        end_time: chinaDateTimeMs(window.to * 1000 - 1),
        cursor_id: cursor ?? undefined,
        prod_type: cfg.prodType,
      },
    });
    const refused = udBusinessError(b, '阿里妈妈UD订单拉取失败');
    if (refused) throw refused;
    return b;
  }, cfg.http);
  const orders = list(body.result).map(udOrder);
  const next = str(body.cursor_id);
  return { orders, cursor: orders.length > 0 && next ? next : null };
}
