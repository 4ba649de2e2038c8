import { describe, expect, it } from 'vitest';
import { parseChinaTime } from './china-clock.ts';
import { bucketLabel, bucketsOf, changeOf, MAX_PERIOD_DAYS, PERIOD_PRESETS, periodOf, periodProblem, presetDates } from './periods.ts';

/** 2026-03-18 14:25:10 China time, a Wednesday. */
const NOW = parseChinaTime('2026-03-18 14:25:10');
const at = (text: string) => parseChinaTime(text);

describe('presets (spec §5, weeks from Monday)', () => {
  it.each([
    ['today', '2026-03-18', '2026-03-18'],
    ['yesterday', '2026-03-17', '2026-03-17'],
    ['last7', '2026-03-12', '2026-03-18'],
    ['last30', '2026-02-17', '2026-03-18'],
    ['thisWeek', '2026-03-16', '2026-03-18'],
    ['lastWeek', '2026-03-09', '2026-03-15'],
    ['thisMonth', '2026-03-01', '2026-03-18'],
    ['lastMonth', '2026-02-01', '2026-02-28'],
  ] as const)('%s', (preset, start, end) => expect(presetDates(preset, NOW)).toEqual([start, end]));

  it('reads the day in China time whatever the instant (23:30 UTC is the next China day)', () => {
    expect(presetDates('today', Date.parse('2026-03-18T23:30:00Z') / 1000)).toEqual(['2026-03-19', '2026-03-19']);
  });

  it('knows Sundays, January and leap years', () => {
    const sunday = at('2026-03-22 09:00');
    expect(presetDates('thisWeek', sunday)).toEqual(['2026-03-16', '2026-03-22']);
    expect(presetDates('lastWeek', sunday)).toEqual(['2026-03-09', '2026-03-15']);
    expect(presetDates('lastMonth', at('2026-01-05 08:00'))).toEqual(['2025-12-01', '2025-12-31']);
    expect(presetDates('lastMonth', at('2028-03-01 00:00'))).toEqual(['2028-02-01', '2028-02-29']);
    expect(PERIOD_PRESETS).toHaveLength(8);
  });
});

describe('period over period', () => {
  it('today is cut at the end of the current hour, and so is yesterday', () => {
    const p = periodOf('2026-03-18', '2026-03-18', NOW);
    expect(p.current).toEqual({ from: at('2026-03-18'), to: at('2026-03-18 15:00') });
    expect(p.previous).toEqual({ from: at('2026-03-17'), to: at('2026-03-17 15:00') });
    expect([p.previousStart, p.previousEnd, p.days, p.granularity]).toEqual(['2026-03-17', '2026-03-17', 1, 'hour']);
  });

  it('a past range is whole days and its previous period the same number of days just before', () => {
    const p = periodOf('2026-03-09', '2026-03-15', NOW);
    expect(p.current).toEqual({ from: at('2026-03-09'), to: at('2026-03-16') });
    expect(p.previous).toEqual({ from: at('2026-03-02'), to: at('2026-03-09') });
    expect([p.previousStart, p.previousEnd, p.days, p.granularity]).toEqual(['2026-03-02', '2026-03-08', 7, 'day']);
  });

  it('the last 7 days reaching today compare with the 7 days before, cut at the same hour', () => {
    const p = periodOf('2026-03-12', '2026-03-18', NOW);
    expect(p.previous).toEqual({ from: at('2026-03-05'), to: at('2026-03-11 15:00') });
    expect(p.current.to - p.current.from).toBe(p.previous.to - p.previous.from);
  });

  it("the running hour counts as far as it has run: the previous period's last hour weighs as much (not a -100% at 00:20)", () => {
    expect(periodOf('2026-03-18', '2026-03-18', at('2026-03-18 00:00')).comparable).toBe(false);
    expect(periodOf('2026-03-18', '2026-03-18', at('2026-03-18 00:20')).elapsed).toBeCloseTo(1 / 3, 9);
    expect(periodOf('2026-03-18', '2026-03-18', at('2026-03-18 00:20')).comparable).toBe(true);
    expect(periodOf('2026-03-18', '2026-03-18', at('2026-03-18 00:59:59')).elapsed).toBeCloseTo(3599 / 3600, 9);
    expect(periodOf('2026-03-18', '2026-03-18', at('2026-03-18 01:00')).elapsed).toBe(0);
    expect(periodOf('2026-03-18', '2026-03-18', at('2026-03-18 23:30')).elapsed).toBe(0.5);
    // ranges reaching today run too; past days are whole
    expect(periodOf('2026-03-12', '2026-03-18', at('2026-03-18 00:05')).elapsed).toBeCloseTo(5 / 60, 9);
    expect(periodOf('2026-03-17', '2026-03-17', at('2026-03-18 00:05')).elapsed).toBe(1);
    expect(periodOf('2026-03-17', '2026-03-17', at('2026-03-18 00:05')).comparable).toBe(true);
  });

  it('a month compares with as many days before it, across the month boundary', () => {
    const p = periodOf('2026-02-01', '2026-02-28', NOW);
    expect([p.previousStart, p.previousEnd, p.days]).toEqual(['2026-01-04', '2026-01-31', 28]);
  });

  it('refuses malformed, reversed, future and overlong ranges with the field to fix', () => {
    expect(periodProblem('2026-03-01', '2026-03-18', NOW)).toBeNull();
    expect(periodProblem('2026-02-30', '2026-03-01', NOW)).toEqual({ field: 'start', msg: '开始日期不是有效日期' });
    expect(periodProblem('2026-03-01', '2026-13-01', NOW)).toEqual({ field: 'end', msg: '结束日期不是有效日期' });
    expect(periodProblem('2026-03-10', '2026-03-09', NOW)).toEqual({ field: 'end', msg: '结束日期不能早于开始日期' });
    expect(periodProblem('2026-03-18', '2026-03-19', NOW)).toEqual({ field: 'end', msg: '结束日期不能晚于今天' });
    expect(periodProblem('2025-12-01', '2026-03-18', NOW)).toEqual({ field: 'end', msg: `日期范围不能超过 ${MAX_PERIOD_DAYS} 天` });
    expect(periodProblem('2025-12-17', '2026-03-18', NOW)).toBeNull();
  });

  it('change is a ratio against the previous value; nothing before gives Infinity (shown --), nothing at all 0', () => {
    expect(changeOf(112.5, 100)).toBeCloseTo(0.125, 12);
    expect(changeOf(50, 200)).toBe(-0.75);
    expect(changeOf(-5, -10)).toBe(0.5);
    expect(changeOf(3, 0)).toBe(Infinity);
    expect(changeOf(0, 0)).toBe(0);
    expect(changeOf(Infinity, 2)).toBe(Infinity);
    expect(changeOf(2, Infinity)).toBe(Infinity);
  });
});

describe('trend buckets', () => {
  it('one day in hours up to the current hour, longer ranges in China days', () => {
    const today = periodOf('2026-03-18', '2026-03-18', NOW);
    const hours = bucketsOf(today.current, 'hour');
    expect(hours).toHaveLength(15);
    expect(bucketLabel(hours[0]!, 'hour')).toBe('2026-03-18 00:00');
    expect(bucketLabel(hours[14]!, 'hour')).toBe('2026-03-18 14:00');
    const week = periodOf('2026-03-12', '2026-03-18', NOW);
    expect(bucketsOf(week.current, 'day').map((t) => bucketLabel(t, 'day'))).toEqual([
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
    ]);
  });
});
