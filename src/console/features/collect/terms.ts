import { CHANNELS, isChannel, isPlatform, PLATFORMS } from '../../../shared/catalog.ts';
import type { MetricKey } from '../../../shared/metrics.ts';

/** Item-effect analysis words. An item's conversion is its paid orders per click (下单转化率). */
export const ITEM_CARDS: readonly MetricKey[] = ['sum_cost', 'sum_click', 'ordernum', 'order_price', 'roi', 'convert_order_rate'];
export const ITEM_COLUMNS: readonly MetricKey[] = ['sum_cost', 'sum_click', 'ordernum', 'order_price', 'roi', 'convert_order_rate'];

export const channelLabel = (n: number): string => (isChannel(n) ? CHANNELS[n] : n ? `渠道 ${n}` : '--');
export const shopLabel = (n: number): string => (isPlatform(n) ? PLATFORMS[n] : '--');

/** Order statuses as the orders feature normalises them (docs/attribution.md). */
export const ORDER_STATUS: Record<string, string> = {
  unpaid: '待付款',
  paid: '已付款',
  confirmed: '已收货',
  settled: '已结算',
  refunded: '已退款',
  closed: '已关闭',
  invalid: '无效',
};
export const POSTBACK_STATE: Record<string, string> = { none: '无需回传', pending: '待回传', sent: '已回传', failed: '回传失败' };

export const UNION_LABEL: Record<string, string> = { taobao: '淘宝联盟', jd: '京东联盟', pdd: '多多进宝', ud: '阿里妈妈 UD' };

export const COLLECT_EMPTY = '所选时段没有推广中的商品：商品在推广链接有消耗或产生订单后出现在这里。';

/** `/collect/page/{itemId}` with the range the list was showing. */
export const itemOrdersPath = (itemId: string, range: readonly [string, string]): string =>
  `/collect/page/${encodeURIComponent(itemId)}?start=${range[0]}&end=${range[1]}`;
