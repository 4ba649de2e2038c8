/**
 * Order sync benchmarks (bench/README.md "Orders"), one run: `npm run bench:orders`.
 *   1. ingest: 1 000 000 sandbox orders through the sync's per-batch step (ingestOrders in one transaction per batch of
 *      500, as the sync gathers its pages: upsert by (union, order id), status log, attribution through the affiliate
 *      and tracking lookups, order facts, postbacks) on SQLite (a file) and PostgreSQL (BENCH_DATABASE_URL or
 *      TEST_DATABASE_URL), in a child process that boots only the product: orders/s, CPU time and peak RSS. The orders
 *      are 2 000 real ones — placed by the union sandbox's shoppers on 100 links and pulled through the 淘宝 connector
 *      over HTTP — repeated with fresh 19-digit ids growing with time (as 淘宝's trade ids do) and times spread over 30
 *      days; a fifth of them have a landing visit (with an ad click's ids and callback) to be tied to.
 *   2. end to end: the order-sync job pulling ORDERS_E2E orders from the union sandbox over HTTP (TOP signing, JSON,
 *      the sandbox's own query cost included) on SQLite.
 *   3. the monitor-ping ratio of bench/README.md (a, 巨量 click ping vs a bare node:http 204) on a server whose
 *      order sync is busy back-filling 100 000 sandbox orders, next to the same server idle.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { actorOf } from '../src/server/accounts/actor.ts';
import { createUser } from '../src/server/accounts/users.ts';
import { boot } from '../src/server/boot.ts';
import { type AffiliateOrder, stepWindows } from '../src/server/connectors/affiliate.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { parseWith } from '../src/server/kernel/parse.ts';
import { createLink } from '../src/server/links/service.ts';
import { BATCH } from '../src/server/orders/sync.ts';
import { createUnionSandbox } from '../src/server/sandbox/unions/index.ts';
import type { LinkRow } from '../src/server/sandbox/unions/store.ts';
import { linkCreateInput } from '../src/shared/links.ts';
import { monitorUrl } from '../src/shared/macros.ts';
import { prepareDataDir, startServer } from '../tests/process/fixture.ts';
import { unionEnv } from '../tests/support/app.ts';
import { freshPostgresDatabase } from '../tests/support/dialects.ts';
import { startSandbox } from '../tests/support/unions.ts';
import { recordBackfill } from './orders-backfill.ts';
import { replica } from './orders-replica.ts';

const TOTAL = Number(process.env.ORDERS_TOTAL ?? 1_000_000);
const ORDERS_E2E = Number(process.env.ORDERS_E2E ?? 20_000);
/** Orders per transaction, as the sync gathers its pages (orders/sync.ts BATCH). */
const PAGE = Number(process.env.BENCH_BATCH ?? BATCH);
const LINKS = 100;

function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return { stop: () => (clearInterval(timer), Math.max(peak, process.memoryUsage().rss)) };
}
const mb = (b: number) => Math.round(b / 1024 / 1024);

/** A product with 100 links on the union sandbox (each its adzone) and 2 000 real orders pulled from the sandbox. */
async function setup(engineEnv: Record<string, string>) {
  // the union's clock is the wall clock here, as the product's is (the tests' default is their pinned instant)
  const sb = await startSandbox({ historyDays: 0, now: () => Date.now() });
  const booted = await boot({
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-bench-orders-')),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      SCRYPT_COST: '1024',
      ...unionEnv(sb.url),
      ...engineEnv,
    },
  });
  const deps = booted.deps;
  const user = await createUser(deps, { email: 'bench@x.cn', password: 'secret123', role: 3, company: '压测' });
  const links: Array<{ pageid: string; token: string }> = [];
  for (let i = 0; i < LINKS; i++) {
    const l = await createLink(
      deps,
      actorOf(user, 'bench'),
      parseWith(linkCreateInput, { platform: 2, state: 2, item: String(612300000000 + i), isdirect: 1 }),
    );
    const reg = await deps.db.selectFrom('affiliate_links').select('tracking_key').where('pageid', '=', l.pageid).executeTakeFirstOrThrow();
    const token = (sb.sandbox.world.db.prepare('SELECT token FROM links WHERE tracking_key = ?').get(reg.tracking_key) as { token: string })
      .token;
    links.push({ pageid: l.pageid, token });
  }
  // the sandbox's shoppers: 20 clicks per link three hours ago, every one ordering
  const w = sb.sandbox.world;
  const t0 = Math.floor(Date.now() / 1000) - 3 * 3600;
  for (const l of links) for (let k = 0; k < 20; k++) w.recordClick(w.link(l.token) as LinkRow, 'landing', {}, '', '', t0 + k * 60, 10_000);
  const sample: AffiliateOrder[] = [];
  for (const win of stepWindows(deps.affiliates.taobao, { from: t0 - 60, to: Math.floor(Date.now() / 1000) })) {
    let cursor: string | null = null;
    do {
      const page = await deps.affiliates.taobao.pullOrders(win, cursor);
      sample.push(...page.orders);
      cursor = page.cursor;
    } while (cursor);
  }
  return { sb, booted, deps, links, sample };
}

