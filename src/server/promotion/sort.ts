/**
 * Sorting a list by a metric in SQL. Each §3 metric is a sum or a ratio of two sums (docs/metrics.md); a
 * ratio's constant factors (× 1000 / 100 …) do not change the order, so a metric sorts by num / den. A zero
 * denominator is '--' (Infinity in `metricsOf`): those rows sort last in both directions.
 */
import { type RawBuilder, sql } from 'kysely';
import type { MetricKey } from '../../shared/metrics.ts';

export type SumColumn = 'cost_fen' | 'shows' | 'clicks' | 'conversions' | 'orders' | 'order_fen' | 'paid_orders' | 'paid_fen';
const ORDER_COLUMNS: readonly SumColumn[] = ['orders', 'order_fen', 'paid_orders', 'paid_fen'];

export const METRIC_SORT: Readonly<Record<MetricKey, { num: SumColumn; den?: SumColumn }>> = {
  sum_cost: { num: 'cost_fen' },
  sum_show_cnt: { num: 'shows' },
  sum_click: { num: 'clicks' },
  ctr: { num: 'clicks', den: 'shows' },
  ordernum: { num: 'paid_orders' },
  avg_show_cost: { num: 'cost_fen', den: 'shows' },
  avg_click_cost: { num: 'cost_fen', den: 'clicks' },
  avg_price: { num: 'paid_fen', den: 'paid_orders' },
  roi: { num: 'order_fen', den: 'cost_fen' },
  pay_roi: { num: 'paid_fen', den: 'cost_fen' },
  order_price: { num: 'order_fen' },
  order_price_pay: { num: 'paid_fen' },
  convert: { num: 'conversions' },
  convert_cost: { num: 'cost_fen', den: 'conversions' },
  convert_rate: { num: 'conversions', den: 'clicks' },
  convert_order_rate: { num: 'paid_orders', den: 'clicks' },
};

export const needsOrders = (m: MetricKey): boolean =>
  ORDER_COLUMNS.includes(METRIC_SORT[m].num) || (METRIC_SORT[m].den !== undefined && ORDER_COLUMNS.includes(METRIC_SORT[m].den));

/** The SQL value a metric sorts by, over the joined ad sums `fa` and order sums `oa` (null = '--'). */
export function sortExpression(m: MetricKey): RawBuilder<number | null> {
  const col = (c: SumColumn) => sql`coalesce(${sql.ref(`${ORDER_COLUMNS.includes(c) ? 'oa' : 'fa'}.${c}`)}, 0)`;
  const { num, den } = METRIC_SORT[m];
  if (!den) return sql<number | null>`${col(num)}`;
  return sql<number | null>`case when ${col(den)} = 0 then null else ${col(num)} * 1.0 / ${col(den)} end`;
}
