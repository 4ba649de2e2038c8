import { describe, expect, it } from 'vitest';
import { businessDay } from './clock.ts';
import {
  backflowDefaults,
  clampRange,
  fromPickerDate,
  historyStart,
  isDateDisabled,
  presetRange,
  quickRange,
  startOfWeek,
  toPickerDate,
} from './dates.ts';

// Wednesday 2024-05-15, 10:00 China time
const now = businessDay('2024-05-15 10:00');

describe('date rules', () => {
  it('fromYesterday disallows dates before yesterday', () => {
    expect(isDateDisabled('fromYesterday', '2024-05-13', now)).toBe(true);
    expect(isDateDisabled('fromYesterday', '2024-05-14', now)).toBe(false);
    expect(isDateDisabled('fromYesterday', '2024-06-30', now)).toBe(false);
  });
  it('noFuture disallows future dates', () => {
    expect(isDateDisabled('noFuture', '2024-05-15', now)).toBe(false);
    expect(isDateDisabled('noFuture', '2024-05-16', now)).toBe(true);
    expect(isDateDisabled('noFuture', '2020-01-01', now)).toBe(false);
  });
  it('beforeToday disallows today and later', () => {
    expect(isDateDisabled('beforeToday', '2024-05-15', now)).toBe(true);
    expect(isDateDisabled('beforeToday', '2024-05-14', now)).toBe(false);
  });
  it('since20230521 allows 2023-05-21 up to today', () => {
    expect(isDateDisabled('since20230521', '2023-05-20', now)).toBe(true);
    expect(isDateDisabled('since20230521', '2023-05-21', now)).toBe(false);
    expect(isDateDisabled('since20230521', '2024-05-15', now)).toBe(false);
    expect(isDateDisabled('since20230521', '2024-05-16', now)).toBe(true);
  });
});

describe('presets', () => {
  it('weeks start on Monday', () => {
    expect(startOfWeek(now).format('YYYY-MM-DD')).toBe('2024-05-13');
    expect(startOfWeek(businessDay('2024-05-19')).format('YYYY-MM-DD')).toBe('2024-05-13'); // Sunday
    expect(startOfWeek(businessDay('2024-05-13')).format('YYYY-MM-DD')).toBe('2024-05-13');
  });
  it('gives each preset', () => {
    expect(presetRange('today', now)).toEqual(['2024-05-15', '2024-05-15']);
    expect(presetRange('yesterday', now)).toEqual(['2024-05-14', '2024-05-14']);
    expect(presetRange('last7', now)).toEqual(['2024-05-09', '2024-05-15']);
    expect(presetRange('last30', now)).toEqual(['2024-04-16', '2024-05-15']);
    expect(presetRange('thisWeek', now)).toEqual(['2024-05-13', '2024-05-15']);
    expect(presetRange('lastWeek', now)).toEqual(['2024-05-06', '2024-05-12']);
    expect(presetRange('thisMonth', now)).toEqual(['2024-05-01', '2024-05-15']);
    expect(presetRange('lastMonth', now)).toEqual(['2024-04-01', '2024-04-30']);
  });
  it('quick ranges of 7/15/30 days', () => {
    expect(quickRange(7, 'noFuture', now)).toEqual(['2024-05-09', '2024-05-15']);
    expect(quickRange(15, 'noFuture', now)).toEqual(['2024-05-01', '2024-05-15']);
    expect(quickRange(30, 'beforeToday', now)).toEqual(['2024-04-15', '2024-05-14']);
  });
  it('clamps a range into a rule', () => {
    expect(clampRange(['2023-01-01', '2024-06-01'], 'since20230521', now)).toEqual(['2023-05-21', '2024-05-15']);
  });
  it('back-flow defaults and history start', () => {
    expect(backflowDefaults(now)).toEqual(['2024-04-30', '2024-05-14']);
    expect(historyStart('2024-05-01', '2024-05-10')).toBe('2024-05-02');
    expect(historyStart('2024-05-10', '2024-05-10')).toBe('2024-05-10');
  });
});

describe('picker dates', () => {
  it('hand a business date to the calendar as local midnight and read it back', () => {
    const d = toPickerDate('2024-02-29');
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2024, 1, 29, 0]);
    expect(fromPickerDate(d)).toBe('2024-02-29');
  });
});