/**
 * Setup here (the union sandbox, the links, the sample, the visits), then the ingest in a child process that boots only
 * the product on the same database, so its RSS is the product's alone (bench/orders-ingest.ts).
 */
async function ingestBench(name: string, engineEnv: Record<string, string>) {
  const { sb, booted, deps, links, sample } = await setup(engineEnv);
  const now = deps.clock.now();
  const byKey = new Map<string, string>();
  for (const l of links) {
    const r = await deps.db.selectFrom('affiliate_links').select('tracking_key').where('pageid', '=', l.pageid).executeTakeFirstOrThrow();
    byKey.set(r.tracking_key, l.pageid);
  }
  // a fifth of the orders had a landing visit 30 s before their click, tied to an ad click with ids and a callback
  for (let from = 0; from < TOTAL; from += 5000) {
    const visits = [];
    for (let i = from; i < Math.min(TOTAL, from + 5000); i += 5) {
      const o = replica(sample, i, now, TOTAL);
      const pageid = byKey.get(`taobao:${(o.tracking as { adzoneId: string }).adzoneId}::`) ?? '';
      visits.push({
        raw_id: 0,
        pageid,
        customerid: 1,
        click_param: 'clickid',
        clickid: `EJ${i}`,
        ip: '',
        ua: '',
        received_at: (o.clickAt ?? 0) - 30,
        adv: '1760000000000001',
        camp: '1770000000000001',
        aid: '7300000000000000001',
        cid: '',
        callback: `EJ${i}`,
      });
    }
    await deps.db.insertInto('visit_events').values(visits).execute();
  }
  const dataDir = deps.config.dataDir;
  await booted.close();
  await sb.close();
  const sampleFile = path.join(dataDir, 'sample.json');
  writeFileSync(sampleFile, JSON.stringify(sample));
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const heap = process.env.BENCH_MAX_OLD_SPACE_MB ? [`--max-old-space-size=${process.env.BENCH_MAX_OLD_SPACE_MB}`] : [];
  const child = spawnSync(process.execPath, ['--expose-gc', ...heap, ...profile, path.join(import.meta.dirname, 'orders-ingest.ts')], {
    env: {
      ...process.env,
      ...engineEnv,
      DATA_DIR: dataDir,
      SAMPLE: sampleFile,
      ORDERS_TOTAL: String(TOTAL),
      NOW: String(now),
      BATCH: String(PAGE),
    },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`ingest child failed: ${child.stderr}`);
  // BENCH_KEEP_DB: what bench/orders-ab.ts needs to ingest again into clones of the kept database
  if (process.env.BENCH_KEEP_DB) process.stderr.write(`kept DATA_DIR=${dataDir} SAMPLE=${sampleFile} NOW=${now}\n`);
  process.stderr.write(child.stderr);
  const out = {
    engine: name,
    maxOldSpaceMb: process.env.BENCH_MAX_OLD_SPACE_MB ?? 'default',
    sampleOrders: sample.length,
    ...(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as object),
  };
  console.log(out);
  return out;
}

async function syncBench() {
  const { sb, booted, deps, links } = await setup({});
  const w = sb.sandbox.world;
  const now = Math.floor(Date.now() / 1000);
  w.db.exec('BEGIN');
  for (let i = 0; i < ORDERS_E2E; i++) {
    const l = links[i % links.length]!;
    w.recordClick(
      w.link(l.token) as LinkRow,
      'landing',
      {},
      '',
      '',
      now - 2 * 86400 + Math.floor((i * 2 * 86400) / ORDERS_E2E) - 5400,
      10_000,
    );
  }
  w.db.exec('COMMIT');
  await deps.db
    .insertInto('job_cursors')
    .values({ job: 'order-sync', key: 'taobao', value: String(now - 2 * 86400 - 7200), updated_at: now })
    .execute();
  const rss = rssSampler();
  const started = performance.now();
  const r = await deps.jobs.run('order-sync');
  const seconds = (performance.now() - started) / 1000;
  const stored = Number(
    (
      await deps.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await booted.close();
  await sb.close();
  const out = {
    engine: 'sqlite',
    case: 'order-sync job over HTTP from the union sandbox',
    orders: stored,
    seconds: Math.round(seconds * 10) / 10,
    ordersPerSecond: Math.round(stored / seconds),
    peakRssMb: mb(rss.stop()),
    error: r.error,
  };
  console.log(out);
  return out;
}

// ---- 3. monitor-ping ratio next to a busy sync -------------------------------------------------------------------

function wrk(url: string): number {
  const out = execFileSync('wrk', ['-t1', '-c64', `-d${process.env.BENCH_DURATION ?? '8s'}`, url], { encoding: 'utf8' });
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
}

function juliangPing(pageid: string): string {
  const url = monitorUrl('http://h', 'click', 2, pageid).replace(/__([A-Z0-9_]+)__/g, (_m, n: string) =>
    n === 'TS' ? String(Date.now()) : n === 'UA' ? 'Mozilla%2F5.0' : n === 'IP' ? '203.0.113.9' : `${n.toLowerCase()}_1234567`,
  );
  return `${url.slice('http://h'.length)}&mid1=1&mid2=2&mid3=3&mid4=4`;
}

/** A DATA_DIR whose in-process union sandbox already holds `orders` 淘宝 orders of the last 30 days. */
async function busyDataDir(orders: number): Promise<string> {
  const dir = await prepareDataDir();
  const sandbox = createUnionSandbox({
    file: path.join(dir, 'sandbox', 'unions.sqlite'),
    publicBaseUrl: 'http://127.0.0.1:1',
    historyDays: 0,
  });
  recordBackfill(sandbox.world, orders, Math.floor(Date.now() / 1000));
  sandbox.close();
  return dir;
}

async function pingRatio() {
  const baselineProc: ChildProcess = spawn(process.execPath, [path.join(import.meta.dirname, 'baseline-server.ts')], {
    env: { ...process.env, PORT: '4622', BASELINE_HTML: '/dev/null' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((r) => baselineProc.stdout!.once('data', r));
  // a bench is a deployment, not a test: the servers' clocks are the wall clock the sandbox's orders were placed at (the
  // process fixture would start them at the tests' pinned instant, and the busy server would find nothing to pull)
  const env = { LOG_LEVEL: 'error', ORDER_SYNC_SECONDS: '1', DEMO_TRAFFIC: 'off', CLOCK_START: new Date().toISOString() };
  const idle = await startServer(await prepareDataDir(), 4620, env);
  const busyDir = await busyDataDir(Number(process.env.ORDERS_BUSY ?? 100_000));
  const busy = await startServer(busyDir, 4621, env);
  const ping = juliangPing('810001');
  const rounds: Array<{ baseline: number; idle: number; busy: number }> = [];
  await new Promise((r) => setTimeout(r, 3000)); // the busy server's first sync (the back-fill) is under way
  for (let i = 0; i < Number(process.env.BENCH_ROUNDS ?? 3); i++) {
    const baseline = wrk(`http://127.0.0.1:4622${ping}`);
    const i1 = wrk(idle.base + ping);
    const b1 = wrk(busy.base + ping);
    rounds.push({ baseline: Math.round(baseline), idle: Math.round(i1), busy: Math.round(b1) });
    console.log(rounds.at(-1));
  }
  for (const c of [idle, busy]) c.proc.kill('SIGTERM');
  baselineProc.kill('SIGTERM');
  await Promise.all([idle.exited, busy.exited]);
  // how far the busy server's back-fill got while the pings ran (it yields to them, then catches up)
  const h = await openDatabase({ sqliteFile: path.join(busyDir, 'toufang.sqlite') });
  const busyOrdersStored = Number(
    (
      await h.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await h.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const idleRatio = median(rounds.map((r) => Math.round((r.idle / r.baseline) * 1000) / 10));
  const busyRatio = median(rounds.map((r) => Math.round((r.busy / r.baseline) * 1000) / 10));
  const out = {
    case: 'a) monitor ping, 30 params, keep-alive: idle server vs server back-filling orders',
    rounds,
    idleRatio,
    busyRatio,
    differencePoints: Math.round((idleRatio - busyRatio) * 10) / 10,
    busyOrdersStored,
  };
  console.log(out);
  return out;
}

async function main() {
  const facts = {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? '?',
    node: process.version,
    date: new Date().toISOString(),
    total: TOTAL,
  };
  console.log(facts);
  const results: Record<string, unknown> = { facts };
  const only = process.env.BENCH_ONLY?.split(',');
  if (!only || only.includes('sqlite')) results.sqlite = await ingestBench('sqlite', {});
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl && (!only || only.includes('postgres'))) {
    const db = await freshPostgresDatabase(pgUrl, 'bench');
    try {
      results.postgres = await ingestBench('postgres', { DATABASE_URL: db.url });
    } finally {
      // BENCH_KEEP_DB=1 leaves the filled database for EXPLAIN (its url on stderr); drop it yourself
      if (process.env.BENCH_KEEP_DB) process.stderr.write(`kept ${db.url}\n`);
      else await db.drop();
    }
  }
  if (!only || only.includes('sync')) results.sync = await syncBench();
  if (!only || only.includes('ping')) results.ping = await pingRatio();
  writeFileSync(path.join(import.meta.dirname, 'orders-results.json'), JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
