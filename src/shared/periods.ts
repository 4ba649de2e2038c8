/**
 * Reporting periods of the boards (docs/api-dashboard.md "Periods"): the spec §5 presets, a range of China days
 * cut at the current hour, and the previous period of the same length. Pure: `now` is passed in (epoch seconds),
 * so the server (deps.clock) and the tests agree to the second.
 */
import { chinaDay, chinaDayStart, hourStart, parseChinaTime } from './china-clock.ts';
import { bucketStarts, DAY, dayRangeProblem, MAX_SPAN_DAYS, type Span } from './span.ts';

export type { Span } from './span.ts';

/** Spec §5 time presets, in the order the pickers show them; `type` 1–8 of `/api/index/*` names them. */
export const PERIOD_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  today: '今天',
  yesterday: '昨天',
  last7: '最近7天',
  last30: '最近30天',
  thisWeek: '本周',
  lastWeek: '上周',
  thisMonth: '本月',
  lastMonth: '上月',
};

/** The longest range a board answers (a quarter, and a little more): the one limit of `span.ts`. */
export const MAX_PERIOD_DAYS = MAX_SPAN_DAYS;

/** 'YYYY-MM-DD' of the China day `days` after the day holding `t`. */
const dayAfter = (t: number, days: number): string => chinaDay(chinaDayStart(t) + days * DAY);

/** Year, month (1–12) and day of month of a China date. */
function ymd(date: string): [number, number, number] {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return [y, m, d];
}
const pad = (n: number): string => String(n).padStart(2, '0');
const monthStart = (y: number, m: number): string => `${y}-${pad(m)}-01`;
const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The first and last China day of a preset, seen at `now` (weeks start on Monday). */
export function presetDates(preset: PeriodPreset, now: number): [string, string] {
  const today = chinaDay(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const [y, m] = ymd(today);
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [dayAfter(now, -1), dayAfter(now, -1)];
    case 'last7':
      return [dayAfter(now, -6), today];
    case 'last30':
      return [dayAfter(now, -29), today];
    case 'thisWeek':
      return [dayAfter(now, -weekday), today];
    case 'lastWeek':
      return [dayAfter(now, -weekday - 7), dayAfter(now, -weekday - 1)];
    case 'thisMonth':
      return [monthStart(y, m), today];
    case 'lastMonth': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return [monthStart(py, pm), `${py}-${pad(pm)}-${pad(daysInMonth(py, pm))}`];
    }
  }
}

export type Granularity = 'hour' | 'day';

export interface Period {
  /** The asked China days. */
  start: string;
  end: string;
  /** From the first day's 00:00 to the end of the last day, or to the end of the current hour when that is sooner. */
  current: Span;
  /** The same length immediately before: its days, and the span cut at the same hour. */
  previousStart: string;
  previousEnd: string;
  previous: Span;
  /**
   * How much of the current span's last hour has passed (0–1): 1 when the period is over, 20/60 at 00:20 of a
   * running period. The previous period's last hour counts with this weight (`previousSumsBy`), so 00:00–00:20 of
   * today is compared with 00:00–00:20 of yesterday, not with its whole hour (docs/metrics.md "Change against the
   * previous period").
   */
  elapsed: number;
  /** Whether any of the period has passed yet (false only at its very first second): before that, no change. */
  comparable: boolean;
  days: number;
  /** Trend buckets: hours for one day, days for longer ranges. */
  granularity: Granularity;
}

/**
 * The period of the China days [start, end] seen at `now`, and the previous period of the same length: a range
 * that reaches into the current hour stops there, and so does its previous period (today until 14:59 is compared
 * with yesterday until 14:59; the last 7 days with the 7 days before, cut at the same hour). Throws on a malformed
 * date; callers check the limits first (`periodProblem`).
 */
export function periodOf(start: string, end: string, now: number): Period {
  const from = parseChinaTime(start);
  const last = parseChinaTime(end);
  if (Number.isNaN(from) || Number.isNaN(last)) throw new Error(`not a date range: ${start} – ${end}`);
  const whole = last + DAY;
  const length = whole - from;
  const to = Math.max(from, Math.min(whole, hourStart(now) + 3600));
  return {
    start,
    end,
    current: { from, to },
    previousStart: chinaDay(from - length),
    previousEnd: chinaDay(whole - length - DAY),
    previous: { from: from - length, to: to - length },
    elapsed: to === hourStart(now) + 3600 ? (now - hourStart(now)) / 3600 : 1,
    comparable: now > from,
    days: length / DAY,
    granularity: length === DAY ? 'hour' : 'day',
  };
}

/** Why a range cannot be answered (a Chinese message naming the field), or null when it can (`span.ts`'s one rule). */
export const periodProblem = (start: string, end: string, now: number): { field: 'start' | 'end'; msg: string } | null =>
  dayRangeProblem(start, end, { now });

/** The bucket starts of a span: every hour, or every China day it touches. */
export const bucketsOf = (span: Span, granularity: Granularity): number[] => bucketStarts(span, granularity);

/** How a bucket reads on an axis: 'YYYY-MM-DD HH:00' or 'YYYY-MM-DD' (China time). */
export function bucketLabel(t: number, granularity: Granularity): string {
  return granularity === 'day' ? chinaDay(t) : `${chinaDay(t)} ${pad(Math.floor((t - chinaDayStart(t)) / 3600))}:00`;
}

/**
 * Change of a value against the previous period as a ratio (0.125 = +12.5 %): 0 when both are 0, Infinity (shown
 * '--') when only the previous is 0, and Infinity when either side is itself undefined (Infinity).
 */
export function changeOf(current: number, previous: number): number {
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return Infinity;
  if (previous === 0) return current === 0 ? 0 : Infinity;
  return (current - previous) / Math.abs(previous);
}
