/**
 * A link's traffic as the read model gives it (docs/api-tracking.md "Link traffic"): our monitor's shows, clicks and
 * landing visits (link rollups) beside the shows and clicks the ad platforms report for the plans carrying the link
 * (ad facts of the link), over the same span and buckets — and the reasons the two differ, each with its count: a
 * channel that does not send click monitors, plans carrying the link without our click monitor, repeated clicks
 * counted once, clicks whose macros the platform left unfilled. Also the per-link numbers of the link list.
 */
import { channelLabel } from '../../shared/catalog.ts';
import { chinaDay, chinaDayStart, hourStart } from '../../shared/china-clock.ts';
import { INVALID_REASONS, type InvalidReason, invalidReasonLabel, invalidShareText } from '../../shared/invalid-traffic.ts';
import { clickMacros, MONITOR_PATH } from '../../shared/macros.ts';
import { metricsOf, ratio, toWire, ZERO_SUMS } from '../../shared/metrics.ts';
import { fenToYuan } from '../../shared/money.ts';
import { bucketLabel } from '../../shared/periods.ts';
import { bucketStarts, DAY, dayRangeProblem, daysSpan, MAX_SPAN_DAYS, type Span, spanOfTimes, spanProblem } from '../../shared/span.ts';
import type { LinkMetricsRow, linkMetricsInput, linkStatsInput, StatsResult, TrafficReason } from '../../shared/stats.ts';
import type { z } from '../../shared/zod.ts';
import { plansOfLink } from '../ads/lookup.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid, notFound } from '../kernel/errors.ts';
import type { Db } from '../kernel/executor.ts';
import { linkSummaries } from '../links/lookup.ts';
import { requireLink, scopeOf } from '../links/scope.ts';
import { clickQuality, linkInvalidReasons } from '../tracking/lookup.ts';
import { invalidFlagged } from '../tracking/verdict/alert.ts';
import { sumsBy } from './sums.ts';

/** Our CTR field of the stats answer: clicks / shows × 100 with two decimals; null without shows (spec §9: '--', not 0%). */
export const ctrOf = (clicks: number, shows: number): number | null => (shows > 0 ? Math.round(ratio(clicks, shows) * 10000) / 100 : null);

/** The span asked, widened to whole buckets (a 10:30 start reads the 10:00 hour, as the chart shows it). */
function bucketSpan(s: Span, granularity: 'hour' | 'day'): Span {
  const start = (t: number) => (granularity === 'hour' ? hourStart(t) : chinaDayStart(t));
  const step = granularity === 'hour' ? 3600 : DAY;
  return { from: start(s.from), to: start(s.to - 1) + step };
}

async function reasonsOf(
  db: Db,
  link: { pageid: string; state: number },
  span: Span,
  ours: number,
  theirs: number,
): Promise<TrafficReason[]> {
  const out: TrafficReason[] = [];
  const channel = channelLabel(link.state, '这个渠道');
  if (!clickMacros[link.state as keyof typeof clickMacros])
    out.push({
      key: 'no_click_monitor',
      count: null,
      text: `${channel}不向点击监测链接回调点击：我们只数得到落地页访问，点击数以平台报表为准`,
    });
  const plans = await plansOfLink(db, link.pageid);
  const ownMonitor = `${MONITOR_PATH.click}${link.pageid}`;
  const without = plans.filter((p) => !p.click_monitor_url.includes(ownMonitor)).length;
  if (without > 0)
    out.push({
      key: 'plans_without_monitor',
      count: without,
      text: `${plans.length} 个计划带着这条链接，其中 ${without} 个没有填本链接的点击监测地址（只用了落地页）：平台不会把它们的点击回调给我们`,
    });
  const q = await clickQuality(db, link.pageid, span.from, span.to);
  if (q.duplicates > 0)
    out.push({ key: 'deduped', count: q.duplicates, text: `${q.duplicates} 次重复点击（同一点击 ID 或回调参数）只计一次` });
  if (q.unfilled > 0)
    out.push({
      key: 'unfilled_macros',
      count: q.unfilled,
      text: `${q.unfilled} 次点击的宏没有被平台替换（没有点击 ID、回调参数和广告 ID）：无法去重，也归不到计划`,
    });
  const bad = q.invalid.reduce((n, x) => n + x.count, 0);
  if (bad > 0) {
    const parts = q.invalid.map((x) => `${INVALID_REASONS[x.reason as InvalidReason] ?? x.reason} ${x.count}`).join('、');
    out.push({
      key: 'invalid_traffic',
      count: bad,
      text: `${bad} 次无效点击未计入有效点击（无效占比 ${invalidShareText(bad, ours + bad)}）：${parts}。无效点击不归因订单、不回传`,
    });
  }
  if (ours !== theirs)
    out.push({
      key: 'clock',
      count: null,
      text: '平台报表按广告发生的小时计，我们按收到监测请求的时间计：跨小时到达的请求会落在相邻的小时',
    });
  return out;
}

