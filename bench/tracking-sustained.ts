/**
 * Sustained tracking benchmark (issue 24): the real server (node src/server/main.ts) on SQLite or PostgreSQL takes
 * `BENCH_RATE` (5 000) 巨量 click pings a second with random click ids from a load generator in its own process
 * (bench/tracking/loadgen.ts) for `BENCH_MINUTES` (10), while the tracking processor turns them into events and
 * rollups. Every 5 s it samples the server: pings committed (`/metrics`), the lag in rows and seconds (`/healthz`,
 * read from ids), RSS (/proc), the SQLite WAL's size. After the load: the time until nothing waits (drain), SIGTERM
 * and the time to exit, then the database counted: every acknowledged ping is one event and one click.
 *   npm run bench:sustained -- sqlite|postgres     BENCH_RATE, BENCH_MINUTES, BENCH_CONNECTIONS (16), BENCH_PG_URL
 * Results: bench/tracking-sustained-results.json (appended) and a markdown table on stdout (bench/README.md).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Engine } from '../src/server/db/dialect.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { startServer } from '../tests/process/fixture.ts';
import { machineFacts } from './tracking/machine.ts';
import { openBenchDb, seedLink } from './tracking/world.ts';

const engine = (process.argv[2] ?? 'sqlite') as Engine;
const RATE = Number(process.env.BENCH_RATE ?? 5000);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PORT = 4620;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  t: number;
  committed: number;
  backlogRows: number;
  lagSeconds: number;
  rssMb: number;
  walMb: number;
}

async function readJson(url: string): Promise<Record<string, unknown>> {
  return (await fetch(url)).json() as Promise<Record<string, unknown>>;
}

async function sample(base: string, pid: number, wal: string | null, t0: number): Promise<Sample> {
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const health = (await readJson(`${base}/healthz`)).tracking as { backlog_rows: number; lag_seconds: number };
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return {
    t: Math.round((performance.now() - t0) / 100) / 10,
    committed: Number(/^tracking_batch_committed_total (\S+)$/m.exec(metrics)?.[1] ?? 0),
    backlogRows: health.backlog_rows,
    lagSeconds: health.lag_seconds,
    rssMb: Math.round(Number(rss ?? 0) / 1024),
    walMb: wal && existsSync(wal) ? Math.round(statSync(wal).size / 1e5) / 10 : 0,
  };
}

async function main() {
  const machineBefore = machineFacts();
  console.log(machineBefore);
  const b = await openBenchDb(engine, 'sustained');
  await seedLink(b.handle.db);
  const dataDir = engine === 'sqlite' ? path.dirname(b.where) : mkdtempSync(path.join(os.tmpdir(), 'tf-sustained-'));
  if (engine === 'sqlite') await b.handle.close(); // the server opens the file itself
  const server = await startServer(dataDir, PORT, {
    LOG_LEVEL: 'warn',
    ...(engine === 'postgres' ? { DATABASE_URL: b.where } : {}),
  });
  const pid = server.proc.pid ?? 0;
  const wal = engine === 'sqlite' ? `${b.where}-wal` : null;
  const seconds = MINUTES * 60;
  const gen = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'tracking/loadgen.ts'), server.base, String(RATE), String(seconds), String(CONNECTIONS)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const genLines: Array<Record<string, unknown>> = [];
  let buf = '';
  gen.stdout.on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      genLines.push(JSON.parse(buf.slice(0, i)));
      buf = buf.slice(i + 1);
    }
  });
  const genDone = new Promise<void>((r) => gen.on('exit', () => r()));
  const t0 = performance.now();
  const samples: Sample[] = [];
  while (performance.now() - t0 < seconds * 1000) {
    await sleep(5000);
    const s = await sample(server.base, pid, wal, t0);
    samples.push(s);
    console.log(JSON.stringify(s));
  }
  // The load ended: how long until nothing waits.
  const loadEnd = performance.now();
  let drainSeconds = Number.NaN;
  for (;;) {
    const s = await sample(server.base, pid, wal, t0);
    if (s.backlogRows === 0) {
      drainSeconds = Math.round((performance.now() - loadEnd) / 100) / 10;
      samples.push(s);
      break;
    }
    if (performance.now() - loadEnd > 3600_000) break;
    await sleep(500);
  }
  await genDone;
  const summary = genLines.find((l) => l.done) as {
    sent: number;
    ok: number;
    non2xx: number;
    errors: number;
    behind: number;
    perMinute: Array<{ minute: number; requests: number; p50: number; p99: number; max: number }>;
  };
  const stopAt = performance.now();
  server.proc.kill('SIGTERM');
  const exitCode = await server.exited;
  const shutdownSeconds = Math.round((performance.now() - stopAt) / 100) / 10;

  // Exactly once: every acknowledged ping is one raw row, one event and one click in the rollups (valid or invalid).
  const h = engine === 'sqlite' ? await openDatabase({ sqliteFile: b.where }) : await openDatabase({ databaseUrl: b.where });
  const n = async (q: string) => Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(h.db)).rows[0]?.n ?? 0);
  const counts = {
    acknowledged: summary.ok,
    rawRows: await n('select count(*) as n from monitor_raw'),
    events: await n('select count(*) as n from monitor_events'),
    rollupClicks: await n('select coalesce(sum(clicks), 0) as n from rollup_hourly'),
    rollupInvalidClicks: await n('select coalesce(sum(invalid_clicks), 0) as n from rollup_hourly'),
  };
  await h.close();
  await b.drop();

  // Per minute: rates from the samples at minute boundaries, the worst lag within the minute, p99 from the generator.
  const perMinute = Array.from({ length: MINUTES }, (_, m) => {
    const inMinute = samples.filter((s) => s.t > m * 60 && s.t <= (m + 1) * 60);
    const first = samples.filter((s) => s.t <= m * 60).at(-1) ?? { committed: 0, backlogRows: 0, t: 0 };
    const last = inMinute.at(-1) ?? first;
    const span = Math.max(1, last.t - first.t);
    const processed = (s: { committed: number; backlogRows: number }) => s.committed - s.backlogRows;
    return {
      minute: m + 1,
      ingestPerSecond: Math.round((last.committed - first.committed) / span),
      processPerSecond: Math.round((processed(last) - processed(first)) / span),
      lagRowsMax: Math.max(0, ...inMinute.map((s) => s.backlogRows)),
      lagRowsEnd: last.backlogRows,
      lagSecondsMax: Math.max(0, ...inMinute.map((s) => s.lagSeconds)),
      p99Ms: summary.perMinute[m]?.p99 ?? Number.NaN,
      rssMb: last === first ? 0 : (last as Sample).rssMb,
      walMb: Math.max(0, ...inMinute.map((s) => s.walMb)),
    };
  });
  const result = {
    engine,
    rate: RATE,
    minutes: MINUTES,
    connections: CONNECTIONS,
    generator: { sent: summary.sent, ok: summary.ok, non2xx: summary.non2xx, errors: summary.errors, behind: summary.behind },
    drainSeconds,
    shutdown: { exitCode, seconds: shutdownSeconds },
    counts,
    perMinute,
    samples,
    machineBefore,
    machineAfter: machineFacts(),
  };
  const table = [
    '| minute | ingested/s | processed/s | lag rows (max / end) | lag s (max) | p99 ms | RSS MB | WAL MB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...perMinute.map(
      (m) =>
        `| ${m.minute} | ${m.ingestPerSecond} | ${m.processPerSecond} | ${m.lagRowsMax} / ${m.lagRowsEnd} | ${m.lagSecondsMax} | ${m.p99Ms} | ${m.rssMb} | ${m.walMb} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  console.log({ generator: result.generator, drainSeconds, shutdown: result.shutdown, counts });
  const file = path.join(import.meta.dirname, 'tracking-sustained-results.json');
  const all: unknown[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  all.push({ ...result, table });
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
