/**
 * The admin's fast path for a page of every customer's plans sorted by an ad sum (cost, shows, clicks, conversions),
 * largest first, over a preset range (`PERIOD_DAYS` closed days ending yesterday, with or without today, or today
 * alone): the per-plan period sums and today's per-plan sums (`ad_plan_periods`, ads/plan-periods.ts), instead of
 * summing every plan-day.
 *
 * Exact, and the same rows in the same order as the slow path (`listEntities`): a plan's sum is P (its period row, 0
 * without one) + T (its row of today, 0 without one), T ≥ 0. Let K = offset + page size and v the K-th largest P
 * among the listed plans (an index range on (days, platform, P)). A plan X among the first K of the list has a whole
 * sum P(X) + T(X) ≥ v: else at least K listed plans have P ≥ v, each a sum ≥ its P ≥ v > X's sum, all before X. With
 * Tmax the largest T, such an X has P(X) ≥ v − Tmax, or no period row and T(X) ≥ v. So the first K of the whole list are
 * the first K of the plans with P ≥ v − Tmax or T ≥ v (two index ranges) whose whole sum P + T reaches v, sorted by
 * the same expression and tie-break (e.id desc). Without today, T = 0; today alone, P = 0 and the rows of today are the
 * period. Any other range inside the last 90 days is bounded by the shortest period that covers it (`coveredTop`).
 * When fewer than K listed plans have a sum > 0 (v ≤ 0: plans without any sum would come into play), the watermark is
 * not yesterday, the range starts before the 90 days, the sort is another or ascending, or anything but the channel
 * narrows the list: null (slow path).
 */
import { type RawBuilder, sql } from 'kysely';
import { chinaDayStart } from '../../shared/china-clock.ts';
import type { MetricKey } from '../../shared/metrics.ts';
import { DAY, type Span } from '../../shared/span.ts';
import { PERIOD_DAYS, planPeriodsThrough, TODAY } from '../ads/plan-periods.ts';
import { type KeyedFilter, keyedAdSums } from '../facts/keyed.ts';
import type { Executor } from '../kernel/executor.ts';
import { sortExpression } from './sort.ts';
import type { EntityRow } from './store.ts';
import { candidates, type TreeFilter } from './tree-store.ts';

/** The ad sums a plan list sorts by that are one column of the period table. */
type SumColumn = 'cost_fen' | 'shows' | 'clicks' | 'conversions';
const SUM_COLUMN: Partial<Record<MetricKey, SumColumn>> = {
  sum_cost: 'cost_fen',
  sum_show_cnt: 'shows',
  sum_click: 'clicks',
  convert: 'conversions',
};

/** Whether the fast path may be taken (off: the benchmark's and the tests' A/B), and how often it answered. */
export const planTop = { on: true, taken: 0 };

export interface TopRequest {
  filter: TreeFilter;
  metric: MetricKey | null;
  dir: 'asc' | 'desc';
  offset: number;
  pagesize: number;
  span: Span;
  /** Today's China-day start (absent: no fast path). */
  today?: number;
}

/** The closed days of the period the span is, and whether it includes today; null if it is no preset. */
function periodOf(span: Span, today: number): { days: number; withToday: boolean } | null {
  const from = chinaDayStart(span.from);
  const to = chinaDayStart(span.to - 1) + DAY;
  const withToday = to === today + DAY;
  if (!withToday && to !== today) return null;
  const days = (today - from) / DAY;
  if (days === 0 && withToday) return { days, withToday }; // today alone: its daily rows, no period
  return (PERIOD_DAYS as readonly number[]).includes(days) ? { days, withToday } : null;
}

type Ranked = { days: number; col: SumColumn; platform: number; k: number };

/** The listed plans' rows of `days` (a period, or today), largest `col` first: an index range on (days, platform, col). */
const ranked = (db: Executor, a: Ranked) =>
  db
    .selectFrom('ad_plan_periods as p')
    .innerJoin('ad_entities as e', (j) =>
      j.onRef('e.platform', '=', 'p.platform').onRef('e.entity_id', '=', 'p.plan_id').on('e.level', '=', 'plan'),
    )
    .where('p.days', '=', a.days)
    .where('p.platform', '=', a.platform)
    .where('e.status', '<>', 'deleted')
    .orderBy(`p.${a.col}`, 'desc');

