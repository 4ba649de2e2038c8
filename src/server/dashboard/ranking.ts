/**
 * The pieces every board answer shares: the period (validated against the clock), metrics now / before / change,
 * and ranking rows by any metric with the pager. Pure but for `resolvePeriod`'s clock.
 */
import type { PeriodView, SortField } from '../../shared/dashboard.ts';
import { METRIC_KEYS, type Metrics, metricsOf, type Sums, toWire, type WireMetrics } from '../../shared/metrics.ts';
import { changeOf, type Period, periodOf, periodProblem } from '../../shared/periods.ts';
import { invalid } from '../kernel/errors.ts';

/** The period of [start, end] at `now`, or 4000 naming the field when the range cannot be answered. */
export function resolvePeriod(start: string, end: string, now: number): Period {
  const problem = periodProblem(start, end, now);
  if (problem) throw invalid(problem.msg, { field: problem.field });
  return periodOf(start, end, now);
}

export const periodView = (p: Period): PeriodView => ({
  start: p.start,
  end: p.end,
  previous_start: p.previousStart,
  previous_end: p.previousEnd,
  until: p.current.to,
  previous_until: p.previous.to - Math.round((1 - p.elapsed) * 3600),
  comparable: p.comparable,
  granularity: p.granularity,
});

/**
 * Metrics of two periods and the change of each (a ratio; Infinity → null on the wire). A period that is not
 * `comparable` yet (its first second) has no change: every metric's is Infinity ('--'). `previous` is read like
 * with like (`previousSumsBy`).
 */
export function compared(
  current: Sums,
  previous: Sums,
  comparable = true,
): { metrics: WireMetrics; previous: WireMetrics; change: WireMetrics } {
  const now = metricsOf(current);
  const before = metricsOf(previous);
  const change = Object.fromEntries(METRIC_KEYS.map((k) => [k, comparable ? changeOf(now[k], before[k]) : Infinity])) as unknown as Metrics;
  return { metrics: toWire(now), previous: toWire(before), change: toWire(change) };
}

/** What a ranked row is sorted by. */
export interface Rankable {
  name: string;
  /** Time rows: the bucket start. */
  ts?: number;
  visits?: number | null;
  /** At least the metric sorted by (a list of thousands of rows computes only that one). */
  metrics: Partial<Metrics>;
}

/** Names in Chinese order: `localeCompare(…, 'zh-CN')`'s collation, made once (a call with a locale makes it each time). */
const byName = new Intl.Collator('zh-CN').compare;

/**
 * Sort by any metric (or name, time, visits). A metric that is undefined for a row (Infinity: '--') sorts last
 * in both directions, so '--' never tops a ranking; ties keep the name order.
 */
export function rankRows<T extends Rankable>(rows: T[], field: SortField, order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const keyOf = (r: T): number | string => {
    if (field === 'name') return r.name;
    if (field === 'time') return r.ts ?? 0;
    if (field === 'visits') return r.visits ?? Infinity;
    return r.metrics[field] ?? Infinity;
  };
  return [...rows].sort((a, b) => {
    const va = keyOf(a);
    const vb = keyOf(b);
    if (typeof va === 'string' || typeof vb === 'string') return sign * byName(String(va), String(vb)) || 0;
    const fa = Number.isFinite(va);
    const fb = Number.isFinite(vb);
    if (fa !== fb) return fa ? -1 : 1;
    if (fa && va !== vb) return sign * (va - vb);
    return byName(a.name, b.name);
  });
}

/** One page of rows. */
export const pageOf = <T>(rows: readonly T[], page: number, pagesize: number): T[] => rows.slice((page - 1) * pagesize, page * pagesize);

/** The asked sort, or the default: time lists by time ascending, every other list by cost descending. */
export function sortOf(input: { sort_field?: SortField; sort?: 'asc' | 'desc' }, timed: boolean): [SortField, 'asc' | 'desc'] {
  if (input.sort_field) return [input.sort_field, input.sort ?? 'desc'];
  return timed ? ['time', input.sort ?? 'asc'] : ['sum_cost', input.sort ?? 'desc'];
}
