import { type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import { chinaDate } from '../../shared/time.ts';
import type { AdSumRow } from '../ads/directory.ts';
import type { OrderSumRow } from '../orders/directory.ts';

/** China days as the facts tables key them (epoch seconds at 00:00 +08:00), and sums from both facts tables. */
export const DAY = 86_400;

/** 'YYYY-MM-DD' (China) → the day's start, epoch seconds. */
export const dayStart = (date: string): number => Date.parse(`${date}T00:00:00+08:00`) / 1000;

/** The China day that holds `epochSeconds`. */
export const dayOf = (epochSeconds: number): number => dayStart(chinaDate(epochSeconds));

/** Every day start from `from` to `to`, inclusive. */
export function daysFrom(from: number, to: number): number[] {
  const out: number[] = [];
  for (let d = from; d <= to; d += DAY) out.push(d);
  return out;
}

/** The period of the same length just before [from, to]. */
export const previousPeriod = (from: number, to: number): [number, number] => [from - (to - from + DAY), from - DAY];

/** One Sums from an ad facts row and an order facts row (either may be missing). */
export function sumsOf(ad?: AdSumRow, order?: OrderSumRow): Sums {
  return {
    ...ZERO_SUMS,
    costFen: ad?.costFen ?? 0,
    shows: ad?.shows ?? 0,
    clicks: ad?.clicks ?? 0,
    conversions: ad?.conversions ?? 0,
    orders: order?.orders ?? 0,
    orderFen: order?.orderFen ?? 0,
    paidOrders: order?.paidOrders ?? 0,
    paidFen: order?.paidFen ?? 0,
  };
}

/** Index rows by a key. */
export const byKey = <T>(rows: readonly T[], key: (r: T) => string | number): Map<string | number, T> =>
  new Map(rows.map((r) => [key(r), r]));
