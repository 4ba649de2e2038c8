import { channelLabel as nameOfChannel, platformLabel } from '../../../shared/catalog.ts';
import type { MetricKey } from '../../../shared/metrics.ts';

/** Item-effect analysis words. An item's conversion is its paid orders per click (下单转化率). */
export const ITEM_CARDS: readonly MetricKey[] = ['sum_cost', 'sum_click', 'ordernum', 'order_price', 'roi', 'convert_order_rate'];
export const ITEM_COLUMNS: readonly MetricKey[] = ['sum_cost', 'sum_click', 'ordernum', 'order_price', 'roi', 'convert_order_rate'];

export const channelLabel = (n: number): string => (n ? nameOfChannel(n) : '--');
export const shopLabel = (n: number): string => platformLabel(n, '--');

export const COLLECT_EMPTY = '所选时段没有推广中的商品：商品在推广链接有消耗或产生订单后出现在这里。';

/** `/collect/page/{itemId}` with the range the list was showing. */
export const itemOrdersPath = (itemId: string, range: readonly [string, string]): string =>
  `/collect/page/${encodeURIComponent(itemId)}?start=${range[0]}&end=${range[1]}`;
