import { describe, expect, it } from 'vitest';
import { IngestPressure, type PressureTime } from './pressure.ts';

/** A manual clock: `sleep` moves time on (the loop idle meanwhile); `busy(ms)` is the loop working for ms. */
function manualTime() {
  let now = 0;
  let active = 0;
  const sleeps: number[] = [];
  const time: PressureTime = {
    now: () => now,
    loopActiveMs: () => active,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return {
    time,
    sleeps,
    busy(ms: number) {
      now += ms;
      active += ms;
    },
    idle(ms: number) {
      now += ms;
    },
  };
}

/** Pings committed at `rate` a second while the manual clock moves. */
function pinged(t: ReturnType<typeof manualTime>, rate: () => number) {
  let committed = 0;
  let at = 0;
  return () => {
    const now = t.time.now();
    committed += ((now - at) / 1000) * rate();
    at = now;
    return Math.floor(committed);
  };
}

describe('IngestPressure', () => {
  it('a background job takes at most its share of the loop while pings arrive', async () => {
    const t = manualTime();
    const p = new IngestPressure({ share: 0.2, shareRate: 500 }, t.time);
    p.watch(pinged(t, () => 1400));
    await p.yield(undefined, 'order-sync'); // first step: nothing measured yet
    expect(t.sleeps).toEqual([]);
    t.busy(120); // a page that held the loop 120 ms
    await p.yield(undefined, 'order-sync');
    expect(t.sleeps).toEqual([480]); // 120 × (1 − 0.2) / 0.2
    t.busy(30);
    t.idle(300); // waiting for the union's answer: the loop was free
    await p.yield(undefined, 'order-sync');
    expect(t.sleeps).toEqual([480, 120]);
  });

  it('never waits more than a second, and not at all below the share rate or without pings', async () => {
    const t = manualTime();
    let rate = 5000;
    const p = new IngestPressure({ share: 0.2, shareRate: 500 }, t.time);
    p.watch(pinged(t, () => rate));
    await p.yield(undefined, 'export');
    t.busy(2000);
    await p.yield(undefined, 'export');
    expect(t.sleeps).toEqual([1000]);
    rate = 100;
    t.busy(200);
    await p.yield(undefined, 'export');
    expect(t.sleeps).toEqual([1000]);
  });

  it('jobs are measured apart: one job’s step is not another’s', async () => {
    const t = manualTime();
    const p = new IngestPressure({ share: 0.5, shareRate: 500 }, t.time);
    p.watch(pinged(t, () => 2000));
    await p.yield(undefined, 'rules');
    t.busy(40);
    await p.yield(undefined, 'order-sync'); // first yield of this job: no step of its own yet
    expect(t.sleeps).toEqual([]);
    await p.yield(undefined, 'rules');
    expect(t.sleeps).toEqual([40]);
  });

  it('the processor keeps pace: it waits only for a burst, and not once the lag passed its bound', async () => {
    const t = manualTime();
    let rate = 20_000;
    const p = new IngestPressure({ busyRate: 10_000, maxLag: 200_000, maxLagSeconds: 10 }, t.time);
    p.watch(pinged(t, () => rate));
    p.setLag(1000, 1);
    t.busy(100);
    await p.keepPace();
    expect(t.sleeps.length).toBeGreaterThan(0); // a burst: waits in 50 ms steps
    expect(t.sleeps.every((ms) => ms === 50)).toBe(true);
    expect(p.lag().seconds).toBeGreaterThan(10); // it stopped waiting when the oldest row passed 10 s
    t.sleeps.length = 0;
    rate = 5000;
    p.setLag(1000, 1);
    t.busy(100);
    await p.keepPace();
    expect(t.sleeps).toEqual([]); // steady load below the burst rate: it never waits
  });

  it('sharing: pings at the share rate, held 30 s after the last sample that saw it (a read holding the loop lowers the next)', () => {
    const t = manualTime();
    let rate = 1000;
    const p = new IngestPressure({ shareRate: 500 }, t.time);
    expect(p.sharing()).toBe(false); // no source
    p.watch(pinged(t, () => rate));
    t.idle(100);
    expect(p.sharing()).toBe(true);
    rate = 0; // a read on the loop: nothing commits while it runs
    t.busy(80);
    expect(p.sharing()).toBe(true);
    t.idle(29_900);
    expect(p.sharing()).toBe(true); // 29 980 ms after the sample that saw the pings
    t.idle(100);
    expect(p.sharing()).toBe(false);
    rate = 499;
    t.idle(100);
    expect(p.sharing()).toBe(false);
    rate = 800; // seen by the processor's sample, then gone before a board call asks
    t.idle(100);
    expect(p.busy()).toBe(false);
    rate = 0;
    t.idle(100);
    expect(p.sharing()).toBe(true);
  });

  it('without a source both only give the loop back', async () => {
    const t = manualTime();
    const p = new IngestPressure({}, t.time);
    await p.yield(undefined, 'x');
    t.busy(500);
    await p.yield(undefined, 'x');
    await p.keepPace();
    expect(t.sleeps).toEqual([]);
  });
});
