import { describe, expect, it } from 'vitest';
import { METRIC_KEYS, metricsOf, type Sums } from '../../shared/metrics.ts';
import { METRIC_SORT, needsOrders, type SumColumn } from './sort.ts';

const COLUMN: Record<SumColumn, keyof Sums> = {
  cost_fen: 'costFen',
  shows: 'shows',
  clicks: 'clicks',
  conversions: 'conversions',
  orders: 'orders',
  order_fen: 'orderFen',
  paid_orders: 'paidOrders',
  paid_fen: 'paidFen',
};
/** What the SQL computes: num / den, null for a zero denominator. */
const sqlValue = (s: Sums, key: (typeof METRIC_KEYS)[number]): number | null => {
  const { num, den } = METRIC_SORT[key];
  if (!den) return s[COLUMN[num]];
  return s[COLUMN[den]] === 0 ? null : s[COLUMN[num]] / s[COLUMN[den]];
};

function random(seed: number): Sums {
  let x = seed;
  const next = (max: number): number => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % (max + 1);
  };
  return {
    costFen: next(50000),
    shows: next(3) === 0 ? 0 : next(100000),
    clicks: next(500),
    conversions: next(20),
    orders: next(10),
    orderFen: next(90000),
    paidOrders: next(8),
    paidFen: next(80000),
  };
}

describe('sorting by a metric in SQL', () => {
  it.each(METRIC_KEYS)('%s sorts in the order of its metricsOf value, zero denominators where metricsOf says Infinity', (key) => {
    const rows = Array.from({ length: 200 }, (_, i) => random(i + 1));
    for (const s of rows) {
      const m = metricsOf(s)[key];
      const v = sqlValue(s, key);
      if (v === null) expect(m).toBe(Infinity);
      else expect(Number.isFinite(m)).toBe(true);
    }
    const finite = rows.filter((s) => sqlValue(s, key) !== null);
    const bySql = [...finite].sort((a, b) => sqlValue(a, key)! - sqlValue(b, key)!);
    const byMetric = [...finite].sort((a, b) => metricsOf(a)[key] - metricsOf(b)[key]);
    expect(bySql.map((s) => metricsOf(s)[key])).toEqual(byMetric.map((s) => metricsOf(s)[key]));
  });
  it('knows which metrics need the order sums', () => {
    expect(METRIC_KEYS.filter(needsOrders)).toEqual([
      'ordernum',
      'avg_price',
      'roi',
      'pay_roi',
      'order_price',
      'order_price_pay',
      'convert_order_rate',
    ]);
  });
});