/** The K-th largest `col` among the listed plans' rows of `days` (0 if fewer than K). */
async function kthLargest(db: Executor, a: Ranked): Promise<number> {
  const kth = await ranked(db, a)
    .select(`p.${a.col} as v`)
    .limit(1)
    .offset(a.k - 1)
    .executeTakeFirst();
  return Number(kth?.v ?? 0);
}

/** The K listed plans with the largest rows of `days`. */
async function topKeys(db: Executor, a: Ranked): Promise<string[]> {
  return (await ranked(db, a).select('p.plan_id').limit(a.k).execute()).map((x) => x.plan_id);
}

/** A page of plans by the fast path, or null where it does not apply (the caller takes the slow path). */
export async function topPlans(db: Executor, r: TopRequest): Promise<EntityRow[] | null> {
  const f = r.filter;
  const col = r.metric ? SUM_COLUMN[r.metric] : undefined;
  const plain = !f.advertiserId && !f.campaignId && !f.planId && !f.pageid && !f.status && !f.exact && f.pl === undefined;
  if (!planTop.on || !col || r.dir !== 'desc' || f.level !== 'plan' || f.scope !== null || f.platform === undefined || !plain) return null;
  if (r.today === undefined) return null;
  const today = r.today;
  const period = periodOf(r.span, today);
  const cover = period ? null : coverOf(r.span, today);
  if ((!period && !cover) || (await planPeriodsThrough(db)) !== today - DAY) return null;
  const platform = f.platform;
  if (cover) return coveredTop(db, r, { ...cover, col, platform, k: r.offset + r.pagesize });
  if (!period) return null;
  const v = await kthLargest(db, { days: period.days, col, platform, k: r.offset + r.pagesize });
  if (!(v > 0)) return null;
  const ref = sql.ref(col);
  const cols = sql.raw('platform, plan_id as k, cost_fen, shows, clicks, conversions');
  const rows = (days: number, floor: number) =>
    sql`select ${cols} from ad_plan_periods where days = ${days} and platform = ${platform} and ${ref} >= ${floor}`;
  if (period.days === TODAY || !period.withToday) return page(db, r, sql`(${rows(period.days, v)})`);
  // With today: T ≤ Tmax (the largest sum of today), so a plan whose whole sum reaches v has P ≥ v − Tmax, or no period
  // row and T ≥ v — two index ranges, each plan's whole sum P + T then read by key.
  const floor = v - (await largestToday(db, col, platform));
  const sum = (c: string) => sql.raw(`coalesce(p.${c}, 0) + coalesce(t.${c}, 0) as ${c}`);
  const whole = sql.join(['cost_fen', 'shows', 'clicks', 'conversions'].map(sum));
  const sums = sql<SumRow>`(select c.platform, c.k, ${whole}
    from (select platform, plan_id as k from ad_plan_periods where days = ${period.days} and platform = ${platform} and ${ref} >= ${floor}
      union select platform, plan_id as k from ad_plan_periods where days = ${TODAY} and platform = ${platform} and ${ref} >= ${v}) c
    left join ad_plan_periods p on p.days = ${period.days} and p.platform = c.platform and p.plan_id = c.k
    left join ad_plan_periods t on t.days = ${TODAY} and t.platform = c.platform and t.plan_id = c.k
    where coalesce(p.${ref}, 0) + coalesce(t.${ref}, 0) >= ${v})`;
  return page(db, r, sums);
}

