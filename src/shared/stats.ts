import { wireMetrics } from './metrics.ts';
import { invalidTraffic } from './promote-schemas.ts';
import { MAX_SPAN_DAYS } from './span.ts';
import { z } from './zod.ts';

/**
 * A link's traffic over time, as the stats API answers it (server and console share these shapes): our monitor's
 * shows, clicks and visits beside the shows and clicks the ad platforms report for the plans carrying the link,
 * and why the two differ (docs/api-tracking.md "Link traffic").
 */
export type Granularity = 'hour' | 'day';

export const MAX_RANGE_DAYS = MAX_SPAN_DAYS;

/** 'YYYY-MM-DD' (whole China day), 'YYYY-MM-DD HH:mm[:ss]' (China time) or epoch seconds. */
export const timeInput = z.union([
  z.number().int().min(0).max(4102444800),
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '时间格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss'),
]);

export const linkStatsInput = z.object({
  pageid: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,20}$/, '推广链接ID格式不正确')),
  start: timeInput,
  end: timeInput,
  granularity: z.enum(['hour', 'day'], { error: '统计粒度只能是 hour 或 day' }).default('day'),
});
export type LinkStatsInput = z.input<typeof linkStatsInput>;

export const statsPoint = z.object({
  /** 'YYYY-MM-DD HH:00' (hour) or 'YYYY-MM-DD' (day), China time. */
  time: z.string(),
  /** Bucket start, epoch seconds. */
  ts: z.number().int(),
  shows: z.number().int(),
  /** Valid clicks (有效点击); `invalid_clicks` beside them (raw = clicks + invalid_clicks). */
  clicks: z.number().int(),
  invalid_clicks: z.number().int(),
  visits: z.number().int(),
  /** The ad platforms' report for the plans carrying the link, same bucket. */
  platform_shows: z.number().int(),
  platform_clicks: z.number().int(),
});
export type StatsPoint = z.output<typeof statsPoint>;

/** Why our monitor's counts and the platform's differ: each reason with its count in the span (null: a fact of the setup). */
export const trafficReason = z.object({
  key: z.enum(['no_click_monitor', 'plans_without_monitor', 'deduped', 'unfilled_macros', 'invalid_traffic', 'clock']),
  count: z.number().int().nullable(),
  text: z.string(),
});
export type TrafficReason = z.output<typeof trafficReason>;

export const statsResult = z.object({
  series: z.array(statsPoint),
  /** Our monitor's totals; ctr = (valid) clicks / shows × 100, two decimals; null without shows (shown '--', spec §9). */
  totals: z.object({
    shows: z.number().int(),
    /** Valid clicks (有效点击), the invalid ones beside them and both together (raw_clicks = clicks + invalid_clicks). */
    clicks: z.number().int(),
    invalid_clicks: z.number().int(),
    raw_clicks: z.number().int(),
    visits: z.number().int(),
    ctr: z.number().nullable(),
  }),
  /** The platforms' report for the same link and span: plans with facts, shows, clicks, cost (yuan). */
  platform: z.object({ plans: z.number().int(), shows: z.number().int(), clicks: z.number().int(), cost: z.number() }),
  reasons: z.array(trafficReason),
});
export type StatsResult = z.output<typeof statsResult>;

/** `/capi/napi/link/metrics`: per-link numbers of one page of the link list over China days (the /landing columns). */
export const linkMetricsInput = z.object({
  pageids: z
    .array(
      z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().regex(/^\d{1,20}$/, '推广链接ID格式不正确')),
      {
        error: '请指定推广链接',
      },
    )
    .max(100, '一次最多 100 条推广链接'),
  start: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期必须是 YYYY-MM-DD 格式的日期'),
  end: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期必须是 YYYY-MM-DD 格式的日期'),
});
export const linkMetricsRow = z.object({
  pageid: z.string(),
  /** Our monitor's clicks (有效点击) and landing visits. */
  monitor_clicks: z.number().int(),
  visits: z.number().int(),
  /** Our monitor's invalid clicks (无效点击), not in `monitor_clicks`: 无效占比 = invalid / (monitor_clicks + invalid). */
  invalid_clicks: z.number().int(),
  /** The invalid share passes the alert (tracking/verdict/config.ts DEFAULT_ALERT: ≥ 20 % of ≥ 50 monitored clicks). */
  invalid_flagged: z.boolean(),
  /**
   * The invalid clicks by reason (`reason` of shared/invalid-traffic.ts, `label` its Chinese name), most first: they add
   * up to `invalid_clicks`. Read as the plan rows' breakdown (tracking/lookup.ts).
   */
  invalid_reasons: invalidTraffic.shape.reasons,
  metrics: wireMetrics,
});
export type LinkMetricsRow = z.output<typeof linkMetricsRow>;
export const linkMetricsOutput = z.object({ start: z.string(), end: z.string(), list: z.array(linkMetricsRow) });
