/**
 * Side-by-side benchmarks on loopback (wrk): our real server (node src/server/main.ts, SQLite in a temp
 * DATA_DIR) against a bare node:http baseline, in one run, reported as ratios. Run via bench/run.sh.
 *   a) monitor click ping, 30 parameters, 64 connections (ours answers only after COMMIT)
 *   b) landing page from memory (records the visit, also after COMMIT) vs the baseline serving the same bytes
 *   c) the same landing page rendered by Astro on every request (LANDING_CACHE=off)
 *   d) a) and b) with a new connection per request (Connection: close)
 * BENCH_CASES (e.g. `a,b`: only those cases; default all), BENCH_OUT (the raw JSON's file name in bench/, default
 * results.json).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/index.ts';
import { processingLag } from '../src/server/tracking/lag.ts';
import { monitorUrl } from '../src/shared/macros.ts';
import { prepareDataDir, startServer } from '../tests/process/fixture.ts';
import { machineFacts } from './tracking/machine.ts';

const DURATION = process.env.BENCH_DURATION ?? '8s';
const CONNS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const THREADS = Number(process.env.BENCH_THREADS ?? 1);

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: string;
}

const ms = (v: string): number => {
  const m = /([\d.]+)(us|ms|s)/.exec(v);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
};

function wrk(url: string, extra: string[] = []): WrkResult {
  const out = execFileSync('wrk', [`-t${THREADS}`, `-c${CONNS}`, `-d${DURATION}`, '--latency', ...extra, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors:.*/.exec(out)?.[0] ?? '';
  return { rps, p50, p99, requests, non2xx, errors };
}

function startBaseline(port: number, htmlFile: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [path.join(import.meta.dirname, 'baseline-server.ts')], {
    env: { ...process.env, PORT: String(port), BASELINE_HTML: htmlFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => proc.stdout!.once('data', () => resolve(proc)));
}

/** A juliang click ping with all macros substituted: exactly 30 parameters. */
function juliangPing(pageid: string): string {
  const url = monitorUrl('http://h', 'click', 2, pageid).replace(/__([A-Z0-9_]+)__/g, (_m, name: string) =>
    name === 'TS'
      ? String(Date.now())
      : name === 'UA'
        ? 'Mozilla%2F5.0%20(Linux%3B%20Android%2014)'
        : name === 'IP'
          ? '203.0.113.9'
          : `${name.toLowerCase()}_1234567`,
  );
  const path = url.slice('http://h'.length) + '&mid1=1&mid2=2&mid3=3&mid4=4';
  const count = path.split('?')[1]!.split('&').length;
  if (count !== 30) throw new Error(`ping has ${count} parameters`);
  return path;
}

function wrkVersion(): string {
  try {
    return execFileSync('wrk', ['--version'], { encoding: 'utf8' }).split('\n')[0]!.trim();
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? '')
      .split('\n')[0]!
      .trim(); // wrk -v exits 1
  }
}

const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 10;

