/**
 * Every plan's ad sums and order sums over the preset periods, per channel, account and customer (`plan_period_sums`,
 * migration 0079): for each length N of `PERIOD_DAYS`, the daily ad facts (`source` 1) and the daily order facts
 * (`source` 2) added up over the N closed China days ending the watermark's day — the same watermark as
 * `ad_plan_periods` (plan-periods.ts), moved by the same roll. The admin's list of every customer's plans over a preset
 * range then reads ≈ one row per plan and source for the closed days instead of every plan-day
 * (facts/period-sums.ts); today stays a read of its own.
 *
 * Exact by construction, like `ad_plan_periods`:
 * - ad rows: the daily rows' writer (`rollupDay` via `refreshBlocks` → `refreshPlanPeriods`) recomputes, in its
 *   transaction, the rows of every plan whose closed day it rewrote, by plan (a plan's day moved to another account is
 *   recomputed whole);
 * - order rows: the daily order facts' one writer (`orders/batch-store.ts` `writeBatch`) adds each batch's changes of
 *   the days inside a period to that period's rows (`periodChanges`), in its transaction (daily order facts are added
 *   to, never rewritten or deleted);
 * - the roll (`rollPlanPeriods`, when the China day changes) slides every period by a day or rebuilds it, in one
 *   transaction with the watermark.
 * Kept on SQLite only (`periodSumsKept`). A writer reads the watermark under the state row's lock (ads: `update …
 * returning`; orders: `for share` on PostgreSQL, so order batches do not wait for each other; SQLite has one writer),
 * so a roll and a writer never interleave. A key has a row exactly when it has a daily row inside the period, as a read of the daily rows would
 * have a group (a row at zero included).
 */
import { type RawBuilder, sql } from 'kysely';
import { CHANNELS } from '../../shared/catalog.ts';
import { type Engine, engineOf } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import { dayRows, daysOf, PERIOD_DAYS, planPeriodsThrough } from './period-days.ts';
import type { PlanPeriodSumsTable } from './tables.ts';

const DAY = 86_400;

/**
 * Which engines keep the rows (their writers write them, the roll moves them, the admins' reads take them). SQLite:
 * an admin's 90-day plan list 172 → 72 ms p50 at a tenth of the promised volumes. Not PostgreSQL: there its answers
 * were as fast either way (its aggregate of a period's 20 000 rows costs what the daily facts' parallel reads do,
 * ≈ 35 ms), while the writers paid ≈ 20 % (an account-day's roll-up) to 50 % (an order batch across 500 plans) more
 * (bench/README.md "Every plan's period sums"). Tests switch PostgreSQL on to check the same rows there.
 */
export const periodSumsKept: Record<Engine, boolean> = { sqlite: true, postgres: false };
const kept = (db: Executor): boolean => periodSumsKept[engineOf(db)];

/** The sources of the rows: their code in `source`, the daily facts they add up, and which columns. */
export const PERIOD_SOURCES = {
  ad: { code: 1, table: 'ad_facts_daily', channel: 'platform', sums: ['cost_fen', 'shows', 'clicks', 'conversions'] },
  order: {
    code: 2,
    table: 'order_facts_daily',
    channel: 'channel',
    sums: ['orders', 'order_fen', 'paid_orders', 'paid_fen', 'commission_fen'],
  },
} as const;
type PeriodSource = (typeof PERIOD_SOURCES)[keyof typeof PERIOD_SOURCES];

/** A row's key but its sums, in the primary key's order. */
export const PERIOD_SUM_KEY = ['days', 'channel', 'plan_id', 'advertiser_id', 'customerid', 'source'] as const;
const KEY = sql.raw(PERIOD_SUM_KEY.join(', '));
/** The daily facts' columns of a row's key but its period and source, in the key's order. */
const factKey = (s: PeriodSource) => sql.raw(`${s.channel}, plan_id, advertiser_id, customerid`);
/** Ad rows come by the daily facts' (platform, day) index, a range per channel; order facts have no index led by day. */
const narrow = (s: PeriodSource) =>
  s.code === PERIOD_SOURCES.ad.code ? sql.raw(`platform in (${Object.keys(CHANNELS).join(', ')}) and `) : sql``;

