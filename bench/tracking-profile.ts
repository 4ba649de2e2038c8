/**
 * Profile of the tracking processor on a large raw table (issue 24): for each engine and size, a fresh database
 * holds `size` raw 巨量 click pings (+ 10 % landing visits) of which all but the last `BENCH_WINDOW` are already
 * processed (with their events and click keys, by SQL), then the processor works the window the way the job does
 * (its slice size, one transaction per slice) while every query is timed by statement; the rest of the wall time is
 * JS (parsing, building rows), BEGIN/COMMIT and the plugin itself.
 *   node bench/tracking-profile.ts [sqlite,postgres] [1000000,5000000,20000000]
 *   BENCH_WINDOW (100000), BENCH_VISIT_SHARE (0.1), BENCH_LABEL (a name for this code version), BENCH_CPU_PROFILE=1,
 *   BENCH_PG_URL, BENCH_DIR (where SQLite files go)
 * Appends to bench/tracking-profile-results.json; bench/README.md "Tracking processor" reads it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Engine } from '../src/server/db/dialect.ts';
import { fillRawBacklog } from '../tests/support/raw-backlog.ts';
import { machineFacts } from './tracking/machine.ts';
import { cpuProfile, QueryTimer } from './tracking/profile.ts';
import { drainForBench, gaugeReadForBench, markPrefixForBench, SLICE_FOR_BENCH } from './tracking/version.ts';
import { type BenchDb, fillProcessedPrefix, openBenchDb, PAGEID, seedLink } from './tracking/world.ts';

const engines = (process.argv[2] ?? 'sqlite,postgres').split(',') as Engine[];
const sizes = (process.argv[3] ?? '1000000,5000000,20000000').split(',').map(Number);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 100_000);
const VISIT_SHARE = Number(process.env.BENCH_VISIT_SHARE ?? 0.1);
const LABEL = process.env.BENCH_LABEL ?? 'current';
/** 2026-11-20 08:00 China time: pings follow at 5 000 a second from there. */
const T0 = 1_763_596_800;

async function walPosition(b: BenchDb): Promise<string | null> {
  if (b.engine !== 'postgres') return null;
  const r = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(b.handle.db);
  return r.rows[0]?.lsn ?? null;
}

async function walSince(b: BenchDb, from: string | null): Promise<number> {
  if (!from) return (await b.size()).walBytes;
  const r = await sql<{ n: number }>`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${from}::pg_lsn)::bigint as n`.execute(b.handle.db);
  return Number(r.rows[0]?.n ?? 0);
}

async function one(engine: Engine, size: number) {
  const machineBefore = machineFacts();
  const b = await openBenchDb(engine, `prof${Math.round(size / 1e6)}m`);
  try {
    const customer = await seedLink(b.handle.db);
    const visits = Math.round(size * VISIT_SHARE);
    const windowVisits = Math.round(WINDOW * VISIT_SHARE);
    const t0 = performance.now();
    await fillRawBacklog(b.handle.db, engine, {
      pageid: PAGEID,
      pings: size,
      visits,
      from: T0,
      perSecond: 5000,
      alreadyProcessed: size - WINDOW,
    });
    // visits: the prefix is by count of visits, not pings
    await sql`update landing_visits set processed = case when id <= ${visits - windowVisits} then 1 else 0 end`.execute(b.handle.db);
    await fillProcessedPrefix(b, customer);
    await markPrefixForBench(b.handle.db);
    const fillSeconds = (performance.now() - t0) / 1000;
    const sizeBefore = await b.size();
    const gauge = await gaugeReadForBench(b.handle.db);
    console.log(
      `${engine} ${size}: filled in ${fillSeconds.toFixed(0)} s, ${(sizeBefore.bytes / 1e9).toFixed(2)} GB; backlog read ${gauge.ms.toFixed(1)} ms`,
    );

    const timer = new QueryTimer();
    const db = b.handle.db.withPlugin(timer);
    const wal0 = await walPosition(b);
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    const run = async () => drainForBench(db, engine);
    const { result, top } = process.env.BENCH_CPU_PROFILE ? await cpuProfile(run) : { result: await run(), top: [] };
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const walBytes = await walSince(b, wal0);
    const rows = result.monitor + result.visits;
    const sqlMs = timer.sumMs();
    const out = {
      label: LABEL,
      engine,
      size,
      window: { pings: WINDOW, visits: windowVisits },
      slice: SLICE_FOR_BENCH,
      processed: result,
      seconds: Math.round(ms) / 1000,
      rowsPerSecond: Math.round(rows / (ms / 1000)),
      /** This process's CPU time (SQLite: all of the work; PostgreSQL: the client's share). */
      cpuSeconds: Math.round(cpuSeconds * 10) / 10,
      rowsPerCpuSecond: Math.round(rows / cpuSeconds),
      sqlMs: Math.round(sqlMs),
      otherMs: Math.round(ms - sqlMs),
      statements: timer.table(),
      cpuTop: top,
      backlogReadMs: Math.round(gauge.ms * 10) / 10,
      walBytes,
      dbBytes: sizeBefore.bytes,
      fillSeconds: Math.round(fillSeconds),
      machineBefore,
      machineAfter: machineFacts(),
    };
    console.log(
      `${engine} ${size}: ${rows} rows in ${out.seconds} s = ${out.rowsPerSecond} rows/s (${out.rowsPerCpuSecond} per CPU second of this process); SQL ${out.sqlMs} ms, other ${out.otherMs} ms; WAL ${(walBytes / 1e6).toFixed(0)} MB; load ${out.machineBefore.load[0]}`,
    );
    console.table(out.statements.slice(0, 12));
    if (top.length) console.table(top);
    return out;
  } finally {
    await b.drop();
  }
}

async function main() {
  const file = path.join(import.meta.dirname, 'tracking-profile-results.json');
  const all: unknown[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  for (const engine of engines)
    for (const size of sizes) {
      all.push(await one(engine, size));
      writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
    }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
