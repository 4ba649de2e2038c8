import { chinaDay, chinaDayStart, parseChinaTime } from '../../shared/china-clock.ts';
import type { Clock } from '../kernel/clock.ts';
import { invalid } from '../kernel/errors.ts';
import type { DayRange } from './tree-store.ts';

/** Longest range a list or trend covers (spec §5 presets reach 上月 and 最近30天; 92 days holds a quarter). */
export const MAX_DAYS = 92;

export interface ChinaRange extends DayRange {
  start: string;
  end: string;
}

/**
 * The China days a request covers: both default to today, `end` defaults to today when only `start` is given.
 * Future days are refused (spec §5: most pickers disallow them), as are reversed and over-long ranges.
 */
export function dayRange(clock: Clock, start?: string, end?: string): ChinaRange {
  const today = chinaDay(clock.now());
  const s = start ?? today;
  const e = end ?? today;
  const from = parseChinaTime(s);
  const to = parseChinaTime(e);
  if (Number.isNaN(from) || chinaDay(from) !== s) throw invalid('开始日期不正确', { field: 'start' });
  if (Number.isNaN(to) || chinaDay(to) !== e) throw invalid('结束日期不正确', { field: 'end' });
  if (to < from) throw invalid('结束日期不能早于开始日期', { field: 'end' });
  if (e > today) throw invalid('结束日期不能晚于今天', { field: 'end' });
  if ((to - from) / 86400 + 1 > MAX_DAYS) throw invalid(`日期范围不能超过 ${MAX_DAYS} 天`, { field: 'start' });
  return { from: chinaDayStart(from), to: chinaDayStart(to), start: s, end: e };
}
