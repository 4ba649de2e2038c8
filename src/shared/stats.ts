import { z } from './zod.ts';

/** Shows, clicks and visits over time, as the stats API answers them (server and console share these shapes). */
export type Granularity = 'hour' | 'day';

export const MAX_RANGE_DAYS = 92;

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
  clicks: z.number().int(),
  visits: z.number().int(),
});
export type StatsPoint = z.output<typeof statsPoint>;

export const statsResult = z.object({
  series: z.array(statsPoint),
  /** ctr = clicks / shows × 100, two decimals; null without shows (shown '--', spec §9). */
  totals: z.object({ shows: z.number().int(), clicks: z.number().int(), visits: z.number().int(), ctr: z.number().nullable() }),
});
export type StatsResult = z.output<typeof statsResult>;