/** `on conflict … do update`: a source's sums of the row added to the stored ones. */
const adding = (s: PeriodSource): string =>
  `on conflict (${PERIOD_SUM_KEY.join(', ')}) do update set ${s.sums.map((c) => `"${c}" = plan_period_sums."${c}" + excluded."${c}"`).join(', ')}`;

/** The daily rows' and blocks' columns an ad row adds up. */
const AD_ROW_COLUMNS = 'platform, advertiser_id, plan_id, customerid, cost_fen, shows, clicks, conversions';

/** Insert the ad rows of period `days` with the watermark at `through`, of the plans `where` narrows to (`and …`). */
async function fillAdPeriodSums(db: Executor, days: number, through: number, where: RawBuilder<unknown>): Promise<void> {
  const s = PERIOD_SOURCES.ad;
  const { from, to } = daysOf(days, through);
  await sql`insert into plan_period_sums (${KEY}, ${sql.raw(s.sums.join(', '))})
    select ${sql.lit(days)}, f.platform, f.plan_id, f.advertiser_id, f.customerid, ${sql.lit(s.code)},
      ${sql.raw(s.sums.map((c) => `sum(f.${c})`).join(', '))}
    from ${dayRows(from, to, where, AD_ROW_COLUMNS)} f
    group by f.platform, f.plan_id, f.advertiser_id, f.customerid`.execute(db);
}

/**
 * The ad rows of period `days` of these plans of a channel (a list of values) recomputed from the daily rows and
 * blocks, under every account and customer (a plan's day moved to another account is recomputed whole): the report
 * sync's step after it rewrote a closed day inside the period (plan-periods.ts `refreshPlanPeriods`).
 */
export async function refreshAdPeriodSums(
  db: Executor,
  days: number,
  through: number,
  platform: number,
  plans: RawBuilder<unknown>,
): Promise<void> {
  if (!kept(db)) return;
  await sql`delete from plan_period_sums where days = ${days} and channel = ${platform} and plan_id in (${plans})
    and source = ${PERIOD_SOURCES.ad.code}`.execute(db);
  await fillAdPeriodSums(db, days, through, sql`and platform = ${platform} and plan_id in (${plans})`);
}

/** Insert the order rows of period `days` with the watermark at `through`, from the daily order facts. */
async function fillOrderPeriodSums(db: Executor, days: number, through: number): Promise<void> {
  const s = PERIOD_SOURCES.order;
  const { from, to } = daysOf(days, through);
  await sql`insert into plan_period_sums (${KEY}, ${sql.raw(s.sums.join(', '))})
    select ${sql.lit(days)}, ${factKey(s)}, ${sql.lit(s.code)}, ${sql.raw(s.sums.map((c) => `sum(${c})`).join(', '))}
    from order_facts_daily where day >= ${from} and day < ${to}
    group by ${factKey(s)}`.execute(db);
}

/**
 * Every period of one source moved on by one day, to end `through`: each key's sums gain its daily rows of the day that
 * entered and lose those of the day that left (two days of daily rows, not every day of the periods); a key left with
 * no daily row inside a period loses its row, as a rebuild would leave it.
 */
async function slideSource(db: Executor, s: PeriodSource, through: number): Promise<void> {
  const table = sql.table(s.table);
  const key = factKey(s);
  for (const n of PERIOD_DAYS) {
    const left = through - n * DAY;
    const delta = s.sums.map((c) => `sum(case when day = ${through} then ${c} else -${c} end)`).join(', ');
    await sql`insert into plan_period_sums (${KEY}, ${sql.raw(s.sums.join(', '))})
      select ${sql.lit(n)}, ${key}, ${sql.lit(s.code)}, ${sql.raw(delta)}
      from ${table} where ${narrow(s)} day in (${through}, ${left})
      group by ${key}
      ${sql.raw(adding(s))}`.execute(db);
    await sql`delete from plan_period_sums where days = ${n} and source = ${s.code}
      and (channel, plan_id, advertiser_id, customerid) in (select ${key} from ${table} where ${narrow(s)} day = ${left})
      and not exists (select 1 from ${table} d where d.${sql.raw(s.channel)} = plan_period_sums.channel
        and d.plan_id = plan_period_sums.plan_id and d.advertiser_id = plan_period_sums.advertiser_id
        and d.customerid = plan_period_sums.customerid and d.day > ${left} and d.day <= ${through})`.execute(db);
  }
}

