import { describe, expect, it } from 'vitest';
import { arrivalClock, ManualClock, OffsetClock, parseClockStart, systemClock } from './clock.ts';

describe('clocks', () => {
  it('an offset clock starts at its instant and runs at real speed', () => {
    const start = Date.UTC(2026, 10, 30, 15, 55);
    const c = new OffsetClock(start, 1_000_000);
    expect(c.offsetMs).toBe(start - 1_000_000);
    // whatever the real time, the clock is real time plus the fixed offset
    const real = Date.now();
    expect(c.nowMs() - real).toBeGreaterThanOrEqual(c.offsetMs);
    expect(c.now()).toBe(Math.floor(c.nowMs() / 1000));
  });

  it('hot paths stamp with Date.now itself unpinned, with the offset pinned, and with a manual clock’s time in tests', () => {
    expect(arrivalClock(systemClock)).toBe(Date.now);
    const pinned = new OffsetClock(Date.UTC(2026, 11, 1, 0, 5));
    expect(arrivalClock(pinned)() - Date.now()).toBeGreaterThanOrEqual(pinned.offsetMs);
    expect(arrivalClock(pinned)() - Date.now()).toBeLessThanOrEqual(pinned.offsetMs);
    const manual = new ManualClock(123_000);
    const stamp = arrivalClock(manual);
    manual.advance(5000);
    expect(stamp()).toBe(128_000);
  });

  it('parses CLOCK_START instants with their zone only', () => {
    expect(parseClockStart('2026-11-30T23:55:00+08:00')).toBe(Date.UTC(2026, 10, 30, 15, 55));
    expect(parseClockStart('2026-12-01T00:05+08:00')).toBe(Date.UTC(2026, 10, 30, 16, 5));
    expect(parseClockStart('2026-11-30T23:55:00.250Z')).toBe(Date.UTC(2026, 10, 30, 23, 55, 0, 250));
    for (const bad of ['2026-11-30T23:55:00', '2026-02-29T00:00Z', '2026-11-31T00:00Z', '2026-11-30', 'now', ''])
      expect(parseClockStart(bad), bad).toBeNull();
  });
});