async function main() {
  const facts = {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? '?',
    node: process.version,
    wrk: wrkVersion(),
    date: new Date().toISOString(),
    duration: DURATION,
    connections: CONNS,
    threads: THREADS,
    /** The shared machine's load average and busiest processes when the run started. */
    machine: machineFacts(),
  };
  console.log(facts);

  const dataDir = await prepareDataDir();
  const ours = await startServer(dataDir, 4610, { LOG_LEVEL: 'error', TRACKING_BATCH_DELAY_MS: process.env.BENCH_BATCH_DELAY_MS ?? '0' });
  const ssr = await startServer(await prepareDataDir(), 4611, { LOG_LEVEL: 'error', LANDING_CACHE: 'off' });
  await new Promise((r) => setTimeout(r, 1500)); // warm-up render of the landing pages
  const page = '/pub/810002';
  const html = Buffer.from(await (await fetch(ours.base + page)).arrayBuffer());
  const htmlFile = path.join(os.tmpdir(), 'tf-bench-page.html');
  writeFileSync(htmlFile, html);
  const htmlText = html.toString();
  const scripts = [...htmlText.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const pageFacts = {
    htmlBytes: html.length,
    externalScripts: scripts.filter((s) => /\bsrc=/.test(s[1]!)).length,
    inlineScripts: scripts.filter((s) => !/\bsrc=/.test(s[1]!)).length,
    inlineScriptBytes: scripts.reduce((n, s) => n + Buffer.byteLength(s[2]!), 0),
    islands: (htmlText.match(/astro-island/g) ?? []).length,
  };
  console.log(pageFacts);
  const baseline = await startBaseline(4612, htmlFile);
  const B = 'http://127.0.0.1:4612';
  const ping = juliangPing('810001');

  // The machine is shared and noisy: each case alternates baseline and ours ROUNDS times; medians are reported.
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const pick = (rs: WrkResult[]): WrkResult => {
    const m = median(rs.map((r) => r.rps));
    const r = rs.find((x) => x.rps === m)!;
    return { ...r, requests: rs.reduce((n, x) => n + x.requests, 0), non2xx: rs.reduce((n, x) => n + x.non2xx, 0) };
  };
  const rows: Array<{ name: string; baseline?: WrkResult; ours: WrkResult; ratios: number[] }> = [];
  const cases = process.env.BENCH_CASES?.split(',').map((c) => c.trim());
  const run = (name: string, oursUrl: string, baseUrl: string | null, extra: string[] = []) => {
    if (cases && !cases.includes(name.slice(0, name.indexOf(')')))) return;
    wrk(oursUrl, ['-d2s', ...extra]); // warm-up
    const bs: WrkResult[] = [];
    const os_: WrkResult[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const b = baseUrl ? wrk(baseUrl, extra) : undefined;
      const o = wrk(oursUrl, extra);
      if (b) bs.push(b);
      os_.push(o);
      if (b) ratios.push(ratio(o.rps, b.rps));
    }
    rows.push({ name, baseline: bs.length ? pick(bs) : undefined, ours: pick(os_), ratios });
    console.log(name, { baseline: bs.map((b) => Math.round(b.rps)), ours: os_.map((o) => Math.round(o.rps)), ratios });
  };
  run('a) monitor ping, 30 params, keep-alive', ours.base + ping, B + ping);
  run('b) landing page from memory, keep-alive', ours.base + page, B + page);
  run('c) landing page, Astro SSR every request', 'http://127.0.0.1:4611' + page, B + page);
  run('d1) monitor ping, Connection: close', ours.base + ping, B + ping, ['-H', 'Connection: close']);
  run('d2) landing from memory, Connection: close', ours.base + page, B + page, ['-H', 'Connection: close']);

  // Every acknowledged ping must be in the database: stop gracefully, then count.
  ours.proc.kill('SIGTERM');
  ssr.proc.kill('SIGTERM');
  baseline.kill('SIGTERM');
  await ours.exited;
  await ssr.exited;
  const h = await openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') });
  const raw = Number(
    (
      await h.db
        .selectFrom('monitor_raw')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const visits = Number(
    (
      await h.db
        .selectFrom('landing_visits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  // waiting for the processor: the raw rows after its high-water marks (tracking/lag.ts)
  const pending = (await processingLag(h.db, Math.floor(Date.now() / 1000))).rows;
  await h.close();
  const pingRows = rows.filter((r) => r.name.includes('monitor'));
  const acked = pingRows.reduce((n, r) => n + r.ours.requests - r.ours.non2xx, 0);
  const durability = {
    pingsAcknowledgedInMeasuredRuns: acked,
    monitorRawRows: raw,
    landingVisitRows: visits,
    unprocessedAfterShutdown: pending,
  };
  console.log(durability);

  const table = [
    '| case | baseline req/s (median) | ours req/s (median) | ours / baseline, per round | median ratio | baseline p50 / p99 ms | ours p50 / p99 ms | ours non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.baseline ? Math.round(r.baseline.rps) : '–'} | ${Math.round(r.ours.rps)} | ${r.ratios.map((x) => `${x} %`).join(', ')} | ${r.ratios.length ? `${median(r.ratios)} %` : '–'} | ${r.baseline ? `${r.baseline.p50.toFixed(2)} / ${r.baseline.p99.toFixed(2)}` : '–'} | ${r.ours.p50.toFixed(2)} / ${r.ours.p99.toFixed(2)} | ${r.ours.non2xx} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  const outFile = path.join(import.meta.dirname, process.env.BENCH_OUT ?? 'results.json');
  const machineAfter = machineFacts();
  writeFileSync(outFile, JSON.stringify({ facts, pageFacts, rows, durability, table, machineAfter }, null, 2));
  console.log(`written ${outFile}`);
  void readFileSync;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
