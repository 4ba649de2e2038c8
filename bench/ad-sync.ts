/**
 * Ad-platform report sync into the product, and what it costs monitor ingestion (bench/README.md "Ad sync").
 * Our real server (`node src/server/main.ts`, SQLite) talks to the sandbox running as its own process
 * (`sandbox/adplatforms/serve.ts`, configured like a real host: `JULIANG_*`), so the server's memory is its own.
 * It gets 200 巨量
 * advertisers × 50 plans with 24 hours of report facts each (240 000 plan-hours), authorised in one consent as
 * a person would; we time the first sync (plans, then the report back-fill) and read the server's peak RSS.
 * Then the monitor-ping case a) of bench/run.ts (30 parameters, keep-alive, ours vs the bare baseline) is
 * measured with the server idle and while it runs a full re-sync of the 200 accounts, alternating, in one run.
 * Run: `node bench/ad-sync.ts` (after `npm run build`; wrk from Debian).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SANDBOX_APPS } from '../src/shared/ad-platforms.ts';
import { hourStart } from '../src/shared/china-clock.ts';
import { prepareDataDir, startServer } from '../tests/process/fixture.ts';
import { juliangPing, median, ratio, startBaseline, type WrkResult, wrk } from './wrk.ts';

const ADVERTISERS = Number(process.env.BENCH_ADVERTISERS ?? 200);
const PLANS = Number(process.env.BENCH_PLANS ?? 50);
const HOURS = 24;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WRK = { duration: process.env.BENCH_DURATION ?? '6s', connections: Number(process.env.BENCH_CONNECTIONS ?? 64) };
const PORT = 4620;
const BASE = `http://127.0.0.1:${PORT}`;
const SB_PORT = 4622;
const SB = `http://127.0.0.1:${SB_PORT}`;

const post = async <T>(p: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch((p.startsWith('/sandbox/') ? SB : BASE) + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code?: number; ok?: boolean; msg?: string; data?: T } & T;
  if (json.code !== undefined && json.code !== 1) throw new Error(`${p}: ${json.msg}`);
  return (json.data ?? json) as T;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Until the tracking processor caught up with every ping so far (`/healthz`): an idle round must not process the last one's. */
