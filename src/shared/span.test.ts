import { describe, expect, it } from 'vitest';
import { parseChinaTime } from './china-clock.ts';
import {
  bucketStarts,
  DAY,
  dayRangeProblem,
  daysSpan,
  hoursSpan,
  spanBefore,
  spanDates,
  spanDays,
  spanOfTimes,
  spanProblem,
} from './span.ts';

const d = (s: string) => parseChinaTime(s);

describe('spans: one rule for range ends', () => {
  it('a range of China days is half-open from the first day 00:00 to the day after the last', () => {
    expect(daysSpan('2026-03-01', '2026-03-07')).toEqual({ from: d('2026-03-01'), to: d('2026-03-08') });
    expect(spanDays(daysSpan('2026-03-01', '2026-03-07'))).toBe(7);
    expect(spanDates(daysSpan('2026-03-01', '2026-03-07'))).toEqual(['2026-03-01', '2026-03-07']);
    expect(spanBefore(daysSpan('2026-03-08', '2026-03-14'))).toEqual(daysSpan('2026-03-01', '2026-03-07'));
    expect(hoursSpan(d('2026-03-01 10:00'), d('2026-03-01 10:00'))).toEqual({ from: d('2026-03-01 10:00'), to: d('2026-03-01 11:00') });
  });

  it('buckets are the hours or China days a span touches', () => {
    const s = { from: d('2026-03-01 22:00'), to: d('2026-03-02 01:00') };
    expect(bucketStarts(s, 'hour')).toEqual([d('2026-03-01 22:00'), d('2026-03-01 23:00'), d('2026-03-02 00:00')]);
    expect(bucketStarts(s, 'day')).toEqual([d('2026-03-01'), d('2026-03-02')]);
  });

  it('refuses malformed, reversed, future and overlong day ranges, naming the field', () => {
    const now = d('2026-03-18 15:30');
    expect(dayRangeProblem('2026-02-30', '2026-03-01')).toEqual({ field: 'start', msg: '开始日期不是有效日期' });
    expect(dayRangeProblem('2026-03-01', '2026-3-2')).toEqual({ field: 'end', msg: '结束日期不是有效日期' });
    expect(dayRangeProblem('2026-03-10', '2026-03-09')).toEqual({ field: 'end', msg: '结束日期不能早于开始日期' });
    expect(dayRangeProblem('2026-03-18', '2026-03-19', { now })).toEqual({ field: 'end', msg: '结束日期不能晚于今天' });
    expect(dayRangeProblem('2025-12-17', '2026-03-18', { now })).toBeNull();
    expect(dayRangeProblem('2025-12-16', '2026-03-18', { now })).toEqual({ field: 'end', msg: '日期范围不能超过 92 天' });
  });

  it('times as the old APIs send them: a date is its whole day, a date-time or epoch second is included', () => {
    expect(spanOfTimes('2026-03-01', '2026-03-02')).toEqual({ from: d('2026-03-01'), to: d('2026-03-03') });
    expect(spanOfTimes('2026-03-01 10:00', '2026-03-01 10:59:59')).toEqual({ from: d('2026-03-01 10:00'), to: d('2026-03-01 11:00') });
    expect(spanOfTimes(100, 199)).toEqual({ from: 100, to: 200 });
    expect(spanProblem(spanOfTimes('2026-03-02', '2026-03-01'), { maxDays: 92, noun: '时间' })?.msg).toBe('结束时间不能早于开始时间');
    expect(spanProblem(spanOfTimes('bad', '2026-03-01'), { maxDays: 92, noun: '日期' })?.msg).toBe('开始日期格式不正确');
    expect(spanProblem({ from: 0, to: 93 * DAY }, { maxDays: 92, noun: '时间' })?.msg).toBe('统计时间范围不能超过 92 天');
    expect(spanProblem({ from: 0, to: 92 * DAY }, { maxDays: 92, noun: '日期' })).toBeNull();
  });
});
