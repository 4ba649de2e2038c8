/**
 * What the per-customer hours (`ad_customer_hours`, src/server/ads/customer-hours.ts) add to the report sync's write
 * of a day: on a kept boards database (BENCH_KEEP, migrated to 0078), for ACCOUNTS accounts' last whole day, the
 * sync's per-day roll-up (`rollupDay`: daily rows, day blocks, per-customer days and, inside those, the per-customer
 * hours) and then the hours' step alone (`refreshCustomerHours`) on the same account-day, each in its own transaction,
 * ROUNDS times over. Both are idempotent recomputes, so the database keeps its sums.
 * Run: `node bench/boards/customer-hours-write.ts <boards.sqlite | postgres://…>`.
 */
import { sql } from 'kysely';
import { refreshCustomerHours } from '../../src/server/ads/customer-hours.ts';
import { rollupDay } from '../../src/server/ads/store-facts.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { chinaDayStart, parseChinaTime } from '../../src/shared/china-clock.ts';

const target = process.argv[2] ?? '';
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const h = target.startsWith('postgres')
  ? await openDatabase({ databaseUrl: target })
  : await openDatabase({ sqliteFile: target, backgroundCheckpoint: false });
const day = chinaDayStart(parseChinaTime('2026-11-20 15:30')) - 86_400;
const { rows: accounts } = await sql<{ platform: number; advertiser_id: string; n: number | string }>`
  select platform, advertiser_id, count(*) as n from ad_facts_hourly where hour >= ${day} and hour < ${day + 86_400}
  group by platform, advertiser_id order by platform, advertiser_id limit ${ACCOUNTS}`.execute(h.db);
const roll: number[] = [];
const hours: number[] = [];
for (let r = 0; r < ROUNDS; r++)
  for (const a of accounts) {
    let t = performance.now();
    await h.db.transaction().execute((tx) => rollupDay(tx, Number(a.platform), a.advertiser_id, day, day + 2 * 86_400));
    roll.push(performance.now() - t);
    t = performance.now();
    await h.db.transaction().execute((tx) => refreshCustomerHours(tx, Number(a.platform), [a.advertiser_id], day));
    hours.push(performance.now() - t);
  }
const q = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * p)] ?? NaN;
const hourly = accounts.reduce((s, a) => s + Number(a.n), 0) / accounts.length;
const out = {
  engine: h.engine,
  accounts: accounts.length,
  rounds: ROUNDS,
  hourly_rows_per_account_day: hourly,
  rollup_day_ms: { p50: +q(roll, 0.5).toFixed(2), p95: +q(roll, 0.95).toFixed(2) },
  customer_hours_ms: { p50: +q(hours, 0.5).toFixed(2), p95: +q(hours, 0.95).toFixed(2) },
};
console.log(JSON.stringify(out));
await h.close();
