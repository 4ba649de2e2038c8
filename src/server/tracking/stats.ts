/**
 * Link statistics from rollups (never from raw events). `linkStats` is the service the stats route, the
 * console's link screens and dashboards share; `rollupSeries` is the query under it.
 */

import { type linkStatsInput, MAX_RANGE_DAYS, type StatsPoint, type StatsResult } from '../../shared/stats.ts';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import type { z } from '../../shared/zod.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid } from '../kernel/errors.ts';
import type { Db } from '../kernel/executor.ts';
import { requireLink, scopeOf } from '../links/scope.ts';
import { dayOf, hourOf } from './rollup.ts';
import { rollupSums } from './store.ts';

export type { StatsPoint, StatsResult } from '../../shared/stats.ts';

function toEpoch(v: string | number, endOfRange: boolean): number {
  if (typeof v === 'number') return v;
  const [date, time] = v.split(' ');
  const iso = `${date}T${time ? (time.length === 5 ? `${time}:00` : time) : '00:00:00'}+08:00`;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw invalid('时间格式不正确');
  const s = t / 1000;
  return !time && endOfRange ? s + 86400 - 1 : s;
}

const label = (ts: number, granularity: 'hour' | 'day'): string => {
  const iso = new Date((ts + CHINA_OFFSET_SECONDS) * 1000).toISOString();
  return granularity === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
};

/** clicks / shows × 100, two decimals; null without shows (spec §9: an undefined ratio shows '--', not 0%). */
export const ctrOf = (clicks: number, shows: number): number | null => (shows > 0 ? Math.round((clicks / shows) * 10000) / 100 : null);

/** Zero-filled series over [from, to] for some pages (or customers), summed over advertisers and ads. */
export async function rollupSeries(
  db: Db,
  q: { pageids?: string[]; customerids?: number[]; from: number; to: number; granularity: 'hour' | 'day' },
): Promise<StatsResult> {
  const bucketOf = q.granularity === 'hour' ? hourOf : dayOf;
  const step = q.granularity === 'hour' ? 3600 : 86400;
  const first = bucketOf(q.from);
  const last = bucketOf(q.to);
  const empty = (q.pageids && q.pageids.length === 0) || (q.customerids && q.customerids.length === 0);
  const sums = empty ? new Map<number, { shows: number; clicks: number; visits: number }>() : await rollupSums(db, { ...q, first, last });
  const series: StatsPoint[] = [];
  const totals: StatsResult['totals'] = { shows: 0, clicks: 0, visits: 0, ctr: null };
  for (let t = first; t <= last; t += step) {
    const s = sums.get(t) ?? { shows: 0, clicks: 0, visits: 0 };
    series.push({ time: label(t, q.granularity), ts: t, ...s });
    totals.shows += s.shows;
    totals.clicks += s.clicks;
    totals.visits += s.visits;
  }
  totals.ctr = ctrOf(totals.clicks, totals.shows);
  return { series, totals };
}

export async function linkStats(deps: { db: Db }, actor: Actor, input: z.output<typeof linkStatsInput>): Promise<StatsResult> {
  // Tenant scope exactly as the links API: roles 1/2 all, 4 itself + sub-customers, 3 itself, others 4003.
  const scope = await scopeOf(deps.db, actor);
  const from = toEpoch(input.start, false);
  const to = toEpoch(input.end, true);
  if (to < from) throw invalid('结束时间不能早于开始时间', { field: 'end' });
  if (to - from > MAX_RANGE_DAYS * 86400) throw invalid(`统计时间范围不能超过 ${MAX_RANGE_DAYS} 天`, { field: 'end' });
  const link = await requireLink(deps.db, scope, input.pageid);
  return rollupSeries(deps.db, { pageids: [link.pageid], from, to, granularity: input.granularity });
}