/** Every row rebuilt from the daily facts for the watermark at `through` (the roll's rebuild: first roll, days missed). */
export async function rebuildPeriodSums(db: Executor, through: number): Promise<void> {
  if (!kept(db)) return;
  await sql`delete from plan_period_sums`.execute(db);
  for (const n of PERIOD_DAYS) {
    await fillAdPeriodSums(db, n, through, sql``);
    await fillOrderPeriodSums(db, n, through);
  }
}

/** Both sources' periods moved on by one day (the roll's slide; the watermark moves with them). */
export async function slidePeriodSums(db: Executor, through: number): Promise<void> {
  if (!kept(db)) return;
  for (const s of Object.values(PERIOD_SOURCES)) await slideSource(db, s, through);
}

/**
 * The watermark for a writer of daily order facts, held until its transaction ends: `for share` on PostgreSQL (a
 * roll's update waits for the batches under way, and they for it; batches do not wait for each other), a plain read
 * on SQLite (one writer at a time).
 */
export async function orderWatermark(db: Executor, engine: Engine): Promise<number> {
  return periodSumsKept[engine] ? planPeriodsThrough(db, engine === 'postgres') : 0;
}

type OrderSums = Pick<PlanPeriodSumsTable, 'orders' | 'order_fen' | 'paid_orders' | 'paid_fen' | 'commission_fen'>;
/** What a batch changes in a daily order fact: its key parts the rows keep, its day and its sums' changes. */
type DailyOrderChange = Pick<PlanPeriodSumsTable, 'channel' | 'advertiser_id' | 'plan_id' | 'customerid'> & OrderSums & { day: number };
/** An order row of `plan_period_sums` as a batch adds it. */
export type OrderPeriodRow = Pick<PlanPeriodSumsTable, 'days' | 'source' | 'channel' | 'advertiser_id' | 'plan_id' | 'customerid'> &
  OrderSums;

/**
 * A batch's changes to the daily order facts as changes to the periods holding their days (none while the watermark is
 * 0, not ready: the roll's rebuild reads the daily facts), added up per row key and in key order (rows locked in one
 * order).
 */
export function periodChanges(daily: readonly DailyOrderChange[], through: number): OrderPeriodRow[] {
  if (through <= 0) return [];
  const out = new Map<string, OrderPeriodRow>();
  for (const r of daily)
    for (const days of PERIOD_DAYS) {
      const { from, to } = daysOf(days, through);
      if (r.day < from || r.day >= to) continue;
      const k = `${days}\u0000${r.channel}\u0000${r.plan_id}\u0000${r.advertiser_id}\u0000${r.customerid}`;
      let row = out.get(k);
      if (!row) {
        const { channel, advertiser_id, plan_id, customerid } = r;
        row = {
          days,
          source: PERIOD_SOURCES.order.code,
          channel,
          advertiser_id,
          plan_id,
          customerid,
          orders: 0,
          order_fen: 0,
          paid_orders: 0,
          paid_fen: 0,
          commission_fen: 0,
        };
        out.set(k, row);
      }
      for (const c of PERIOD_SOURCES.order.sums) row[c] += r[c];
    }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...out.values()].sort(
    (a, b) =>
      a.days - b.days ||
      a.channel - b.channel ||
      cmp(a.plan_id, b.plan_id) ||
      cmp(a.advertiser_id, b.advertiser_id) ||
      a.customerid - b.customerid,
  );
}

/** The conflict clause of a batch's order rows (`periodChanges`): added to the stored ones. */
export const ORDER_PERIOD_CONFLICT = adding(PERIOD_SOURCES.order);
