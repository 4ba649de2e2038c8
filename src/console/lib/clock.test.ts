import { afterAll, describe, expect, it } from 'vitest';
import { businessDay, businessNow, inBusinessTime } from './clock.ts';
import { dateLimits, presetRange, quickRange } from './dates.ts';
import { formatTime } from './formats.ts';

const zoneBefore = process.env.TZ;
afterAll(() => {
  process.env.TZ = zoneBefore;
});

/** 2023-11-14T22:13:20Z is already 2023-11-15 06:13:20 in China; Los Angeles and UTC are still on the 14th. */
const INSTANT = 1_700_000_000;

describe.each(['Asia/Shanghai', 'UTC', 'America/Los_Angeles'])('business time with the browser in %s', (zone) => {
  it('shows instants in China time', () => {
    process.env.TZ = zone;
    expect(new Date(INSTANT * 1000).getTimezoneOffset()).toBe(zone === 'Asia/Shanghai' ? -480 : zone === 'UTC' ? 0 : 480);
    expect(formatTime(INSTANT)).toBe('2023-11-15 06:13:20');
    expect(formatTime(String(INSTANT), 'YYYY-MM-DD HH:mm')).toBe('2023-11-15 06:13');
    expect(inBusinessTime(INSTANT * 1000).format('YYYY-MM-DD')).toBe('2023-11-15');
  });
  it('takes today, presets and limits from the China date', () => {
    process.env.TZ = zone;
    const now = inBusinessTime(INSTANT * 1000);
    expect(quickRange(7, 'noFuture', now)).toEqual(['2023-11-09', '2023-11-15']);
    expect(presetRange('today', now)).toEqual(['2023-11-15', '2023-11-15']);
    expect(dateLimits('noFuture', now).max?.format('YYYY-MM-DD')).toBe('2023-11-15');
    expect(businessDay('2023-11-15').valueOf()).toBe(Date.parse('2023-11-15T00:00:00+08:00'));
  });
  it('reads the clock in China time', () => {
    process.env.TZ = zone;
    const expected = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(businessNow().format('YYYY-MM-DD')).toBe(expected);
  });
});
