/**
 * Spans of time, one rule for every number of the product (docs/metrics.md "Spans"): a span is **half-open**,
 * [from, to) in epoch seconds, and a range of China days [start, end] is the span from `start` 00:00 (+08:00) to the
 * day after `end` 00:00. Dates are parsed by one parser (`parseChinaTime`), checked by one rule (`dayRangeProblem`),
 * and the range limits live here. Pure, shared by the server and the console.
 */
import { chinaDay, chinaDayStart, hourStart, parseChinaTime } from './china-clock.ts';

export const HOUR = 3600;
export const DAY = 86_400;

/** The longest range of China days a screen of numbers (boards, promotion, admin, UDSmart, link stats) answers. */
export const MAX_SPAN_DAYS = 92;
/** The longest range an order list filters on (a year and a day: one season against the last). */
export const MAX_LIST_DAYS = 366;

/** A half-open span of time [from, to), epoch seconds. */
export interface Span {
  from: number;
  to: number;
}

/** The China days [start, end] ('YYYY-MM-DD', both included) as a span; NaN bounds when a date is malformed. */
export function daysSpan(start: string, end: string): Span {
  return { from: parseChinaTime(start), to: parseChinaTime(end) + DAY };
}

/** China-day starts, both included, as a span. */
export const dayStartsSpan = (fromDay: number, toDay: number): Span => ({ from: fromDay, to: toDay + DAY });

/** Hour starts, both included, as a span. */
export const hoursSpan = (fromHour: number, toHour: number): Span => ({ from: fromHour, to: toHour + HOUR });

/** Whole China days a span covers (a partial day counts). */
export const spanDays = (s: Span): number => Math.max(0, Math.ceil((s.to - chinaDayStart(s.from)) / DAY));

/** The span of the same length just before. */
export const spanBefore = (s: Span): Span => ({ from: s.from - (s.to - s.from), to: s.from });

/** The China days ('YYYY-MM-DD') a span starts and ends on (its last second's day). */
export const spanDates = (s: Span): [string, string] => [chinaDay(s.from), chinaDay(s.to - 1)];

/** Every bucket start (hours, or China days) a span touches. */
export function bucketStarts(s: Span, granularity: 'hour' | 'day'): number[] {
  const out: number[] = [];
  if (granularity === 'hour') for (let t = hourStart(s.from); t < s.to; t += HOUR) out.push(t);
  else for (let t = chinaDayStart(s.from); t < s.to; t += DAY) out.push(t);
  return out;
}

/** A date is a real China day written 'YYYY-MM-DD'. */
export const isChinaDate = (text: string): boolean => {
  const t = parseChinaTime(text);
  return !Number.isNaN(t) && chinaDay(t) === text;
};

/**
 * Why the China days [start, end] cannot be answered at `now` (a Chinese message naming the field), or null: a real
 * date each, end not before start, end not after today (when `now` is given), at most `maxDays` days.
 */
export function dayRangeProblem(
  start: string,
  end: string,
  opts: { now?: number; maxDays?: number } = {},
): { field: 'start' | 'end'; msg: string } | null {
  const maxDays = opts.maxDays ?? MAX_SPAN_DAYS;
  if (!isChinaDate(start)) return { field: 'start', msg: '开始日期不是有效日期' };
  if (!isChinaDate(end)) return { field: 'end', msg: '结束日期不是有效日期' };
  if (end < start) return { field: 'end', msg: '结束日期不能早于开始日期' };
  if (opts.now !== undefined && end > chinaDay(opts.now)) return { field: 'end', msg: '结束日期不能晚于今天' };
  if (spanDays(daysSpan(start, end)) > maxDays) return { field: 'end', msg: `日期范围不能超过 ${maxDays} 天` };
  return null;
}

/**
 * A span from a start and an end as the old APIs send them: 'YYYY-MM-DD' (a whole China day: the start's 00:00, or
 * the end's whole day), 'YYYY-MM-DD HH:mm[:ss]' (that second, an end included), or epoch seconds (an end included).
 * NaN bounds when either is malformed.
 */
export function spanOfTimes(start: string | number, end: string | number): Span {
  const at = (v: string | number, isEnd: boolean): number => {
    if (typeof v === 'number') return isEnd ? v + 1 : v;
    const t = parseChinaTime(v);
    if (Number.isNaN(t)) return t;
    const dateOnly = v.trim().length === 10;
    return isEnd ? (dateOnly ? t + DAY : t + 1) : t;
  };
  return { from: at(start, false), to: at(end, true) };
}

/**
 * Why a span from `spanOfTimes` cannot be answered (malformed, reversed, longer than `maxDays`), or null; `noun`
 * says what the fields hold (日期 for order lists' dates, 时间 for the link statistics' times).
 */
export function spanProblem(s: Span, o: { maxDays: number; noun: '日期' | '时间'; field?: string }): { field: string; msg: string } | null {
  const field = o.field ?? 'end';
  if (Number.isNaN(s.from)) return { field: 'start', msg: `开始${o.noun}格式不正确` };
  if (Number.isNaN(s.to)) return { field, msg: `结束${o.noun}格式不正确` };
  if (s.to <= s.from) return { field, msg: `结束${o.noun}不能早于开始${o.noun}` };
  if (s.to - s.from > o.maxDays * DAY) return { field, msg: `${o.noun === '时间' ? '统计时间' : '日期'}范围不能超过 ${o.maxDays} 天` };
  return null;
}
