/**
 * The tracking processor at scale of mechanics (issue 24): its lag gauge tells the truth during a run, a database
 * written by the version with a `processed` flag per row migrates and is processed exactly once, and two app nodes
 * processing one database never count a row twice.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/index.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { PROCESSOR_JOB } from '../../src/server/tracking/jobs.ts';
import { processingLag } from '../../src/server/tracking/lag.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import { readMarks } from '../../src/server/tracking/progress.ts';
import { RollupAccumulator } from '../../src/server/tracking/rollup.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { databaseAt, dialects, type TestHandle } from '../support/dialects.ts';
import { insertLinkRow, makeUser } from '../support/factories.ts';
import { fillRawBacklog } from '../support/raw-backlog.ts';

const count = async (db: Db, q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0]?.n ?? 0);

/** Raw rows after the marks, counted the slow way (what the gauge must equal). */
async function trueBacklog(db: Db): Promise<number> {
  const m = await readMarks(db);
  return (
    (await count(db, sql<{ n: number }>`select count(*) as n from monitor_raw where id > ${m.monitor_raw}`)) +
    (await count(db, sql<{ n: number }>`select count(*) as n from landing_visits where id > ${m.landing_visits}`))
  );
}

const rollupTotals = async (db: Db) => {
  const r = await db
    .selectFrom('rollup_hourly')
    .select((eb) => [eb.fn.sum<number>('clicks').as('c'), eb.fn.sum<number>('shows').as('s'), eb.fn.sum<number>('visits').as('v')])
    .executeTakeFirstOrThrow();
  return { clicks: Number(r.c ?? 0), shows: Number(r.s ?? 0), visits: Number(r.v ?? 0) };
};

const gauge = (t: TestApp, name: string): number => {
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(t.deps.metrics.render());
  return Number(m?.[1]);
};

describe.each(dialects())('tracking processor on $name', (dialect) => {
  let t: TestApp;
  let handle: TestHandle;
  const from = 1_763_596_800;
  beforeAll(async () => {
    handle = await dialect.open();
    t = await makeTestApp(dialect, {}, { handle, clock: new ManualClock((from + 3600) * 1000) });
    await insertLinkRow(t.deps.db, { pageid: '810001', customerid: (await makeUser(t.deps)).id });
  });
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  it('reports the true backlog during a run, while more rows arrive, and /healthz shows it', async () => {
    const { startTracking } = await import('../../src/server/tracking/index.ts');
    const tracking = startTracking(t.deps, { trustProxy: false });
    await fillRawBacklog(t.deps.db, t.deps.engine, { pageid: '810001', pings: 12_000, visits: 1_200, from, perSecond: 1000 });
    const seen: Array<[gauge: number, truth: number]> = [];
    const yieldToIngestion = t.deps.pressure.keepPace.bind(t.deps.pressure);
    let slices = 0;
    t.deps.pressure.keepPace = async (signal) => {
      slices += 1;
      if (slices === 3) {
        // pings arrive mid-run through the ingest batch: the gauge counts them before the next measurement
        for (let i = 0; i < 50; i++)
          tracking.batcher.add(
            { table: 'monitor_raw', row: { kind: 's', pageid: '810001', query: 'ch=2', ip: '', ua: '', received_at: from } },
            () => {},
          );
        await tracking.batcher.flush();
      }
      seen.push([gauge(t, 'tracking_processor_backlog_rows'), await trueBacklog(t.deps.db)]);
      return yieldToIngestion(signal);
    };
    try {
      expect((await (await t.app.request('/healthz')).json()).tracking).toEqual({
        backlog_rows: 13_200,
        lag_seconds: 3600,
      });
      const run = await t.deps.jobs.run(PROCESSOR_JOB);
      expect(run).toMatchObject({ ran: true, rows: 13_250, error: '' });
    } finally {
      t.deps.pressure.keepPace = yieldToIngestion;
      await tracking.batcher.close();
    }
    // the run took several slices and the gauge matched the table at each, new arrivals included
    expect(seen.length).toBeGreaterThan(2);
    for (const [g, truth] of seen) expect(g).toBe(truth);
    expect(seen.some(([, truth]) => truth > 0)).toBe(true);
    expect(gauge(t, 'tracking_processor_backlog_rows')).toBe(0);
    expect(await processingLag(t.deps.db, t.deps.clock.now())).toEqual({ rows: 0, seconds: 0 });
    expect(await rollupTotals(t.deps.db)).toEqual({ clicks: 12_000, shows: 50, visits: 1_200 });
  });

  it('two nodes processing one database count every row exactly once', async () => {
    const before = await rollupTotals(t.deps.db);
    await fillRawBacklog(t.deps.db, t.deps.engine, { pageid: '810001', pings: 6_000, visits: 600, from: from + 20, perSecond: 1000 });
    const other = await handle.second();
    try {
      const slice = () => 250;
      const [a, b] = await Promise.all([
        processAll(t.deps.db, t.deps.engine, { slice }),
        processAll(other.db, t.deps.engine, { slice, pause: () => new Promise((r) => setImmediate(r)) }),
      ]);
      expect(a.monitor + b.monitor).toBe(6_000);
      expect(a.visits + b.visits).toBe(600);
    } finally {
      await other.close();
    }
    const after = await rollupTotals(t.deps.db);
    expect([after.clicks - before.clicks, after.visits - before.visits]).toEqual([6_000, 600]);
    const events = await count(t.deps.db, sql<{ n: number }>`select count(*) as n from monitor_events`);
    const distinct = await count(t.deps.db, sql<{ n: number }>`select count(distinct raw_id) as n from monitor_events`);
    expect([events, distinct]).toEqual([18_050, 18_050]);
  });
});

