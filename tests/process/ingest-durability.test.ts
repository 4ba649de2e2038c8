/**
 * The real server as a child process, with a backlog of millions of raw rows waiting for the processor (built by SQL,
 * `DURABILITY_BACKLOG_ROWS`, default 2 000 000) and pings arriving over HTTP: every ping answered 204 is in the
 * database whether the process is stopped (SIGTERM mid-load → exit 0 before its shutdown deadline, without draining
 * the backlog) or killed (-9), and after the next start every raw row — backlog and acknowledged pings — is exactly
 * one event and one count in the rollups. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/index.ts';
import { readMarks } from '../../src/server/tracking/progress.ts';
import { runningNow } from '../support/clock.ts';
import { freshPostgresDatabase } from '../support/dialects.ts';
import { freePort } from '../support/ports.ts';
import { fillRawBacklog } from '../support/raw-backlog.ts';
import { type Child, prepareDataDir, seedFixture, startServer } from './fixture.ts';

const BACKLOG = Number(process.env.DURABILITY_BACKLOG_ROWS ?? 2_000_000);
/** Filling and draining millions of rows takes minutes (much longer on a busy shared machine). */
const LONG = 60 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ping(agent: Agent, base: string, seq: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${base}/m/${seq % 3 === 0 ? 's' : 'c'}/810001?ch=2&adv=1700&aid=71&cb=cb${seq}&seq=${seq}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Workers ping until `stop()`; returns the acknowledged sequence numbers. */
function load(base: string, workers: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: workers });
  const acked: number[] = [];
  let seq = 0;
  let running = true;
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (running) {
        const n = seq++;
        const status = await ping(agent, base, n);
        if (status === 204) acked.push(n);
        else if (status === 0) await sleep(5);
      }
    }),
  );
  return {
    acked,
    /** At least `ms` of load and `n` pings acknowledged (a busy machine answers slower; the test waits, it does not fail). */
    async atLeast(ms: number, n: number) {
      await sleep(ms);
      const end = Date.now() + 120_000; // elapsed real time, not the server's clock
      while (acked.length < n && Date.now() < end) await sleep(100);
    },
    async stop() {
      running = false;
      await done;
      agent.destroy();
    },
  };
}