async function drained(): Promise<number> {
  const t = performance.now();
  for (;;) {
    const health = (await (await fetch(`${BASE}/healthz`)).json()) as { tracking?: { backlog_rows?: number } };
    if (!health.tracking?.backlog_rows) return Math.round(performance.now() - t);
    await sleep(200);
  }
}
const peakRss = (pid: number): number => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main(): Promise<void> {
  const facts = {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? '?',
    node: process.version,
    load: os.loadavg().map((l) => l.toFixed(2)),
    date: new Date().toISOString(),
  };
  console.log(facts);
  const dataDir = await prepareDataDir();
  const sandboxDir = mkdtempSync(path.join(os.tmpdir(), 'tf-bench-sandbox-'));
  const sandbox = spawn(process.execPath, ['src/server/sandbox/adplatforms/serve.ts'], {
    env: { ...process.env, SANDBOX_PORT: String(SB_PORT), DATA_DIR: sandboxDir, SANDBOX_LIVE: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => sandbox.stdout?.once('data', resolve));
  const platformEnv = {
    SANDBOX: 'off',
    JULIANG_APP_ID: SANDBOX_APPS.juliang.appId,
    JULIANG_APP_SECRET: SANDBOX_APPS.juliang.appSecret,
    JULIANG_API_BASE: `${SB}/sandbox/juliang/open_api`,
    JULIANG_AUTH_BASE: `${SB}/sandbox/juliang`,
  };
  const env = {
    ...platformEnv,
    // a bench is a deployment, not a test: the server's clock is the wall clock the sandbox's report hours use (the
    // process fixture would start it at the tests' pinned instant, and the first sync would find no facts)
    CLOCK_START: new Date().toISOString(),
    SCRYPT_COST: '1024',
    DEMO_TRAFFIC: 'off',
    LOG_LEVEL: 'error',
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  };
  spawnSync(process.execPath, ['src/server/cli/main.ts', 'user:add', '--email', 'bench@x.cn', '--password', 'bench123', '--role', '3'], {
    env: { ...process.env, DATA_DIR: dataDir, ...env },
  });
  const ours = await startServer(dataDir, PORT, env);
  const pid = ours.proc.pid ?? 0;
  const startRssMb = Math.round(peakRss(pid));

  // The platform side, as an advertiser would have it: accounts, plans, and 24 hours of delivery each.
  const plans = Array.from({ length: PLANS }, (_, i) => ({ name: `计划${i}`, bidFen: 40 + (i % 9) * 5 }));
  const seeded = await post<{ advertisers: Array<{ id: string }> }>('/sandbox/juliang/_admin/seed', {
    advertisers: Array.from({ length: ADVERTISERS }, (_, i) => ({
      name: `压测广告主${i}`,
      balanceFen: 1e10,
      campaigns: [{ name: '组', plans }],
    })),
  });
  await post('/sandbox/juliang/_admin/history', { days: 1 });
  const current = hourStart(Math.floor(Date.now() / 1000));
  const world = new DatabaseSync(path.join(sandboxDir, 'sandbox', 'adplatforms.sqlite'));
  world.prepare('DELETE FROM delivery WHERE hour < ? OR hour >= ?').run(current - HOURS * 3600, current);
  world.close();
  const worldRssMb = Math.round(peakRss(pid));

  // One consent granting every advertiser, as a person ticking them all.
  const token = (await post<{ jwt: string }>('/capi/api/user/login', { email: 'bench@x.cn', password: 'bench123' })).jwt;
  const start = await post<{ url: string }>('/capi/napi/auth/create', { platform: 2 }, token);
  const page = await (await fetch(start.url)).text();
  const form = new URLSearchParams(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1] ?? '',
      (m[2] ?? '').replace(/&#(\d+);/g, (_x, n: string) => String.fromCharCode(Number(n))),
    ]),
  );
  for (const a of seeded.advertisers) form.append('advertiser_id', a.id);
  form.set('decision', 'approve');
  const redirect = new URL((await fetch(start.url, { method: 'POST', body: form, redirect: 'manual' })).headers.get('location') ?? '');
  const t0 = performance.now();
  const auth = await post<{ auth: { id: number } }>(
    '/capi/napi/auth/callback',
    { platform: 2, state: redirect.searchParams.get('state'), code: redirect.searchParams.get('auth_code') },
    token,
  );

  const db = new DatabaseSync(path.join(dataDir, 'toufang.sqlite'), { readOnly: true });
  const progress = () =>
    db.prepare('SELECT sum(report_synced_to > ?) AS done, sum(report_synced_to > 0) AS started FROM ad_accounts').get(current) as {
      done: number;
      started: number;
    };
  const rows = () => Number((db.prepare('SELECT count(*) AS n FROM ad_facts_hourly').get() as { n: number }).n);
  let tReport = 0;
  while (Number(progress().done) < ADVERTISERS) {
    if (!tReport && Number(progress().started) > 0) tReport = performance.now();
    await sleep(100);
  }
  const tDone = performance.now();
  const sync = {
    rows: rows(),
    expected: ADVERTISERS * PLANS * HOURS,
    seconds: (tDone - t0) / 1000,
    planSeconds: (tReport - t0) / 1000,
    reportSeconds: (tDone - tReport) / 1000,
    peakRssMb: Math.round(peakRss(pid)),
    startRssMb,
    worldRssMb,
  };
  console.log('first sync', sync);

  // Monitor pings next to idle, and while the server re-syncs every account (plans, then the report).
  const html = path.join(os.tmpdir(), 'tf-bench-ads.html');
  writeFileSync(html, '<!doctype html><p>baseline</p>');
  const baseline = await startBaseline(4621, html);
  const ping = juliangPing('810001');
  const writer = new DatabaseSync(path.join(dataDir, 'toufang.sqlite'));
  writer.exec('PRAGMA busy_timeout = 30000'); // the server may be writing (its jobs, the tracking processor)
  const round: Array<{ baseline: WrkResult; idle: WrkResult; busy: WrkResult; busyThroughout: boolean; drainMs: number[] }> = [];
  wrk(BASE + ping, { ...WRK, duration: '2s' });
  for (let i = 0; i < ROUNDS; i++) {
    const drainMs = [await drained()];
    const b = wrk(`http://127.0.0.1:4621${ping}`, WRK);
    const idle = wrk(BASE + ping, WRK);
    drainMs.push(await drained());
    writer.prepare('UPDATE ad_accounts SET report_synced_to = 0').run();
    await post('/capi/napi/auth/sync', { id: auth.auth.id }, token);
    await sleep(300);
    const busy = wrk(BASE + ping, WRK);
    const busyThroughout = Number(progress().done) < ADVERTISERS;
    round.push({ baseline: b, idle, busy, busyThroughout, drainMs });
    console.log(`round ${i + 1}`, {
      drainMs,
      baseline: Math.round(b.rps),
      idle: Math.round(idle.rps),
      duringSync: Math.round(busy.rps),
      p99: [b.p99, idle.p99, busy.p99],
      busyThroughout,
    });
    while (Number(progress().done) < ADVERTISERS) await sleep(200);
  }
  writer.close();
  db.close();
  const idleRatios = round.map((r) => ratio(r.idle.rps, r.baseline.rps));
  const busyRatios = round.map((r) => ratio(r.busy.rps, r.baseline.rps));
  const pings = {
    idleRatios,
    busyRatios,
    idle: median(idleRatios),
    duringSync: median(busyRatios),
    points: Math.round((median(idleRatios) - median(busyRatios)) * 10) / 10,
    rounds: round,
  };
  console.log(pings);
  sync.peakRssMb = Math.round(peakRss(pid));
  ours.proc.kill('SIGTERM');
  baseline.kill('SIGTERM');
  sandbox.kill('SIGTERM');
  await ours.exited;
  writeFileSync(path.join(import.meta.dirname, 'ad-sync-results.json'), JSON.stringify({ facts, sync, pings }, null, 2));
  console.log(`\n| report sync: rows | seconds (plans + report) | rows/s | peak RSS | ping ratio idle | ping ratio during sync | points |`);
  console.log(`|---:|---:|---:|---:|---:|---:|---:|`);
  console.log(
    `| ${sync.rows} | ${sync.seconds.toFixed(1)} (${sync.planSeconds.toFixed(1)} + ${sync.reportSeconds.toFixed(1)}) | ${Math.round(sync.rows / sync.reportSeconds)} | ${sync.peakRssMb} MB | ${idleRatios.join(' / ')} % → **${pings.idle} %** | ${busyRatios.join(' / ')} % → **${pings.duringSync} %** | ${pings.points} |`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
