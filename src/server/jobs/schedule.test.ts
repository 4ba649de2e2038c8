import { describe, expect, it } from 'vitest';
import { checkSchedule, isDue } from './schedule.ts';

const at = (iso: string) => Date.parse(iso);

describe('isDue', () => {
  it('interval: at once when never run, then everyMs after the last end', () => {
    const every = { everyMs: 60_000 };
    expect(isDue(every, null, at('2026-11-21T10:00:00+08:00'), 0)).toBe(true);
    expect(isDue(every, at('2026-11-21T10:00:00+08:00'), at('2026-11-21T10:00:59+08:00'), 0)).toBe(false);
    expect(isDue(every, at('2026-11-21T10:00:00+08:00'), at('2026-11-21T10:01:00+08:00'), 0)).toBe(true);
  });

  it('cron in China time: the first occurrence after the last end, or after leadership began when never run', () => {
    const daily = { cron: '10 4 * * *' }; // 04:10 China time = 20:10 UTC the day before
    const since = at('2026-11-21T12:00:00+08:00');
    expect(isDue(daily, null, at('2026-11-22T04:09:59+08:00'), since)).toBe(false);
    expect(isDue(daily, null, at('2026-11-22T04:10:00+08:00'), since)).toBe(true);
    const ran = at('2026-11-22T04:10:03+08:00');
    expect(isDue(daily, ran, at('2026-11-22T23:59:00+08:00'), since)).toBe(false);
    expect(isDue(daily, ran, at('2026-11-23T04:10:00+08:00'), since)).toBe(true);
  });

  it('refuses a bad schedule when the job is registered', () => {
    expect(() => checkSchedule({ cron: 'every tuesday' })).toThrow();
    expect(() => checkSchedule({ everyMs: 0 })).toThrow('everyMs must be positive');
  });
});
