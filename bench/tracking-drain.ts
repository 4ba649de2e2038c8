/**
 * Idle drain of the tracking processor (issues 24 and 23): a backlog of raw 巨量 click pings written through the
 * product's raw-row writer (`insertRawBatch`, the group commit behind the monitor endpoint, in batches of its 500
 * rows), then the processor runs as its job does with nothing arriving (idle slices, the lag read after every slice)
 * until nothing is left. Reported: rows/s, the time to drain, and the time at each tenth of the backlog.
 *
 * Each variant of `BENCH_VERDICTS` (default `on,off`) gets a fresh database with the same backlog: `on` is the
 * processor as shipped, `off` the same processor with `ProcessOptions.verdict = false` (no invalid-traffic verdicts,
 * the same rows written, every one valid). Every ping has its own callback, device (OAID) and public device IP and
 * a real phone's user agent in its `ua` macro, so every verdict check runs and none finds anything.
 *   node bench/tracking-drain.ts [sqlite,postgres] [pings]   (pings default: SQLite 1 000 000, PostgreSQL 200 000)
 *   BENCH_VERDICTS (on,off), BENCH_LABEL (a name for this code version), BENCH_CPU_PROFILE=1 (V8 profile: the
 *   verdicts' inclusive share), BENCH_SLICE, BENCH_PG_URL, BENCH_DIR (where SQLite files go), BENCH_SQLITE_PRAGMAS
 *   (`|`-separated pragma sets, each a variant with a fresh database and backlog: `|wal_autocheckpoint=1000` runs as shipped, then with
 *   SQLite's default checkpoint)
 * Appends to bench/tracking-drain-results.json; bench/README.md "Idle drain" reads it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Engine } from '../src/server/db/dialect.ts';
import { defaultBatchOptions } from '../src/server/tracking/batch.ts';
import { insertRawBatch } from '../src/server/tracking/store.ts';
import { BACKLOG_UA, backlogPingQuery } from '../tests/support/raw-backlog.ts';
import { machineFacts } from './tracking/machine.ts';
import { cpuProfile, QueryTimer } from './tracking/profile.ts';
import { drainLikeJobForBench, SLICE_FOR_BENCH } from './tracking/version.ts';
import { type BenchDb, openBenchDb, PAGEID, seedLink } from './tracking/world.ts';

const engines = (process.argv[2] ?? 'sqlite,postgres').split(',') as Engine[];
const DEFAULT_PINGS: Record<Engine, number> = { sqlite: 1_000_000, postgres: 200_000 };
const LABEL = process.env.BENCH_LABEL ?? 'current';
const variants = (process.env.BENCH_VERDICTS ?? 'on,off').split(',').map((v) => v.trim() === 'on');
/** SQLite only: `|`-separated sets of `;`-separated pragmas, each set a variant ('' = as shipped), e.g. `|cache_size=-65536`. */
const pragmaSets = (process.env.BENCH_SQLITE_PRAGMAS ?? '').split('|');
/** 2026-11-20 08:00 China time: pings follow at 5 000 a second from there. */
const T0 = 1_763_596_800;
const PER_SECOND = 5000;
/** A 巨量 WebView user agent (a real phone's), URL-encoded in the `ua` macro as the platform sends it. */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 aweme/30.1.0';
const UA_MACRO = `&ua=${encodeURIComponent(PHONE_UA)}&`;
/** A public address per ping (36.0.0.0/8 is allocated to China Telecom): IP floods are counted on it. */
const deviceIp = (i: number) => `36.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The backlog through the raw-row writer of the monitor endpoint, `batch` rows a transaction. */
async function fillBacklog(b: BenchDb, pings: number): Promise<void> {
  const batch = defaultBatchOptions.maxRows;
  for (let first = 0; first < pings; first += batch) {
    const n = Math.min(batch, pings - first);
    const rnd = randomBytes(6 * n).toString('hex');
    const rows = Array.from({ length: n }, (_, k) => {
      const i = first + k;
      const at = T0 + Math.floor(i / PER_SECOND);
      const query = backlogPingQuery(`cb_${rnd.slice(12 * k, 12 * k + 12)}_${i}`, i, deviceIp(i), at).replace(/&ua=[^&]*&/, UA_MACRO);
      return { kind: 'c', pageid: PAGEID, query, ip: '203.0.113.9', ua: BACKLOG_UA, received_at: at };
    });
    await insertRawBatch(b.handle.db, b.engine, rows, []);
  }
}

async function counts(b: BenchDb) {
  const r = await sql<{ events: number; valid: number | null; invalid: number | null }>`select
    (select count(*) from monitor_events) as events,
    (select sum(clicks) from rollup_daily) as valid,
    (select sum(invalid_clicks) from rollup_daily) as invalid`.execute(b.handle.db);
  const x = r.rows[0];
  return { events: Number(x?.events ?? 0), rollupClicks: Number(x?.valid ?? 0), rollupInvalidClicks: Number(x?.invalid ?? 0) };
}

async function one(engine: Engine, pings: number, verdicts: boolean, pragmas: string) {
  const b = await openBenchDb(engine, `drain${verdicts ? 'on' : 'off'}`);
  try {
    if (engine === 'sqlite') for (const p of pragmas.split(';').filter((x) => x.trim())) await sql.raw(`pragma ${p}`).execute(b.handle.db);
    await seedLink(b.handle.db);
    const f0 = performance.now();
    await fillBacklog(b, pings);
    if (engine === 'postgres') await sql`vacuum analyze`.execute(b.handle.db);
    else await sql`pragma wal_checkpoint(truncate)`.execute(b.handle.db);
    const fillSeconds = (performance.now() - f0) / 1000;
    const machineBefore = machineFacts();
    console.log(
      `${engine} ${pings} verdicts ${verdicts ? 'on' : 'off'}${pragmas ? ` pragmas ${pragmas}` : ''}: backlog written in ${fillSeconds.toFixed(0)} s; load ${machineBefore.load.join(' ')}`,
    );

    const timer = new QueryTimer();
    const db = b.handle.db.withPlugin(timer);
    const tenths: number[] = [];
    let done = 0;
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    const onSlice = (rows: number) => {
      done += rows;
      while (tenths.length < 10 && done >= ((tenths.length + 1) * pings) / 10) tenths.push(Math.round(performance.now() - started) / 1000);
    };
    const run = () => drainLikeJobForBench(db, engine, verdicts, onSlice);
    const profiled = process.env.BENCH_CPU_PROFILE
      ? await cpuProfile(run, 25, {
          verdicts: (k) => k.includes('src/server/tracking/verdict/'),
          parse: (k) => /^(parsePingQuery|parseVisitQuery|clickKey) /.test(k),
        })
      : null;
    const result = profiled ? profiled.result : await run();
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    const rows = result.monitor + result.visits;
    const sqlMs = timer.sumMs();
    const out = {
      label: LABEL,
      engine,
      verdicts: verdicts ? 'on' : 'off',
      pragmas: engine === 'sqlite' ? pragmas : '',
      pings,
      slice: SLICE_FOR_BENCH,
      processed: result,
      seconds: Math.round(ms) / 1000,
      rowsPerSecond: Math.round(rows / (ms / 1000)),
      /** Seconds from the start when each tenth of the backlog was done. */
      tenths,
      /** This process's CPU time (SQLite: all of the work; PostgreSQL: the client's share). */
      cpuSeconds: Math.round(((cpu.user + cpu.system) / 1e6) * 10) / 10,
      sqlMs: Math.round(sqlMs),
      otherMs: Math.round(ms - sqlMs),
      statements: timer.table(),
      cpuProfile: profiled ? { totalMs: profiled.totalMs, inclusiveMs: profiled.inclusiveMs, top: profiled.top } : null,
      after: await counts(b),
      fillSeconds: Math.round(fillSeconds),
      dbBytes: (await b.size()).bytes,
      machineBefore,
      machineAfter: machineFacts(),
    };
    console.log(
      `${engine} verdicts ${out.verdicts}: ${rows} rows in ${out.seconds} s = ${out.rowsPerSecond} rows/s; SQL ${out.sqlMs} ms, other ${out.otherMs} ms; tenths ${tenths.join(' ')}; load ${out.machineAfter.load.join(' ')}`,
    );
    console.table(out.statements.slice(0, 10));
    if (profiled) {
      console.log(`CPU profile: ${profiled.totalMs} ms sampled`, profiled.inclusiveMs);
      console.table(profiled.top.slice(0, 15));
    }
    if (out.after.events !== pings || out.after.rollupClicks + out.after.rollupInvalidClicks !== pings)
      throw new Error(`drained wrong: ${JSON.stringify(out.after)} for ${pings} pings`);
    return out;
  } finally {
    await b.drop();
  }
}

async function main() {
  const file = path.join(import.meta.dirname, 'tracking-drain-results.json');
  const all: unknown[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  for (const engine of engines)
    for (const verdicts of variants)
      for (const pragmas of engine === 'sqlite' ? pragmaSets : ['']) {
        all.push(await one(engine, Number(process.argv[3] ?? DEFAULT_PINGS[engine]), verdicts, pragmas));
        writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
      }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