/** The largest sum of today of any plan of the channel (Tmax): one index row. */
async function largestToday(db: Executor, col: SumColumn, platform: number): Promise<number> {
  const top = await db
    .selectFrom('ad_plan_periods')
    .select(`${col} as t`)
    .where('days', '=', TODAY)
    .where('platform', '=', platform)
    .orderBy(col, 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(top?.t ?? 0);
}

/** Deeper pages than this many rows of a range that is no preset take the slow path (the seeds are bound values). */
const MAX_SEEDS = 1000;
/**
 * Seeds per row of the page, from each ranking: a range far from yesterday (last month) shares few of its largest plans
 * with the covering period, and v needs K seeds with a sum in the range — more seeds also raise v, so fewer plans are
 * summed exactly.
 */
const SEEDS_PER_ROW = 5;

/**
 * A range of whole days that is no preset but lies inside the last 90 (today included or not): the shortest period
 * ending yesterday that holds its closed days. Null otherwise (a range ending before it, or starting earlier).
 */
function coverOf(span: Span, today: number): { days: number; withToday: boolean } | null {
  const from = chinaDayStart(span.from);
  const to = chinaDayStart(span.to - 1) + DAY;
  if (to > today + DAY || from >= Math.min(to, today)) return null;
  const days = PERIOD_DAYS.find((n) => today - n * DAY <= from);
  return days === undefined ? null : { days, withToday: to === today + DAY };
}

/**
 * Any other range inside the last 90 days: a plan's exact sum S over the range is at most U = P + T, P its row of the
 * covering period (`coverOf`), T its row of today when the range has today (0 otherwise) — every fact is ≥ 0. The exact
 * sums of seeds (the 5·K listed plans of largest P, and of largest T) give v, the K-th largest S among them: at least K
 * listed plans have S ≥ v, so every plan of the first K has S ≥ v, hence U ≥ v: P ≥ v − Tmax, or no period row and
 * T ≥ v. The exact sums of those plans only — by the slow path's own `keyedAdSums` — then make the page.
 */
async function coveredTop(
  db: Executor,
  r: TopRequest,
  a: { days: number; withToday: boolean; col: SumColumn; platform: number; k: number },
): Promise<EntityRow[] | null> {
  if (a.k > MAX_SEEDS) return null;
  const seeds = await topKeys(db, { ...a, k: a.k * SEEDS_PER_ROW });
  if (a.withToday) seeds.push(...(await topKeys(db, { ...a, days: TODAY, k: a.k * SEEDS_PER_ROW })));
  const exactOf = (f: KeyedFilter) => keyedAdSums(db, 'plan', f, r.span);
  const seeded = await exactOf({ customers: null, channel: a.platform, keys: [...new Set(seeds)] }).execute();
  const v = seeded.map((s) => Number(s[a.col])).sort((x, y) => y - x)[a.k - 1] ?? 0;
  if (!(v > 0)) return null;
  const ref = sql.ref(a.col);
  const floor = v - (a.withToday ? await largestToday(db, a.col, a.platform) : 0);
  const fromToday = a.withToday
    ? sql` union select plan_id from ad_plan_periods where days = ${TODAY} and platform = ${a.platform} and ${ref} >= ${v}`
    : sql``;
  const keyIn = sql`select plan_id from ad_plan_periods where days = ${a.days} and platform = ${a.platform} and ${ref} >= ${floor}${fromToday}`;
  return page(db, r, sql<SumRow>`(${exactOf({ customers: null, channel: a.platform, keyIn })})`);
}

interface SumRow {
  platform: number;
  k: string;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions: number;
}
type SumRows = RawBuilder<SumRow>;

/** The page: the listed plans among the sums' keys, sorted and tie-broken as the slow path does. */
async function page(db: Executor, r: TopRequest, sums: SumRows): Promise<EntityRow[]> {
  planTop.taken += 1;
  return (await candidates(db, r.filter)
    .selectAll('e')
    .select('b.pageid as bound_pageid')
    .innerJoin(sums.as('fa'), (j) => j.onRef('fa.platform', '=', 'e.platform').onRef('fa.k', '=', 'e.entity_id'))
    .orderBy(sortExpression(r.metric as MetricKey), (ob) => ob.desc().nullsLast())
    .orderBy('e.id', 'desc')
    .limit(r.pagesize)
    .offset(r.offset)
    .execute()) as EntityRow[];
}