describe.each(dialects())('upgrading tracking to high-water marks on $name', (dialect) => {
  it('a backlog flagged by the previous version migrates and is processed exactly once', async () => {
    const h = await databaseAt(dialect.name, '0016_rollup_board');
    try {
      const db = h.db;
      const user = await sql<{ id: number }>`insert into users (kind, email, password_hash, created_at, updated_at)
        values ('customer', 'upgrade@x.cn', 'x', 0, 0) returning id`.execute(db);
      const customerid = Number(user.rows[0]?.id);
      // The previous version processed pings 1–1 000 and, on another node, 2 001–2 100; 1 001–2 000 and 2 101–3 000 wait.
      await fillRawBacklog(db, h.engine, {
        pageid: '810001',
        pings: 3000,
        visits: 300,
        from: 1_763_596_800,
        perSecond: 100,
        alreadyProcessed: 1000,
      });
      await sql`update monitor_raw set processed = 1 where id > 2000 and id <= 2100`.execute(db);
      await sql`update landing_visits set processed = case when id <= 100 then 1 else 0 end`.execute(db);
      // …and counted them, as its processor did: one click per ping, one visit per visit, per hour and day.
      const acc = new RollupAccumulator();
      const key = { pageid: '810001', customerid, adv: 'advertiser_id_1234567', aid: 'aid_1234567' };
      for (const r of await db.selectFrom('monitor_raw').select('received_at').where('processed', '=', 1).execute())
        acc.add(Number(r.received_at), key, { clicks: 1 });
      for (const r of await db.selectFrom('landing_visits').select('received_at').where('processed', '=', 1).execute())
        acc.add(Number(r.received_at), { ...key, adv: '' }, { visits: 1 });
      // (the rollups of that version had no invalid-traffic counts: migration 0065)
      const previous = <T extends { invalid_shows?: unknown; invalid_clicks?: unknown; invalid_visits?: unknown }>(rows: T[]) =>
        rows.map(({ invalid_shows: _s, invalid_clicks: _c, invalid_visits: _v, ...r }) => r);
      await db.insertInto('rollup_hourly').values(previous(acc.rows().hourly)).execute();
      await db.insertInto('rollup_daily').values(previous(acc.rows().daily)).execute();

      await migrateToLatest(h);
      await insertLinkRow(db, { pageid: '810001', customerid });
      expect(await readMarks(db)).toEqual({ monitor_raw: 1000, landing_visits: 100 });
      expect(await processingLag(db, 1_763_596_800 + 3600)).toEqual({ rows: 2000 + 200, seconds: 3600 - 1 });

      expect(await processAll(db, h.engine, { slice: () => 700 })).toEqual({ monitor: 1900, visits: 200, rejects: 0 });
      expect(await processAll(db, h.engine)).toEqual({ monitor: 0, visits: 0, rejects: 0 });
      expect(await rollupTotals(db)).toEqual({ clicks: 3000, shows: 0, visits: 300 });
      const rawIds = (await db.selectFrom('monitor_events').select('raw_id').orderBy('raw_id').execute()).map((r) => Number(r.raw_id));
      const waiting = [...Array.from({ length: 1000 }, (_, i) => 1001 + i), ...Array.from({ length: 900 }, (_, i) => 2101 + i)];
      expect(rawIds).toEqual(waiting);
      expect(await readMarks(db)).toEqual({ monitor_raw: 3000, landing_visits: 300 });
    } finally {
      await h.close();
    }
  });
});
