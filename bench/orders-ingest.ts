/**
 * The ingest half of bench/orders.ts, in its own process: boot the product on the prepared database (DATA_DIR or
 * DATABASE_URL), ingest ORDERS_TOTAL replicas of the sample in batches of BATCH through the sync's pipeline (one
 * transaction each; on PostgreSQL the next batch is read while one is written: orders/pipeline.ts), and print one JSON line: orders/s, the RSS before and the peak RSS (sampled every 50 ms), what was stored.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { rollPlanPeriods } from '../src/server/ads/plan-periods.ts';
import { boot } from '../src/server/boot.ts';
import type { AffiliateOrder } from '../src/server/connectors/affiliate.ts';
import { IngestPipeline } from '../src/server/orders/pipeline.ts';
import { chinaDayStart } from '../src/shared/china-clock.ts';
import { replica } from './orders-replica.ts';

const TOTAL = Number(process.env.ORDERS_TOTAL);
const BATCH = Number(process.env.BATCH);
const NOW = Number(process.env.NOW);
const sample = JSON.parse(readFileSync(String(process.env.SAMPLE), 'utf8')) as AffiliateOrder[];
const mb = (b: number) => Math.round(b / 1024 / 1024);

const booted = await boot({ env: { ...process.env, DEMO_DATA: 'off', LOG_LEVEL: 'silent' } });
const { deps } = booted;
// The plan periods rolled to the day before NOW's, as the job keeps them on a running server: the batches then add
// their days inside the periods to `plan_period_sums` (ads/plan-period-sums.ts), as they would there.
await deps.db.transaction().execute((tx) => rollPlanPeriods(tx, chinaDayStart(NOW) - 86_400, NOW));
(globalThis as { gc?: () => void }).gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
let peakHeap = 0;
const timer = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  peakHeap = Math.max(peakHeap, m.heapTotal);
}, 50);
/**
 * PostgreSQL: the CPU seconds of the server processes serving this database (its backends, read from /proc: the
 * server runs on this machine), per pid — the other half of the ingest's cost, which our process's CPU time leaves out.
 * Null when /proc cannot be read (a remote server).
 */
async function serverCpu(): Promise<Map<number, number> | null> {
  if (deps.engine !== 'postgres') return null;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(deps.db);
  const out = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100); // utime + stime, clock ticks of 1/100 s
    }
  } catch {
    return null;
  }
  return out;
}
const serverBefore = await serverCpu();
const started = performance.now();
const cpuStart = process.cpuUsage();
const pipeline = new IngestPipeline(deps.db, deps.engine, () => NOW);
for (let i = 0; i < TOTAL; i += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, TOTAL - i) }, (_v, k) => replica(sample, i + k, NOW, TOTAL));
  await pipeline.push(batch);
  await new Promise((r) => setImmediate(r)); // the sync's ctx.yield() between batches gives the event loop back
  if (i % 100_000 === 0 && i)
    process.stderr.write(`  ${deps.engine}: ${i} orders, ${Math.round(i / ((performance.now() - started) / 1000))}/s\n`);
}
await pipeline.settle();
const inserted = pipeline.totals.inserted;
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const serverAfter = await serverCpu();
const serverCpuSeconds =
  serverBefore && serverAfter ? [...serverAfter].reduce((sum, [pid, s]) => sum + s - (serverBefore.get(pid) ?? 0), 0) : null;
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
(globalThis as { gc?: () => void }).gc?.();
const liveAfter = process.memoryUsage();
const count = async (t: 'postbacks' | 'order_facts_hourly' | 'order_status_log') =>
  Number(
    (
      await deps.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const rules = await deps.db
  .selectFrom('orders')
  .select(['attribution_rule', (eb) => eb.fn.countAll<number>().as('n')])
  .groupBy('attribution_rule')
  .execute();
process.stdout.write(
  `${JSON.stringify({
    orders: TOTAL,
    inserted,
    batch: BATCH,
    seconds: Math.round(seconds * 10) / 10,
    ordersPerSecond: Math.round(TOTAL / seconds),
    /** CPU time of this process: what the same work costs on a machine nobody else is using. */
    cpuSeconds: Math.round(cpuSeconds * 10) / 10,
    ordersPerCpuSecond: Math.round(TOTAL / cpuSeconds),
    /** PostgreSQL: CPU time of the server's backends for this database over the same span. */
    serverCpuSeconds: serverCpuSeconds === null ? null : Math.round(serverCpuSeconds * 10) / 10,
    rssBeforeMb: mb(rssBefore),
    peakRssMb: mb(peak),
    peakHeapMb: mb(peakHeap),
    /** What is still live after a full GC at the end: the rest of the peak was garbage not yet collected. */
    heapUsedAfterGcMb: mb(liveAfter.heapUsed),
    rssAfterGcMb: mb(liveAfter.rss),
    rules: Object.fromEntries(rules.map((r) => [r.attribution_rule, Number(r.n)])),
    statusLogRows: await count('order_status_log'),
    hourlyFactRows: await count('order_facts_hourly'),
    postbacksQueued: await count('postbacks'),
  })}\n`,
);
await booted.close();
process.exit(0);
