import { fenToYuan } from './money.ts';
import { z } from './zod.ts';

/**
 * The metrics of spec §3, defined once (docs/metrics.md): every endpoint, screen, export and e-mail computes
 * them from the same sums through `metricsOf`. Money is summed in integer fen and answered in yuan; a zero
 * denominator gives Infinity, which the API answers as `null` and the console shows as '--'.
 */
export interface Sums {
  /** Ad spend, fen (ad-platform reports). */
  costFen: number;
  /** Impressions and clicks (ad-platform reports). */
  shows: number;
  clicks: number;
  /** Conversions the ad platform counted (its own attribution). */
  conversions: number;
  /** Attributed orders placed (not closed before payment) and their amount, fen. */
  orders: number;
  orderFen: number;
  /** Of those, the orders paid (paid, confirmed or settled; refunds subtract) and their paid amount, fen. */
  paidOrders: number;
  paidFen: number;
}

export const ZERO_SUMS: Sums = { costFen: 0, shows: 0, clicks: 0, conversions: 0, orders: 0, orderFen: 0, paidOrders: 0, paidFen: 0 };

export const addSums = (a: Sums, b: Sums): Sums => ({
  costFen: a.costFen + b.costFen,
  shows: a.shows + b.shows,
  clicks: a.clicks + b.clicks,
  conversions: a.conversions + b.conversions,
  orders: a.orders + b.orders,
  orderFen: a.orderFen + b.orderFen,
  paidOrders: a.paidOrders + b.paidOrders,
  paidFen: a.paidFen + b.paidFen,
});

/** a / b, Infinity when b is 0 (spec §9: Infinity shows '--'). */
export const ratio = (a: number, b: number): number => (b === 0 ? Infinity : a / b);

/** The §3 metric fields, computed. Money in yuan; rates as ratios (0.0123 = 1.23 %, spec §9 format 4). */
export interface Metrics {
  sum_cost: number;
  sum_show_cnt: number;
  sum_click: number;
  /** clicks / shows. */
  ctr: number;
  /** Paid attributed orders. */
  ordernum: number;
  /** Cost per thousand shows (CPM), yuan. */
  avg_show_cost: number;
  /** Cost per click, yuan. */
  avg_click_cost: number;
  /** Paid amount per paid order, yuan. */
  avg_price: number;
  /** Placed order amount / cost. */
  roi: number;
  /** Paid amount / cost. */
  pay_roi: number;
  /** Placed order amount (GMV), yuan. */
  order_price: number;
  /** Paid amount, yuan. */
  order_price_pay: number;
  convert: number;
  /** Cost per platform conversion, yuan. */
  convert_cost: number;
  /** Platform conversions / clicks. */
  convert_rate: number;
  /** Paid orders / clicks. */
  convert_order_rate: number;
}

export function metricsOf(s: Sums): Metrics {
  return {
    sum_cost: fenToYuan(s.costFen),
    sum_show_cnt: s.shows,
    sum_click: s.clicks,
    ctr: ratio(s.clicks, s.shows),
    ordernum: s.paidOrders,
    avg_show_cost: ratio(s.costFen * 1000, s.shows) / 100,
    avg_click_cost: ratio(s.costFen, s.clicks) / 100,
    avg_price: ratio(s.paidFen, s.paidOrders) / 100,
    roi: ratio(s.orderFen, s.costFen),
    pay_roi: ratio(s.paidFen, s.costFen),
    order_price: fenToYuan(s.orderFen),
    order_price_pay: fenToYuan(s.paidFen),
    convert: s.conversions,
    convert_cost: ratio(s.costFen, s.conversions) / 100,
    convert_rate: ratio(s.conversions, s.clicks),
    convert_order_rate: ratio(s.paidOrders, s.clicks),
  };
}

export type MetricKey = keyof Metrics;

/** Chinese label and spec §9 number format of each metric (1 plain, 2 yuan, 3 percent, 4 ratio × 100). */
export const METRIC_META: Record<MetricKey, { label: string; format: 1 | 2 | 3 | 4 }> = {
  sum_cost: { label: '消耗', format: 2 },
  sum_show_cnt: { label: '展示数', format: 1 },
  sum_click: { label: '点击数', format: 1 },
  ctr: { label: '点击率', format: 4 },
  ordernum: { label: '订单数', format: 1 },
  avg_show_cost: { label: '千次展示成本', format: 2 },
  avg_click_cost: { label: '点击均价', format: 2 },
  avg_price: { label: '客单价', format: 2 },
  roi: { label: 'ROI', format: 1 },
  pay_roi: { label: '支付 ROI', format: 1 },
  order_price: { label: '订单金额', format: 2 },
  order_price_pay: { label: '支付金额', format: 2 },
  convert: { label: '转化数', format: 1 },
  convert_cost: { label: '转化成本', format: 2 },
  convert_rate: { label: '转化率', format: 4 },
  convert_order_rate: { label: '下单转化率', format: 4 },
};
export const METRIC_KEYS = Object.keys(METRIC_META) as MetricKey[];

/** On the wire: JSON has no Infinity, so an undefined ratio travels as null (the console shows '--'). */
export type WireMetrics = { [K in MetricKey]: number | null };
export const toWire = (m: Metrics): WireMetrics =>
  Object.fromEntries(METRIC_KEYS.map((k) => [k, Number.isFinite(m[k]) ? Math.round(m[k] * 1e6) / 1e6 : null])) as WireMetrics;

/** The output schema of metrics in API contracts. */
export const wireMetrics = z.object(
  Object.fromEntries(METRIC_KEYS.map((k) => [k, z.number().nullable()])) as { [K in MetricKey]: z.ZodNullable<z.ZodNumber> },
);
