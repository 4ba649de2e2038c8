import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../shared/mulberry32.ts';
import { SlidingWindow } from './flood.ts';

const T0 = 1_764_000_000;

/**
 * The reference: per key, its latest `max` times in arrival order; the times at the front that are out of the window
 * go as the key is hit (with times in order, exactly the times inside the window; a time that steps back stays behind
 * a younger one until that one goes, as in the windows).
 */
function reference(max: number, seconds: number) {
  const lists = new Map<string, number[]>();
  return (key: string, at: number): boolean => {
    const list = lists.get(key) ?? [];
    while (list.length && (list[0] as number) <= at - seconds) list.shift();
    const flood = list.length >= max;
    list.push(at);
    lists.set(key, list.slice(-max));
    return flood;
  };
}

describe('flood windows at the edge of the window', () => {
  it('a time exactly `seconds` old is out of the window, one second younger is in', () => {
    const w = new SlidingWindow(2, 60);
    expect(w.hit('k', T0)).toBe(false);
    expect(w.hit('k', T0)).toBe(false);
    // T0 + 59: both times of T0 are still in (T0 > T0 + 59 - 60)
    expect(w.hit('k', T0 + 59)).toBe(true);
    // T0 + 60: the times of T0 are out (T0 <= T0 + 60 - 60); T0 + 59 is in, and it is one of max 2
    expect(w.hit('k', T0 + 60)).toBe(false);
    expect(w.hit('k', T0 + 60)).toBe(true);
    // a key hit once: its one time goes out at exactly `seconds`
    const one = new SlidingWindow(1, 60);
    expect(one.hit('d', T0)).toBe(false);
    expect(one.hit('d', T0 + 59)).toBe(true);
    // max 1 keeps the latest time: T0 + 59 is in at T0 + 118, out at T0 + 119
    expect(one.hit('d', T0 + 118)).toBe(true);
    expect(one.hit('d', T0 + 178)).toBe(false);
  });

  it('times before the first one seen (received times step back) count as later ones do', () => {
    for (const max of [1, 2, 3]) {
      const w = new SlidingWindow(max, 60);
      const ref = reference(max, 60);
      for (const t of [0, -30, -59, -60, -61, -120, 0, 1, -1, 59, 60, 61, 120, 121])
        expect([max, t, w.hit('k', T0 + t)]).toEqual([max, t, ref('k', T0 + t)]);
    }
  });

  it('answers as the reference over 40 000 hits of 500 keys whose times step back now and then', () => {
    const random = mulberry32(23);
    for (const max of [1, 2, 3, 10]) {
      const w = new SlidingWindow(max, 60);
      const ref = reference(max, 60);
      let at = T0;
      let same = 0;
      for (let i = 0; i < 40_000; i++) {
        if (random() < 0.02) at += 1;
        const t = random() < 0.1 ? at - Math.floor(random() * 120) : at;
        const key = `k${Math.floor(random() * 500)}`;
        if (w.hit(key, t) === ref(key, t)) same++;
      }
      expect([max, same]).toEqual([max, 40_000]);
    }
  });

  it('answers as a plain list of times would over 110 000 hits of 3 000 keys, through two sweeps', () => {
    const random = mulberry32(24);
    for (const [max, seconds] of [
      [1, 60],
      [2, 60],
      [30, 5],
    ] as const) {
      const w = new SlidingWindow(max, seconds);
      const ref = reference(max, seconds);
      let at = T0;
      let same = 0;
      for (let i = 0; i < 110_000; i++) {
        // time moves forward a second at a time (a sweep drops a key as of its time: times in order here)
        if (random() < 0.01) at += 1;
        const t = at;
        const key = `k${Math.floor(random() * 3000)}`;
        if (w.hit(key, t) === ref(key, t)) same++;
      }
      expect([max, seconds, same]).toEqual([max, seconds, 110_000]);
    }
  });

  it('a sweep drops the keys whose window emptied, and only those', () => {
    const w = new SlidingWindow(3, 60);
    for (let i = 0; i < 1000; i++) w.hit(`old${i}`, T0);
    w.hit('young', T0 + 100);
    // 50 000 hits later (one sweep) at T0 + 100: the old keys' windows are empty, `young` and `live` are not
    for (let i = 1; i < 50_000; i++) w.hit('live', T0 + 100);
    expect(w.size()).toBe(2);
    expect(w.hit('young', T0 + 159)).toBe(false);
    expect(w.hit('live', T0 + 159)).toBe(true);
  });
});