/** Where a test's server keeps its data: a DATA_DIR with SQLite, or a fresh PostgreSQL database. */
interface Store {
  dataDir: string;
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

async function sqliteStore(): Promise<Store> {
  const dataDir = await prepareDataDir();
  return {
    dataDir,
    env: { LOG_LEVEL: 'info' },
    open: () => openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') }),
    // the database holds millions of rows (≈ 2 GB): left behind, a few runs fill a CI machine's disk
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresStore(url: string): Promise<Store> {
  const fresh = await freshPostgresDatabase(url, 'durable');
  const h = await openDatabase({ databaseUrl: fresh.url });
  await seedFixture(h);
  await h.close();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tf-proc-'));
  return {
    dataDir,
    env: { DATABASE_URL: fresh.url, LOG_LEVEL: 'info' },
    open: () => openDatabase({ databaseUrl: fresh.url }),
    drop: async () => {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const engines: Array<[string, () => Promise<Store>]> = [['sqlite', sqliteStore]];
if (process.env.TEST_DATABASE_URL) engines.push(['postgres', () => postgresStore(process.env.TEST_DATABASE_URL ?? '')]);

/** The backlog, as the hot path would have stored it over the last minutes. */
async function withBacklog(store: Store): Promise<void> {
  const h = await store.open();
  await fillRawBacklog(h.db, h.engine, { pageid: '810001', pings: BACKLOG, from: runningNow() - 600, perSecond: 5000 });
  await h.close();
}

interface Counts {
  /** Sequence numbers of the HTTP pings stored (rows after the SQL backlog). */
  seqs: Set<number>;
  rawRows: number;
  waiting: number;
  events: number;
  distinctRawIds: number;
  counted: number;
}

async function counts(store: Store): Promise<Counts> {
  const h = await store.open();
  try {
    const n = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(h.db)).rows[0]?.n ?? 0);
    const marks = await readMarks(h.db);
    const http = await h.db.selectFrom('monitor_raw').select('query').where('id', '>', BACKLOG).execute();
    return {
      seqs: new Set(http.map((r) => Number(/seq=(\d+)/.exec(r.query)?.[1]))),
      rawRows: await n(sql`select count(*) as n from monitor_raw`),
      waiting: await n(sql`select count(*) as n from monitor_raw where id > ${marks.monitor_raw}`),
      events: await n(sql`select count(*) as n from monitor_events`),
      distinctRawIds: await n(sql`select count(distinct raw_id) as n from monitor_events`),
      counted: await n(sql`select coalesce(sum(clicks), 0) + coalesce(sum(shows), 0) as n from rollup_hourly`),
    };
  } finally {
    await h.close();
  }
}

/** Start again and wait until the processor has caught up (the lag read from ids is 0). */
async function restartAndDrain(store: Store, p: number): Promise<Child> {
  const child = await startServer(store.dataDir, p, store.env);
  for (;;) {
    const health = (await (await fetch(`${child.base}/healthz`)).json()) as { tracking: { backlog_rows: number } };
    if (health.tracking.backlog_rows === 0) return child;
    await sleep(1000);
  }
}

function expectExactlyOnce(c: Counts, acked: number[]): void {
  expect(acked.filter((n) => !c.seqs.has(n))).toEqual([]); // nothing acknowledged is lost
  expect(c.waiting).toBe(0);
  expect(c.rawRows).toBe(BACKLOG + c.seqs.size);
  expect([c.events, c.distinctRawIds]).toEqual([c.rawRows, c.rawRows]); // one event per raw row
  expect(c.counted).toBe(c.rawRows); // each ping has its own callback: every one counts once
}

describe.each(engines)('monitor ingestion with a backlog of raw rows survives the process going away (%s)', (_name, makeStore) => {
  let child: Child | null = null;
  let store: Store | null = null;
  afterEach(async () => {
    if (child && child.proc.exitCode === null) child.proc.kill('SIGKILL');
    child = null;
    await store?.drop();
    store = null;
  });

  it(
    'SIGTERM mid-load: exits 0 before its deadline without draining the backlog, loses nothing; the next start counts everything once',
    async () => {
      store = await makeStore();
      await withBacklog(store);
      const p = await freePort();
      child = await startServer(store.dataDir, p, store.env);
      const l = load(child.base, 48);
      await l.atLeast(3000, 200);
      child.proc.kill('SIGTERM');
      const code = await child.exited;
      await l.stop();
      expect(code, child.output()).toBe(0);
      expect(child.output()).toContain('"msg":"stopped"');
      expect(child.output()).not.toContain('shutdown deadline passed');
      expect(l.acked.length).toBeGreaterThan(100);
      const stopped = await counts(store);
      expect(l.acked.filter((n) => !stopped.seqs.has(n))).toEqual([]);
      expect(stopped.waiting).toBeGreaterThan(0); // the rest waits for the next start: shutdown did not drain it

      child = await restartAndDrain(store, p);
      child.proc.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      expectExactlyOnce(await counts(store), l.acked);
    },
    LONG,
  );

  it(
    'kill -9 mid-processing: every acknowledged ping is stored, and after restart every raw row counts exactly once',
    async () => {
      store = await makeStore();
      await withBacklog(store);
      const p = await freePort();
      child = await startServer(store.dataDir, p, store.env);
      const l = load(child.base, 48);
      await l.atLeast(3000, 200);
      child.proc.kill('SIGKILL');
      await child.exited;
      await l.stop();
      expect(l.acked.length).toBeGreaterThan(100);
      const killed = await counts(store);
      expect(l.acked.filter((n) => !killed.seqs.has(n))).toEqual([]);
      expect(killed.waiting).toBeGreaterThan(0);

      child = await restartAndDrain(store, p);
      child.proc.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      expectExactlyOnce(await counts(store), l.acked);
    },
    LONG,
  );
});
