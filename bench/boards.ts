/**
 * Boards benchmark (issue 12): build a dataset through the product's own write paths, then time the board endpoints
 * for 1, 7, 30 and 90-day ranges as a customer, as an agent and as an admin (every customer), on SQLite and PostgreSQL.
 *   node bench/boards.ts [sqlite,postgres]      BENCH_SCALE (0.1), BENCH_RUNS (20), BENCH_PG_URL, BENCH_KEEP (keep the database)
 *   BENCH_SCALE=0.025,0.05,0.1: one build and timing per scale and engine, smallest first, and a table of how each
 *   case's p95 grows with the tables (bench/README.md "Boards at three scales"); each database is dropped after it
 *   is timed unless BENCH_KEEP
 *   BENCH_COMPARE=blocks (or 1) | customer-days | … | period-sums (COMPARES below): each case also without that read-model switch, calls interleaved
 *   BENCH_PERIOD_SUMS_POSTGRES=1: PostgreSQL keeps and reads every plan's period sums as SQLite does (off in the product)
 *   BENCH_REUSE=<boards.sqlite file or postgres url> (one engine): no build, time a kept database (migrated to latest first)
 *   BENCH_CALLERS=agent (customer,agent,admin), BENCH_DAYS=30,90, BENCH_ENDPOINTS=itemanalyse/index: only those cases
 *   BENCH_PARALLEL_SETUP_COST=1000: PostgreSQL's connections with that parallel_setup_cost instead of the product's (db/index.ts)
 *   SQLITE_READER=on|off: SQLite boards always / never on the reader thread (db/sqlite-reader.ts); auto (the product's default): while pings arrive
 * Results: bench/boards-results.json (BENCH_OUT: another file name in bench/, or an absolute path) and a markdown table on stdout (bench/README.md "Boards").
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { periodSumsKept } from '../src/server/ads/plan-period-sums.ts';
import { createApp } from '../src/server/app.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/server/db/index.ts';
import {
  blockLengths,
  customerDays,
  customerHours,
  cutDays,
  dayBlocks,
  orderCustomerDays,
  rollupBlocks,
} from '../src/server/facts/days.ts';
import { customerSeek } from '../src/server/facts/every-customer.ts';
import { periodSums } from '../src/server/facts/period-sums.ts';
import { bucketGroups } from '../src/server/facts/query.ts';
import { ManualClock } from '../src/server/kernel/clock.ts';
import { orderCustomerSeek } from '../src/server/orders/list-store.ts';
import { parseChinaTime } from '../src/shared/china-clock.ts';
import { freshPostgresDatabase } from '../tests/support/dialects.ts';
import { casesFor, login, RUNS, type Timing, timeAB } from './boards/measure.ts';
import { PASSWORD } from './boards/people.ts';
import { shapeOf } from './boards/shape.ts';
import { buildBoardsWorld, reuseBoardsWorld } from './boards/world.ts';

/** One scale, or several (BENCH_SCALE=0.025,0.05,0.1): each is built and timed in turn, smallest first. */
const SCALES = (process.env.BENCH_SCALE ?? '0.1')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (SCALES.some((x) => !(x > 0 && x <= 1))) throw new Error(`BENCH_SCALE: ${process.env.BENCH_SCALE}? (numbers in (0, 1])`);
/** Which callers and ranges to time (BENCH_CALLERS=agent, BENCH_DAYS=30,90). */
const CALLERS = (process.env.BENCH_CALLERS ?? 'customer,agent,admin').split(',');
const DAYS = (process.env.BENCH_DAYS ?? '1,7,30,90').split(',').map(Number);
/** Which endpoints (BENCH_ENDPOINTS=itemanalyse/index,index/detail (plans)); all by default. */
const ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',');
/** BENCH_COMPARE: each case also timed with one read-model switch off (the state before it), interleaved call by call. */
const COMPARES = {
  blocks: { label: 'daily only', switch: dayBlocks },
  'customer-days': { label: 'no customer days', switch: customerDays },
  'order-customer-days': { label: 'no order customer days', switch: orderCustomerDays },
  'customer-hours': { label: 'no customer hours', switch: customerHours },
  'bucket-groups': { label: 'series by customer and bucket', switch: bucketGroups },
  'order-customer-seek': { label: "every customer's orders scanned", switch: orderCustomerSeek },
  'rollup-blocks': { label: 'daily rollups only', switch: rollupBlocks },
  'cut-days': { label: "today's hourly facts", switch: cutDays },
  'block-lengths': { label: 'blocks of 8 and 64 days', switch: blockLengths },
  'customer-seek': { label: "every customer's rollups scanned", switch: customerSeek },
  'period-sums': { label: 'closed days from the daily facts', switch: periodSums },
} as const;
/** BENCH_PERIOD_SUMS_POSTGRES=1: PostgreSQL keeps and reads every plan's period sums too (the product keeps them on SQLite only). */
if (process.env.BENCH_PERIOD_SUMS_POSTGRES === '1') periodSumsKept.postgres = true;
const COMPARE_NAME = process.env.BENCH_COMPARE === '1' ? 'blocks' : process.env.BENCH_COMPARE;
const COMPARE = COMPARE_NAME ? COMPARES[COMPARE_NAME as keyof typeof COMPARES] : undefined;
if (COMPARE_NAME && !COMPARE) throw new Error(`BENCH_COMPARE: ${COMPARE_NAME}? (${Object.keys(COMPARES).join(', ')})`);
/** A kept database (BENCH_KEEP) to time again without building it. */
const REUSE = process.env.BENCH_REUSE;
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
/** "Now" of the dataset: a fixed afternoon, so every run builds and asks the same thing. */
const NOW = parseChinaTime('2026-11-20 15:30');

