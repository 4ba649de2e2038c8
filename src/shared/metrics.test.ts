import { describe, expect, it } from 'vitest';
import { addSums, METRIC_KEYS, metricsOf, ratio, type Sums, toWire, wireMetrics, ZERO_SUMS } from './metrics.ts';

const day: Sums = {
  costFen: 123_456,
  shows: 40_000,
  clicks: 800,
  conversions: 40,
  orders: 25,
  orderFen: 500_000,
  paidOrders: 20,
  paidFen: 398_000,
};

describe('metric formulas (docs/metrics.md)', () => {
  const m = metricsOf(day);
  it.each([
    ['sum_cost', 1234.56],
    ['sum_show_cnt', 40_000],
    ['sum_click', 800],
    ['ctr', 0.02],
    ['ordernum', 25],
    ['avg_show_cost', 30.864],
    ['avg_click_cost', 1.5432],
    ['avg_price', 200],
    ['roi', 500_000 / 123_456],
    ['pay_roi', 398_000 / 123_456],
    ['order_price', 5000],
    ['order_price_pay', 3980],
    ['convert', 40],
    ['convert_cost', 30.864],
    ['convert_rate', 0.05],
    ['convert_order_rate', 0.03125],
  ] as const)('%s', (key, value) => expect(m[key]).toBeCloseTo(value, 9));

  it('takes counts and amounts from the same set of orders: placed for 订单数 / 订单金额 / ROI, paid for 付款金额 / 付款 ROI', () => {
    const placedOnly = metricsOf({ ...ZERO_SUMS, costFen: 10_000, orders: 1, orderFen: 32_360 });
    expect([placedOnly.ordernum, placedOnly.order_price, placedOnly.roi]).toEqual([1, 323.6, 3.236]);
    expect([placedOnly.order_price_pay, placedOnly.pay_roi]).toEqual([0, 0]);
    const paidOnly = metricsOf({ ...ZERO_SUMS, costFen: 10_000, paidOrders: 1, paidFen: 8090 });
    expect([paidOnly.ordernum, paidOnly.order_price, paidOnly.roi]).toEqual([0, 0, 0]);
    expect([paidOnly.order_price_pay, paidOnly.pay_roi]).toEqual([80.9, 0.809]);
    expect(metricsOf({ ...ZERO_SUMS, orders: 4, orderFen: 1000 }).avg_price).toBe(2.5);
  });

  it('gives Infinity for every ratio with a zero denominator, and plain sums stay 0', () => {
    const z = metricsOf(ZERO_SUMS);
    for (const k of [
      'ctr',
      'avg_show_cost',
      'avg_click_cost',
      'avg_price',
      'roi',
      'pay_roi',
      'convert_cost',
      'convert_rate',
      'convert_order_rate',
    ] as const) {
      expect(z[k], k).toBe(Infinity);
    }
    for (const k of ['sum_cost', 'sum_show_cnt', 'sum_click', 'ordernum', 'order_price', 'order_price_pay', 'convert'] as const)
      expect(z[k], k).toBe(0);
    expect(ratio(0, 0)).toBe(Infinity);
  });

  it('sends Infinity as null and rounds money exactly from fen', () => {
    const w = toWire(metricsOf({ ...ZERO_SUMS, costFen: 1 }));
    expect(w.sum_cost).toBe(0.01);
    expect(w.roi).toBe(0);
    expect(w.ctr).toBeNull();
    expect(wireMetrics.parse(w)).toEqual(w);
    expect(Object.keys(w).sort()).toEqual([...METRIC_KEYS].sort());
  });

  it('adds sums field by field (totals are sums, never sums of ratios)', () => {
    const two = addSums(day, day);
    expect(metricsOf(two).ctr).toBe(m.ctr);
    expect(two.costFen).toBe(246_912);
  });
});
