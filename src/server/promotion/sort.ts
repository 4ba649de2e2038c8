/**
 * Sorting a list by a metric in SQL. Each §3 metric is a sum or a ratio of two sums (docs/metrics.md); a
 * ratio's constant factors (× 1000 / 100 …) do not change the order, so a metric sorts by num / den. A zero
 * denominator is '--' (Infinity in `metricsOf`): those rows sort last in both directions.
 */
import { type RawBuilder, sql } from 'kysely';
import { METRIC_FORMULA, METRIC_KEYS, type MetricKey, type Sums } from '../../shared/metrics.ts';

export type SumColumn = 'cost_fen' | 'shows' | 'clicks' | 'conversions' | 'orders' | 'order_fen' | 'paid_orders' | 'paid_fen';
const ORDER_COLUMNS: readonly SumColumn[] = ['orders', 'order_fen', 'paid_orders', 'paid_fen'];
/** The sums' columns in the read model's keyed sums (facts/keyed.ts). */
const COLUMN: Record<keyof Sums, SumColumn> = {
  costFen: 'cost_fen',
  shows: 'shows',
  clicks: 'clicks',
  conversions: 'conversions',
  orders: 'orders',
  orderFen: 'order_fen',
  paidOrders: 'paid_orders',
  paidFen: 'paid_fen',
};

/** Each metric's num / den as columns: the one formula of `METRIC_FORMULA` (src/shared/metrics.ts). */
export const METRIC_SORT = Object.fromEntries(
  METRIC_KEYS.map((k) => {
    const f = METRIC_FORMULA[k];
    return [k, { num: COLUMN[f.num], ...(f.den ? { den: COLUMN[f.den] } : {}) }];
  }),
) as Readonly<Record<MetricKey, { num: SumColumn; den?: SumColumn }>>;

export const needsOrders = (m: MetricKey): boolean =>
  ORDER_COLUMNS.includes(METRIC_SORT[m].num) || (METRIC_SORT[m].den !== undefined && ORDER_COLUMNS.includes(METRIC_SORT[m].den));

/** The SQL value a metric sorts by, over the joined ad sums `fa` and order sums `oa` (null = '--'). */
export function sortExpression(m: MetricKey): RawBuilder<number | null> {
  const col = (c: SumColumn) => sql`coalesce(${sql.ref(`${ORDER_COLUMNS.includes(c) ? 'oa' : 'fa'}.${c}`)}, 0)`;
  const { num, den } = METRIC_SORT[m];
  if (!den) return sql<number | null>`${col(num)}`;
  return sql<number | null>`case when ${col(den)} = 0 then null else ${col(num)} * 1.0 / ${col(den)} end`;
}
