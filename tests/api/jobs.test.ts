/**
 * The job scheduler against a real database: two app instances (two dependency sets, each with its own node id
 * and scheduler) on one database, as two app nodes would be. Time is a ManualClock shared by both; the tests
 * call `tick()` (what the scheduler's timer does every second) instead of waiting.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCursor, recentRuns } from '../../src/server/jobs/store.ts';
import type { JobDef } from '../../src/server/jobs/types.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow, makeUser } from '../support/factories.ts';

describe.each(dialects())('job scheduler on $name', (dialect) => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const x of open.splice(0).reverse()) await x.close();
  });

  /** Two app instances on one fresh database (on PostgreSQL each with its own connection pool). */
  async function pair(clock = new ManualClock()) {
    const db = await dialect.open();
    const second = await db.second();
    open.push(db, second);
    const a = await makeTestApp(dialect, {}, { handle: db, clock, scheduler: { kickRetryMs: 20 } });
    const b = await makeTestApp(dialect, {}, { handle: second, clock, scheduler: { kickRetryMs: 20 } });
    open.push(a, b);
    return { db, a, b, clock };
  }
  const idle = (...apps: TestApp[]) => Promise.all(apps.map((x) => x.deps.jobs.idle()));

  it('one leader among two instances runs a scheduled job once per period, records every run, and hands over on stop', async () => {
    const { db, a, b, clock } = await pair();
    const ran: string[] = [];
    const counting = (node: string): JobDef => ({
      name: 'count',
      schedule: { everyMs: 60_000 },
      async run() {
        ran.push(node);
        return { rows: 1 };
      },
    });
    a.deps.jobs.register(counting('a'));
    b.deps.jobs.register(counting('b'));

    await Promise.all([a.deps.jobs.tick(), b.deps.jobs.tick()]);
    await idle(a, b);
    expect([a, b].filter((x) => x.deps.jobs.isLeader())).toHaveLength(1);
    const [leader, follower] = a.deps.jobs.isLeader() ? [a, b] : [b, a];
    const name = leader === a ? 'a' : 'b';
    expect(ran).toEqual([name]);

    clock.advance(30_000);
    await Promise.all([leader.deps.jobs.tick(), follower.deps.jobs.tick()]);
    await idle(a, b);
    expect(ran).toHaveLength(1); // not due yet

    clock.advance(31_000); // the leader lease has expired by now: the leader renews it first
    await leader.deps.jobs.tick();
    await follower.deps.jobs.tick();
    await idle(a, b);
    expect(ran).toEqual([name, name]);
    const runs = await recentRuns(db.db, { job: 'count' });
    expect(runs.map((r) => [r.node, Number(r.rows), r.error, r.finished_at !== null])).toEqual([
      [leader.deps.nodeId, 1, '', true],
      [leader.deps.nodeId, 1, '', true],
    ]);

    // The leader stops (shutdown): the other instance takes over at its next tick and keeps the schedule.
    await leader.deps.jobs.stop();
    await follower.deps.jobs.tick();
    await idle(follower);
    expect(follower.deps.jobs.isLeader()).toBe(true);
    expect(ran).toHaveLength(2); // the last run ended less than a minute ago
    clock.advance(61_000);
    await follower.deps.jobs.tick();
    await idle(follower);
    expect(ran).toEqual([name, name, leader === a ? 'b' : 'a']);
  });

  it('never runs one job twice at once across instances: a kick meeting a running job waits for it', async () => {
    const { a, b } = await pair();
    let inside = 0;
    let most = 0;
    let runs = 0;
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow: JobDef = {
      name: 'slow',
      schedule: { everyMs: 3_600_000 },
      async run() {
        inside += 1;
        runs += 1;
        most = Math.max(most, inside);
        await gate;
        inside -= 1;
        return { rows: 1 };
      },
    };
    a.deps.jobs.register(slow);
    b.deps.jobs.register({ ...slow });
    a.deps.jobs.kick('slow');
    b.deps.jobs.kick('slow');
    await vi.waitFor(() => expect(runs).toBe(1));
    await new Promise((r) => setTimeout(r, 100)); // the refused kick retries every 20 ms meanwhile
    expect(runs).toBe(1);
    release();
    await vi.waitFor(() => expect(runs).toBe(2)); // the second kick's work runs after the first run ended
    await idle(a, b);
    expect(most).toBe(1);
  });

  it('resumes from its stored cursor after a restart', async () => {
    const { db, a } = await pair();
    const seen: number[] = [];
    const walk: JobDef = {
      name: 'walk',
      schedule: { everyMs: 60_000 },
      async run(ctx) {
        const from = Number((await ctx.cursor()) ?? 0);
        const to = Math.min(from + 3, 10);
        for (let i = from + 1; i <= to; i++) seen.push(i);
        await ctx.setCursor(String(to));
        return { rows: to - from };
      },
    };
    a.deps.jobs.register(walk);
    await a.deps.jobs.run('walk');
    await a.deps.jobs.run('walk');
    await a.close(); // the process goes away …
    const again = await makeTestApp(dialect, {}, { handle: db }); // … and a new one starts on the same database
    open.push(again);
    again.deps.jobs.register({ ...walk });
    expect(await again.deps.jobs.run('walk')).toEqual({ ran: true, rows: 3, error: '' });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await readCursor(db.db, 'walk', '')).toBe('9');
  });

  it('records a failure with its message, keyed parts separately, and the next run goes on', async () => {
    const { db, a } = await pair();
    let fail = true;
    a.deps.jobs.register({
      name: 'sync',
      schedule: { everyMs: 60_000 },
      async run(ctx) {
        if (fail) throw new Error('报表接口超时');
        const one = await ctx.forKey('acc1', async () => ({ rows: 24 }));
        const two = await ctx.forKey('acc2', async () => {
          throw new Error('授权已过期，需要重新授权');
        });
        return { rows: (one.rows ?? 0) + (two.rows ?? 0) };
      },
    });
    expect(await a.deps.jobs.run('sync')).toEqual({ ran: true, rows: 0, error: '报表接口超时' });
    fail = false;
    expect(await a.deps.jobs.run('sync')).toEqual({ ran: true, rows: 24, error: '' });
    const runs = await recentRuns(db.db, { job: 'sync' });
    // newest first; the whole run's row is written when it starts, its keyed parts as they end
    expect(runs.map((r) => [r.key, Number(r.rows), r.error])).toEqual([
      ['acc2', 0, '授权已过期，需要重新授权'],
      ['acc1', 24, ''],
      ['', 24, ''],
      ['', 0, '报表接口超时'],
    ]);
  });

  it('folds the runs of a frequent job into one row per window; a failure gets its own row', async () => {
    const { db, a, clock } = await pair();
    let boom = false;
    a.deps.jobs.register({
      name: 'often',
      schedule: { everyMs: 500 },
      coalesceMs: 60_000,
      run: async () => {
        if (boom) throw new Error('boom');
        return { rows: 2 };
      },
    });
    for (let i = 0; i < 5; i++) {
      await a.deps.jobs.run('often');
      clock.advance(500);
    }
    boom = true;
    await a.deps.jobs.run('often');
    boom = false;
    clock.advance(61_000);
    await a.deps.jobs.run('often');
    const runs = await recentRuns(db.db, { job: 'often' });
    expect(runs.map((r) => [Number(r.runs), Number(r.rows), r.error])).toEqual([
      [1, 2, ''],
      [1, 0, 'boom'],
      [5, 10, ''],
    ]);
  });

  it('the tracking processor runs as a job and stops cleanly: pings become rollups, the run is recorded', async () => {
    const { db, a } = await pair();
    const now = a.deps.clock.now();
    await insertLinkRow(db.db, { pageid: '3001', customerid: (await makeUser(a.deps)).id });
    await db.db
      .insertInto('monitor_raw')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          kind: i % 3 ? 's' : 'c',
          pageid: '3001',
          query: `ch=2&cb=k${i}`,
          ip: '',
          ua: '',
          received_at: now,
        })),
      )
      .execute();
    expect(await a.deps.jobs.run('tracking-processor')).toEqual({ ran: true, rows: 30, error: '' });
    const sums = await db.db
      .selectFrom('rollup_hourly')
      .select((eb) => [eb.fn.sum<number>('shows').as('s'), eb.fn.sum<number>('clicks').as('c')])
      .executeTakeFirstOrThrow();
    expect([Number(sums.s), Number(sums.c)]).toEqual([20, 10]);
    expect((await recentRuns(db.db, { job: 'tracking-processor' })).map((r) => [r.node, Number(r.rows)])).toEqual([[a.deps.nodeId, 30]]);
    await a.deps.jobs.stop();
    expect(await a.deps.jobs.run('tracking-processor')).toEqual({ ran: false, rows: 0, error: '' });
  });
});
