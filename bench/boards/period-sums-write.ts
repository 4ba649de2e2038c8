/**
 * What every plan's period sums (`plan_period_sums`, src/server/ads/plan-period-sums.ts) add to their writers, on a kept
 * boards database (BENCH_KEEP; migrated to 0079 and its plan periods rolled to yesterday by a boards run):
 * 1. the report sync's roll-up of an account's last whole day (`rollupDay`, which now recomputes the account's plans'
 *    rows of the four periods holding that day) and that step alone (`refreshAdPeriodSums` × 4) on the same
 *    account-day, ACCOUNTS accounts × ROUNDS, each in its own transaction (idempotent recomputes);
 * 2. the order batch writer (`writeBatch`): BATCHES batches of 500 daily changes to 500 plans' existing order facts of
 *    the last 29 days, each followed by its negation (so the database keeps its sums), alternately with the periods
 *    kept (the watermark at yesterday) and not (the watermark at 0: `periodChanges` adds nothing); the watermark is
 *    yesterday again at the end.
 * On PostgreSQL, which keeps no such rows (`periodSumsKept`), it measures what keeping them would cost there.
 * Run: `node bench/boards/period-sums-write.ts <boards.sqlite | postgres://…>`; one JSON line.
 */
import { sql } from 'kysely';
import { accountPlans } from '../../src/server/ads/plan-keys.ts';
import { periodSumsKept, refreshAdPeriodSums } from '../../src/server/ads/plan-period-sums.ts';
import { PERIOD_DAYS } from '../../src/server/ads/plan-periods.ts';
import { rollupDay } from '../../src/server/ads/store-facts.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { writeBatch } from '../../src/server/orders/batch-store.ts';
import type { OrderFactsDailyTable } from '../../src/server/orders/tables.ts';
import { chinaDayStart, parseChinaTime } from '../../src/shared/china-clock.ts';

const DAY = 86_400;
const target = process.argv[2] ?? '';
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BATCHES = Number(process.env.BATCHES ?? 40);
periodSumsKept.postgres = true;
const h = target.startsWith('postgres')
  ? await openDatabase({ databaseUrl: target })
  : await openDatabase({ sqliteFile: target, backgroundCheckpoint: false });
const day = chinaDayStart(parseChinaTime('2026-11-20 15:30')) - DAY;
const through = Number((await sql<{ t: number | string }>`select through_day as t from ad_plan_periods_state`.execute(h.db)).rows[0]?.t);
if (through !== day) throw new Error(`the plan periods are rolled to ${through}, not ${day}: run the boards bench on this database first`);
const q = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * p)] ?? NaN;
const ms = (xs: number[]) => ({ p50: +q(xs, 0.5).toFixed(2), p95: +q(xs, 0.95).toFixed(2) });

// 1. the report sync
const { rows: accounts } = await sql<{ platform: number; advertiser_id: string }>`
  select platform, advertiser_id from ad_facts_daily where day = ${day}
  group by platform, advertiser_id order by platform, advertiser_id limit ${ACCOUNTS}`.execute(h.db);
const roll: number[] = [];
const step: number[] = [];
for (let r = 0; r < ROUNDS; r++)
  for (const a of accounts) {
    const platform = Number(a.platform);
    let t = performance.now();
    await h.db.transaction().execute((tx) => rollupDay(tx, platform, a.advertiser_id, day, day + 2 * DAY));
    roll.push(performance.now() - t);
    const plans = sql.join((await accountPlans(h.db, platform, a.advertiser_id, day, day + DAY)).map((id) => sql`${id}`));
    t = performance.now();
    await h.db.transaction().execute(async (tx) => {
      for (const n of PERIOD_DAYS) await refreshAdPeriodSums(tx, n, through, platform, plans);
    });
    step.push(performance.now() - t);
  }

// 2. the order batches: one existing daily row of each of 500 plans, days inside the 29-day period
const { rows: facts } = await sql<OrderFactsDailyTable>`select * from order_facts_daily
  where day > ${day - 29 * DAY} and day <= ${day} and plan_id <> '' order by plan_id, day limit 20000`.execute(h.db);
const byPlan = new Map<string, OrderFactsDailyTable>();
for (const f of facts) if (!byPlan.has(f.plan_id) && byPlan.size < 500) byPlan.set(f.plan_id, f);
const change = (sign: number) =>
  [...byPlan.values()].map((f) => ({
    ...f,
    customerid: Number(f.customerid),
    channel: Number(f.channel),
    day: Number(f.day),
    orders: sign,
    order_fen: sign * 990,
    paid_orders: sign,
    paid_fen: sign * 990,
    commission_fen: sign * 50,
  }));
const write = (daily: OrderFactsDailyTable[]) =>
  h.db.transaction().execute((tx) => writeBatch(tx, h.engine, { updates: [], inserts: [], logs: [], hourly: [], daily, postbacks: [] }));
const setWatermark = (t: number) => sql`update ad_plan_periods_state set through_day = ${t} where id = 1`.execute(h.db);
const batches: Record<'with' | 'without', number[]> = { with: [], without: [] };
try {
  for (let i = 0; i < BATCHES; i++)
    for (const mode of ['with', 'without'] as const) {
      await setWatermark(mode === 'with' ? through : 0);
      const t = performance.now();
      await write(change(1));
      await write(change(-1));
      batches[mode].push((performance.now() - t) / 2);
    }
} finally {
  await setWatermark(through);
}
console.log(
  JSON.stringify({
    engine: h.engine,
    accounts: accounts.length,
    rounds: ROUNDS,
    rollup_day_ms: ms(roll),
    ad_period_sums_step_ms: ms(step),
    order_batch: { plans: byPlan.size, batches: BATCHES, with_period_sums_ms: ms(batches.with), without_ms: ms(batches.without) },
  }),
);
await h.close();
