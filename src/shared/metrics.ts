import { fenToYuan } from './money.ts';
import type { NumberFormat } from './number-format.ts';
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
  /** Attributed orders placed (not closed before payment): the set 订单金额, 客单价, ROI and 下单转化率 read too. */
  ordernum: number;
  /** Cost per thousand shows (CPM), yuan. */
  avg_show_cost: number;
  /** Cost per click, yuan. */
  avg_click_cost: number;
  /** Order amount per placed order, yuan. */
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
  /** Placed orders / clicks. */
  convert_order_rate: number;
}

export type MetricKey = keyof Metrics;

/**
 * Each metric as a formula over the sums — the one definition (docs/metrics.md): `num` alone (a count, or fen shown
 * as yuan when `yuan`), or `num / den` × `scale` (Infinity when `den` is 0). `metricsOf` computes from it, and lists
 * that sort in SQL sort by the same `num / den` (a positive scale does not change the order).
 */
export const METRIC_FORMULA: Readonly<Record<MetricKey, { num: keyof Sums; den?: keyof Sums; scale?: number; yuan?: true }>> = {
  sum_cost: { num: 'costFen', yuan: true },
  sum_show_cnt: { num: 'shows' },
  sum_click: { num: 'clicks' },
  ctr: { num: 'clicks', den: 'shows' },
  ordernum: { num: 'orders' },
  /** per thousand shows, yuan: fen × 1000 / 100 */
  avg_show_cost: { num: 'costFen', den: 'shows', scale: 10 },
  avg_click_cost: { num: 'costFen', den: 'clicks', scale: 0.01 },
  avg_price: { num: 'orderFen', den: 'orders', scale: 0.01 },
  roi: { num: 'orderFen', den: 'costFen' },
  pay_roi: { num: 'paidFen', den: 'costFen' },
  order_price: { num: 'orderFen', yuan: true },
  order_price_pay: { num: 'paidFen', yuan: true },
  convert: { num: 'conversions' },
  convert_cost: { num: 'costFen', den: 'conversions', scale: 0.01 },
  convert_rate: { num: 'conversions', den: 'clicks' },
  convert_order_rate: { num: 'orders', den: 'clicks' },
};

const FORMULAS = Object.entries(METRIC_FORMULA) as Array<[MetricKey, (typeof METRIC_FORMULA)[MetricKey]]>;

/** One metric of the sums (`METRIC_FORMULA`). */
function formulaValue(s: Sums, f: (typeof METRIC_FORMULA)[MetricKey]): number {
  return f.den ? ratio(s[f.num], s[f.den]) * (f.scale ?? 1) : f.yuan ? fenToYuan(s[f.num]) : s[f.num];
}

export function metricsOf(s: Sums): Metrics {
  const out = {} as Metrics;
  for (const [k, f] of FORMULAS) out[k] = formulaValue(s, f);
  return out;
}

/** One metric of the sums, as `metricsOf` gives it (a list ranking thousands of rows by one metric computes only that). */
export const metricOf = (s: Sums, key: MetricKey): number => formulaValue(s, METRIC_FORMULA[key]);

/** Which orders a count or amount is of (docs/metrics.md): the screens say it in a tooltip on the metric. */
export const PLACED_HINT = '按下单时间计入：所选时段内下单的归因订单（未付款即关闭、无效的不算；退款后仍计入下单）';
/** The presell booking rule is the orders feature's (orders/model.ts `paidTime`, docs/attribution.md "Presell"): keep this in step. */
export const PAID_HINT = '按付款时间计入：所选时段内付款的归因订单（预售订单按定金付款时间计入）；退款后扣除';

/**
 * Chinese label, spec §9 number format (1 plain, 2 yuan, 3 percent, 4 ratio × 100; 5 a multiple, 2 decimals) and, where the set of orders
 * matters, the hint the screens show on it. Counts and amounts of one row always come from the same set: 订单数,
 * 订单金额, 客单价, ROI and 下单转化率 from the orders placed in the span; 付款金额 and 付款 ROI from those paid in it.
 */
export const METRIC_META: Record<MetricKey, { label: string; format: NumberFormat; hint?: string }> = {
  sum_cost: { label: '消耗', format: 2 },
  sum_show_cnt: { label: '展示数', format: 1 },
  sum_click: { label: '点击数', format: 1 },
  ctr: { label: '点击率', format: 4 },
  ordernum: { label: '订单数', format: 1, hint: PLACED_HINT },
  avg_show_cost: { label: '千次展示成本', format: 2 },
  avg_click_cost: { label: '点击均价', format: 2 },
  avg_price: { label: '客单价', format: 2, hint: PLACED_HINT },
  roi: { label: 'ROI', format: 5, hint: PLACED_HINT },
  pay_roi: { label: '付款 ROI', format: 5, hint: PAID_HINT },
  order_price: { label: '订单金额', format: 2, hint: PLACED_HINT },
  order_price_pay: { label: '付款金额', format: 2, hint: PAID_HINT },
  convert: { label: '转化数', format: 1 },
  convert_cost: { label: '转化成本', format: 2 },
  convert_rate: { label: '转化率', format: 4 },
  convert_order_rate: { label: '下单转化率', format: 4, hint: PLACED_HINT },
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