/** `/capi/napi/link/stats`: the link's traffic, ours beside the platforms', per hour or day, with the reasons. */
export async function linkStats(deps: { db: Db }, actor: Actor, input: z.output<typeof linkStatsInput>): Promise<StatsResult> {
  // Tenant scope exactly as the links API: roles 1/2 all, 4 itself + sub-customers, 3 itself, others 4003.
  const scope = await scopeOf(deps.db, actor);
  const asked = spanOfTimes(input.start, input.end);
  const problem = spanProblem(asked, { maxDays: MAX_SPAN_DAYS, noun: '时间' });
  if (problem) throw invalid(problem.msg, { field: problem.field });
  const link = await requireLink(deps.db, scope, input.pageid);
  const span = bucketSpan(asked, input.granularity);
  const filter = { customers: scope, pageids: [link.pageid] };
  const groups = await sumsBy(deps.db, span, filter, ['bucket'], { granularity: input.granularity, sources: ['ad', 'rollup'] });
  const byTs = new Map([...groups.values()].map((g) => [Number(g.key[0]), g]));
  const totals: StatsResult['totals'] = { shows: 0, clicks: 0, invalid_clicks: 0, raw_clicks: 0, visits: 0, ctr: null };
  const platform = { plans: 0, shows: 0, clicks: 0, cost: 0 };
  let costFen = 0;
  const series = bucketStarts(span, input.granularity).map((ts) => {
    const g = byTs.get(ts);
    const m = g?.monitor ?? { shows: 0, clicks: 0, invalidClicks: 0, visits: 0 };
    totals.shows += m.shows;
    totals.clicks += m.clicks;
    totals.invalid_clicks += m.invalidClicks;
    totals.visits += m.visits;
    platform.shows += g?.sums.shows ?? 0;
    platform.clicks += g?.sums.clicks ?? 0;
    costFen += g?.sums.costFen ?? 0;
    return {
      time: bucketLabel(ts, input.granularity),
      ts,
      shows: m.shows,
      clicks: m.clicks,
      invalid_clicks: m.invalidClicks,
      visits: m.visits,
      platform_shows: g?.sums.shows ?? 0,
      platform_clicks: g?.sums.clicks ?? 0,
    };
  });
  totals.raw_clicks = totals.clicks + totals.invalid_clicks;
  totals.ctr = ctrOf(totals.clicks, totals.shows);
  platform.cost = fenToYuan(costFen);
  platform.plans = (await sumsBy(deps.db, span, filter, ['channel', 'plan'], { sources: ['ad'] })).size;
  return { series, totals, platform, reasons: await reasonsOf(deps.db, link, span, totals.clicks, platform.clicks) };
}

/** `/capi/napi/link/metrics`: clicks (ours and the platforms'), orders, cost and ROI of some links the caller sees. */
export async function linkMetrics(
  deps: { db: Db },
  actor: Actor,
  input: z.output<typeof linkMetricsInput>,
): Promise<{ start: string; end: string; list: LinkMetricsRow[] }> {
  const problem = dayRangeProblem(input.start, input.end);
  if (problem) throw invalid(problem.msg, { field: problem.field });
  const scope = await scopeOf(deps.db, actor);
  // every link named must be one the caller sees (deleted ones included: their numbers still count)
  const known = await linkSummaries(deps.db, [...new Set(input.pageids)]);
  const visible = new Set(known.filter((l) => scope === null || scope.includes(Number(l.customerid))).map((l) => l.pageid));
  if (input.pageids.some((p) => !visible.has(p))) throw notFound('推广链接不存在');
  const numbers = await linkNumbers(deps.db, scope, input.pageids, daysSpan(input.start, input.end));
  return { start: input.start, end: input.end, list: input.pageids.map((p) => numbers.get(p) as LinkMetricsRow) };
}

/**
 * Per link of `pageids`: the read model's sums (cost, platform clicks, orders …), our monitor's clicks and visits, and
 * the invalid clicks by reason (the click events, as the plan rows read them).
 */
export async function linkNumbers(db: Db, customers: readonly number[] | null, pageids: readonly string[], span: Span) {
  const rows = await sumsBy(db, span, { customers, pageids }, ['link'], { monitor: true });
  // the events are read only for links with invalid clicks in the span (most links have none)
  const withInvalid = pageids.filter((p) => (rows.get(p)?.monitor.invalidClicks ?? 0) > 0);
  const reasons = await linkInvalidReasons(db, { customers, pageids: withInvalid }, span.from, span.to);
  // most links have no sums in a span (an export's million links): they share one zero row, read-only like every row here
  const zero = toWire(metricsOf(ZERO_SUMS));
  return new Map(
    pageids.map((pageid) => {
      const r = rows.get(pageid);
      const row: LinkMetricsRow = {
        pageid,
        monitor_clicks: r?.monitor.clicks ?? 0,
        visits: r?.monitor.visits ?? 0,
        invalid_clicks: r?.monitor.invalidClicks ?? 0,
        invalid_flagged: invalidFlagged(r?.monitor.clicks ?? 0, r?.monitor.invalidClicks ?? 0),
        invalid_reasons: (reasons.get(pageid) ?? []).map((x) => ({ ...x, label: invalidReasonLabel(x.reason) })),
        metrics: r ? toWire(metricsOf(r.sums)) : zero,
      };
      return [pageid, row];
    }),
  );
}

/** The China days of a list's data columns: the ones asked, else the last 7 days to today. */
export function listDays(now: number, start?: string, end?: string): { start: string; end: string; span: Span } {
  const today = chinaDay(now);
  const s = start ?? chinaDay(chinaDayStart(now) - 6 * DAY);
  const e = end ?? today;
  const problem = dayRangeProblem(s, e, { now });
  if (problem) throw invalid(problem.msg, { field: problem.field });
  return { start: s, end: e, span: daysSpan(s, e) };
}