interface EngineResult {
  engine: string;
  scale: number;
  build: Record<string, number>;
  rows: Record<string, number>;
  sizeBytes: number;
  tables: Record<string, number>;
  timings: Timing[];
}

async function open(
  engine: string,
  dir: string,
): Promise<{
  handle: DatabaseHandle;
  /** The SQLite file or the PostgreSQL database's URL. */
  url: string;
  size(): Promise<{ total: number; tables: Record<string, number> }>;
  drop(): Promise<void>;
}> {
  if (engine === 'sqlite') {
    const file = REUSE ?? path.join(dir, 'boards.sqlite');
    // SQLITE_READER=on|off|auto (the product's default): where the boards read (db/sqlite-reader.ts), for A/B
    const handle = await openDatabase({ sqliteFile: file, readerThread: process.env.SQLITE_READER !== 'off' });
    return {
      handle,
      url: file,
      async size() {
        await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
        const tables: Record<string, number> = {};
        try {
          const { rows } = await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat group by name`.execute(
            handle.db,
          );
          for (const r of rows) tables[r.name] = Number(r.bytes);
        } catch {
          // dbstat is not compiled into every SQLite
        }
        const wal = `${file}-wal`;
        return { total: statSync(file).size + (existsSync(wal) ? statSync(wal).size : 0), tables };
      },
      drop: async () => {},
    };
  }
  const fresh = REUSE ? { url: REUSE, drop: async () => {} } : await freshPostgresDatabase(PG_URL, 'bench');
  const cost = process.env.BENCH_PARALLEL_SETUP_COST;
  const handle = await openDatabase({ databaseUrl: fresh.url, parallelSetupCost: cost ? Number(cost) : undefined });
  return {
    handle,
    url: fresh.url,
    async size() {
      await sql`vacuum analyze`.execute(handle.db);
      const total = (await sql<{ n: number }>`select pg_database_size(current_database()) as n`.execute(handle.db)).rows[0]?.n ?? 0;
      const { rows } = await sql<{
        name: string;
        bytes: number;
      }>`select relname as name, pg_total_relation_size(relid) as bytes from pg_stat_user_tables`.execute(handle.db);
      return { total: Number(total), tables: Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)])) };
    },
    drop: fresh.drop,
  };
}

const count = async (h: DatabaseHandle, table: string): Promise<number> =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(h.db)).rows[0]?.n ?? 0);

async function run(engine: string, scale: number): Promise<EngineResult> {
  const shape = shapeOf(scale);
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-boards-${engine}-`));
  const db = await open(engine, dir);
  await migrateToLatest(db.handle);
  // PostgreSQL switched on to keep the period sums: its kept database holds none (or stale ones), so the job's roll at
  // boot rebuilds them with the plan periods
  if (REUSE && engine === 'postgres' && periodSumsKept.postgres)
    await sql`update ad_plan_periods_state set through_day = 0 where id = 1`.execute(db.handle.db);
  const clock = new ManualClock(NOW * 1000);
  const build: Record<string, number> = {};
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const r = await fn();
    build[name] = Math.round((performance.now() - started) / 100) / 10;
    console.log(`  ${engine} ${scale} ${name}: ${build[name]} s`);
    return r;
  };
  const { booted, deps, people } = REUSE
    ? await reuseBoardsWorld(db.handle, dir, shape, clock)
    : await buildBoardsWorld(db.handle, dir, shape, clock, NOW, phase);
  const rows: Record<string, number> = {};
  for (const t of [
    'ad_facts_hourly',
    'ad_facts_daily',
    'ad_facts_blocks',
    'ad_customer_days',
    'ad_customer_hours',
    'monitor_raw',
    'landing_visits',
    'monitor_events',
    'visit_events',
    'rollup_hourly',
    'rollup_daily',
    'order_facts_hourly',
    'order_facts_daily',
    'order_customer_days',
    'orders',
    'order_status_log',
  ])
    rows[t] = await count(db.handle, t);
  const { total, tables } = await db.size();
  build.total = Math.round(Object.values(build).reduce((a, b) => a + b, 0) * 10) / 10;

  const app = createApp(deps);
  const timings: Timing[] = [];
  for (const [caller, email] of [
    ['customer (100 plans)', people.customerEmail],
    [`agent (${shape.subCustomers} sub-customers, ${shape.subCustomers * shape.plansPerCustomer} plans)`, people.agentEmail],
    [`admin (every customer, ${shape.customers * shape.plansPerCustomer} plans)`, people.adminEmail],
  ] as const) {
    const token = await login(app, email, PASSWORD);
    const customerid = caller.startsWith('customer') ? people.customers[shape.subCustomers] : people.customers[0];
    const item = people.links.find((l) => l.customerid === customerid)?.itemid ?? '';
    if (!CALLERS.some((c) => caller.startsWith(c))) continue;
    for (const c of casesFor(caller, NOW, item).filter((c) => DAYS.includes(c.days) && (!ENDPOINTS || ENDPOINTS.includes(c.endpoint)))) {
      // BENCH_COMPARE: the switch off (as before it) and on, call after call on the same database
      const sw = COMPARE?.switch;
      const [r, before] = await timeAB(app, token, c, sw ? [() => (sw.on = true), () => (sw.on = false)] : [() => {}]);
      if (sw) sw.on = true;
      if (!r) throw new Error('no timing');
      if (COMPARE && before) {
        timings.push({ ...before, endpoint: `${c.endpoint} [${COMPARE.label}]` });
        console.log(
          `  ${engine} ${caller} ${c.endpoint} ${c.days}d ${COMPARE.label}: p50 ${before.p50} p95 ${before.p95} (${before.rows} rows)`,
        );
      }
      timings.push(r);
      console.log(`  ${engine} ${caller} ${c.endpoint} ${c.days}d: p50 ${r.p50} p95 ${r.p95} (${r.rows} rows)`);
    }
  }
  await booted.close();
  await db.handle.close();
  // BENCH_KEEP=1 keeps the database for EXPLAIN
  if (process.env.BENCH_KEEP || REUSE) console.log(`  ${engine} database kept: ${engine === 'sqlite' ? dir : db.url}`);
  else {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { engine, scale, build, rows, sizeBytes: total, tables, timings };
}

const engines = (process.argv[2] ?? 'sqlite,postgres').split(',');
if (REUSE && (engines.length !== 1 || SCALES.length !== 1))
  throw new Error('BENCH_REUSE: name one engine (sqlite or postgres) and one scale');
const machine = {
  nproc: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? '?',
  node: process.version,
  load: os.loadavg().map((x) => Math.round(x * 10) / 10),
  date: new Date().toISOString(),
};
console.log(machine, SCALES.map(shapeOf));
const results: EngineResult[] = [];
for (const scale of SCALES) for (const e of engines) results.push(await run(e, scale));
const out = path.resolve(import.meta.dirname, process.env.BENCH_OUT ?? 'boards-results.json');
const previous = existsSync(out) ? ((JSON.parse(readFileSync(out, 'utf8')) as { results?: EngineResult[] }).results ?? []) : [];
// a result of another engine or scale in the file stays (files written before scales were recorded: the shape's)
const fileScale = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { shape?: { scale?: number } }).shape?.scale : undefined;
const merged = [
  ...previous
    .map((p) => ({ ...p, scale: p.scale ?? fileScale ?? 0 }))
    .filter((p) => !results.some((r) => r.engine === p.engine && r.scale === p.scale)),
  ...results,
];
writeFileSync(
  out,
  JSON.stringify({ machine, shape: shapeOf(SCALES.at(-1) ?? 0.1), shapes: SCALES.map(shapeOf), runs: RUNS, results: merged }, null, 2),
);

// markdown: endpoint × range × caller, SQLite and PostgreSQL side by side, at the largest scale timed
const key = (t: Timing) => `${t.caller}|${t.endpoint}|${t.days}`;
const largest = Math.max(...merged.map((r) => r.scale));
const by = new Map<string, Record<string, Timing>>();
for (const r of merged.filter((x) => x.scale === largest))
  for (const t of r.timings) by.set(key(t), { ...(by.get(key(t)) ?? {}), [r.engine]: t });
const cell = (t: Timing | undefined) => (t ? `${t.p50} / **${t.p95}** ${t.p95 < 50 ? '✅' : '❌'}` : '–');
console.log('\n| caller | endpoint | days | rows | SQLite p50 / p95 ms | PostgreSQL p50 / p95 ms |\n|---|---|---:|---:|---:|---:|');
for (const [k, v] of by) {
  const [caller, endpoint, days] = k.split('|');
  const any = v.sqlite ?? v.postgres;
  console.log(`| ${caller} | ${endpoint} | ${days} | ${any?.rows ?? ''} | ${cell(v.sqlite)} | ${cell(v.postgres)} |`);
}
for (const r of merged)
  console.log(
    `\n${r.engine} at ${r.scale}: build ${JSON.stringify(r.build)} s; rows ${JSON.stringify(r.rows)}; size ${(r.sizeBytes / 1e6).toFixed(0)} MB`,
  );

// several scales: each case's p95 at every scale of this run, per engine (how it grows with the tables)
if (SCALES.length > 1) {
  const cols = engines.flatMap((e) => SCALES.map((x) => ({ e, x })));
  // by caller kind: below scale 0.021 the agent has fewer than 20 sub-customers, and its label says so
  const kindKey = (t: Timing) => `${t.caller.split(' (')[0]}|${t.endpoint}|${t.days}`;
  const p95 = new Map<string, Map<string, number>>();
  for (const r of results)
    for (const t of r.timings) p95.set(kindKey(t), (p95.get(kindKey(t)) ?? new Map()).set(`${r.engine}@${r.scale}`, t.p95));
  console.log(
    `\n| caller | endpoint | days | ${cols.map((c) => `${c.e} ${c.x} p95 ms`).join(' | ')} |\n|---|---|---:|${cols.map(() => '---:').join('|')}|`,
  );
  for (const [k, v] of p95) {
    const [caller, endpoint, days] = k.split('|');
    console.log(`| ${caller} | ${endpoint} | ${days} | ${cols.map((c) => v.get(`${c.e}@${c.x}`) ?? '–').join(' | ')} |`);
  }
}
