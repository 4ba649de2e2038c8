/**
 * Raw retention on PostgreSQL (migration 0068): one China day of N raw pings aged out by the row deletes of
 * tracking-retention (2 000-id slices, as tracking/retention.ts; then the VACUUM the dead rows need) versus the
 * `partitions` job's DROP of the day partition, interleaved in one run; then EXPLAIN ANALYZE of the processor's
 * slice read (progress.ts `pingsAfter`) on the day-partitioned table and on an unpartitioned copy of the same rows.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node bench/raw-partitions.ts [rows] [rounds]
 */
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../src/server/db/index.ts';
import { createPeriod, dayStart, dropPartition, RAW_PARTS } from '../src/server/lifecycle/partitions.ts';
import { pruneProcessedRange } from '../src/server/tracking/progress.ts';
import { freshPostgresDatabase } from '../tests/support/dialects.ts';

const N = Number(process.argv[2] ?? 500_000);
const ROUNDS = Number(process.argv[3] ?? 2);
const DAY = 86400;
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const fresh = await freshPostgresDatabase(url, 'bench_rawparts');
const h = await openDatabase({ databaseUrl: fresh.url });
const db = h.db;
const ms = (t: number) => Math.round(performance.now() - t);
const monitor = RAW_PARTS[0];
if (!monitor) throw new Error('no raw table');
try {
  await migrateToLatest(h);
  const day = dayStart(1_795_000_000);
  await sql`create table flat_raw (like monitor_raw including defaults)`.execute(db);
  await sql`alter table flat_raw add primary key (id)`.execute(db);
  /** N rows of `table` spread over the day starting at `from`, ids from the shared sequence. */
  const fill = (table: string, from: number, n: number) =>
    sql`insert into ${sql.table(table)} (kind, pageid, query, ip, ua, received_at)
      select 'c', '7001', 'ch=2&aid=1&cid=2&clickid=' || g, '10.0.0.1', 'Mozilla/5.0', ${from} + (g::bigint * 86399 / ${n})::int
      from generate_series(1, ${n}) g`.execute(db);
  for (let r = 1; r <= ROUNDS; r++) {
    await createPeriod(db, monitor, day);
    await fill('monitor_raw', day, N);
    await fill('flat_raw', day, N);
    await sql`analyze monitor_raw`.execute(db);
    await sql`analyze flat_raw`.execute(db);
    let t = performance.now();
    let deleted = 0;
    for (;;) {
      const [n, done] = await pruneProcessedRange(db, 'flat_raw', Number.MAX_SAFE_INTEGER, day + DAY, 2000);
      deleted += n;
      if (done) break;
    }
    const del = ms(t);
    t = performance.now();
    await sql`vacuum flat_raw`.execute(db);
    const vac = ms(t);
    t = performance.now();
    await dropPartition(db, `monitor_raw_p${new Date((day + 8 * 3600) * 1000).toISOString().slice(0, 10).replace(/-/g, '')}`);
    const drop = ms(t);
    console.log(JSON.stringify({ round: r, rows: N, deleted, deleteMs: del, vacuumMs: vac, dropMs: drop }));
  }
  // the processor's slice read: 8 days of N/8 rows, the mark in the middle of the 5th day
  const per = Math.floor(N / 8);
  for (let d = 0; d < 8; d++) {
    await createPeriod(db, monitor, day + d * DAY);
    await fill('monitor_raw', day + d * DAY, per);
    await fill('flat_raw', day + d * DAY, per);
  }
  await sql`analyze monitor_raw`.execute(db);
  await sql`analyze flat_raw`.execute(db);
  const { rows } = await sql<{ lo: string; hi: string }>`select min(id) as lo, max(id) as hi from monitor_raw`.execute(db);
  const lo = Number(rows[0]?.lo);
  const hi = Number(rows[0]?.hi);
  const mark = lo + Math.floor((hi - lo) * 0.55);
  for (const table of ['monitor_raw', 'flat_raw', 'monitor_raw', 'flat_raw']) {
    const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off, summary on)
      select id, kind, pageid, query, ip, ua, received_at, processed from ${sql.table(table)}
      where id > ${mark} and id <= ${hi} order by id limit 3000`.execute(db);
    const lines = plan.rows.map((p) => p['QUERY PLAN']);
    console.log(`-- ${table}\n${lines.join('\n')}`);
  }
} finally {
  await h.close();
  await fresh.drop();
}
