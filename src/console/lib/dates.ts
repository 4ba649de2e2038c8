import type { Dayjs } from 'dayjs';
import { backflowDefaults as sharedBackflow, historyStart as sharedHistoryStart } from '../../shared/order-dates.ts';
import { businessDay, businessNow } from './clock.ts';

export const DATE_FMT = 'YYYY-MM-DD';
export type DateRangeValue = readonly [string, string];

/**
 * Spec §5 date rules:
 * - 'fromYesterday': dates before yesterday are disallowed;
 * - 'noFuture': future dates are disallowed (the common case);
 * - 'beforeToday': today and later are disallowed;
 * - 'since20230521': only 2023-05-21 up to today;
 * - 'any': no limit.
 */
export type DateRule = 'fromYesterday' | 'noFuture' | 'beforeToday' | 'since20230521' | 'any';

/** Every date here is a business (China) date; `now` defaults to the business clock (lib/clock.ts). */

export interface DateLimits {
  min: Dayjs | null;
  max: Dayjs | null;
}

export function dateLimits(rule: DateRule, now: Dayjs = businessNow()): DateLimits {
  const today = now.startOf('day');
  switch (rule) {
    case 'fromYesterday':
      return { min: today.subtract(1, 'day'), max: null };
    case 'noFuture':
      return { min: null, max: today };
    case 'beforeToday':
      return { min: null, max: today.subtract(1, 'day') };
    case 'since20230521':
      return { min: businessDay('2023-05-21'), max: today };
    case 'any':
      return { min: null, max: null };
  }
}

/** True when `date` may not be picked under `rule`. */
export function isDateDisabled(rule: DateRule, date: Dayjs | string, now: Dayjs = businessNow()): boolean {
  const d = (typeof date === 'string' ? businessDay(date) : date).startOf('day');
  const { min, max } = dateLimits(rule, now);
  return (min !== null && d.isBefore(min)) || (max !== null && d.isAfter(max));
}

/** Monday of the week holding `d` (weeks start on Monday). */
export const startOfWeek = (d: Dayjs): Dayjs => d.startOf('day').subtract((d.day() + 6) % 7, 'day');

export type PresetKey = 'today' | 'yesterday' | 'last7' | 'last30' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth';

export const presetLabels: Record<PresetKey, string> = {
  today: '今天',
  yesterday: '昨天',
  last7: '最近7天',
  last30: '最近30天',
  thisWeek: '本周',
  lastWeek: '上周',
  thisMonth: '本月',
  lastMonth: '上月',
};

const fmt = (a: Dayjs, b: Dayjs): DateRangeValue => [a.format(DATE_FMT), b.format(DATE_FMT)];

/** Spec §5 time presets (今天 … 上月). */
export function presetRange(key: PresetKey, now: Dayjs = businessNow()): DateRangeValue {
  const t = now.startOf('day');
  switch (key) {
    case 'today':
      return fmt(t, t);
    case 'yesterday':
      return fmt(t.subtract(1, 'day'), t.subtract(1, 'day'));
    case 'last7':
      return fmt(t.subtract(6, 'day'), t);
    case 'last30':
      return fmt(t.subtract(29, 'day'), t);
    case 'thisWeek':
      return fmt(startOfWeek(t), t);
    case 'lastWeek': {
      const mon = startOfWeek(t).subtract(7, 'day');
      return fmt(mon, mon.add(6, 'day'));
    }
    case 'thisMonth':
      return fmt(t.startOf('month'), t);
    case 'lastMonth': {
      const m = t.subtract(1, 'month');
      return fmt(m.startOf('month'), m.endOf('month'));
    }
  }
}

/** Spec §5 quick ranges: the last 7, 15 or 30 days, ending today (or yesterday under 'beforeToday'). */
export const QUICK_DAYS = [7, 15, 30] as const;
export function quickRange(days: number, rule: DateRule = 'noFuture', now: Dayjs = businessNow()): DateRangeValue {
  const end = rule === 'beforeToday' ? now.startOf('day').subtract(1, 'day') : now.startOf('day');
  return fmt(end.subtract(days - 1, 'day'), end);
}

/** Clamp a range into what `rule` allows. */
export function clampRange([a, b]: DateRangeValue, rule: DateRule, now: Dayjs = businessNow()): DateRangeValue {
  const { min, max } = dateLimits(rule, now);
  let s = businessDay(a);
  let e = businessDay(b);
  if (min && s.isBefore(min)) s = min;
  if (max && e.isAfter(max)) e = max;
  if (e.isBefore(s)) e = s;
  return fmt(s, e);
}

/** Spec §9 back-flow defaults: start 15 days ago, end yesterday (the rule is written once, in src/shared/orders.ts). */
export function backflowDefaults(now: Dayjs = businessNow()): DateRangeValue {
  const d = sharedBackflow(now.format(DATE_FMT));
  return [d.start, d.end];
}

/** Spec §9: history starts the day after the back-date start, unless the back date equals the end. */
export const historyStart = sharedHistoryStart;

/**
 * The calendar widget works on the browser's local `Date`s. A business date is handed to it as local
 * midnight of the same Y-M-D (so the grid shows that day whatever the zone) and read back by its Y-M-D.
 */
export function toPickerDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function fromPickerDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
