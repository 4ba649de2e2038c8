import { chinaDay } from '../../shared/china-clock.ts';
import { dayRangeProblem, daysSpan, MAX_SPAN_DAYS, type Span } from '../../shared/span.ts';
import type { Clock } from '../kernel/clock.ts';
import { invalid } from '../kernel/errors.ts';

/** Longest range a list or trend covers: the read model's one limit (src/shared/span.ts). */
export const MAX_DAYS = MAX_SPAN_DAYS;

/** The China days a request covers and their span (half-open, src/shared/span.ts). */
export interface ChinaRange {
  span: Span;
  start: string;
  end: string;
}

/**
 * The China days a request covers: both default to today, `end` defaults to today when only `start` is given.
 * Future days are refused (spec §5: most pickers disallow them), as are reversed and over-long ranges — the one rule
 * of `dayRangeProblem`.
 */
export function dayRange(clock: Clock, start?: string, end?: string): ChinaRange {
  const today = chinaDay(clock.now());
  const s = start ?? today;
  const e = end ?? today;
  const problem = dayRangeProblem(s, e, { now: clock.now() });
  if (problem) throw invalid(problem.msg, { field: problem.field });
  return { span: daysSpan(s, e), start: s, end: e };
}
