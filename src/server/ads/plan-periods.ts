/**
 * Per-plan sums over preset periods of closed China days (`ad_plan_periods`, migration 0070): for each length N of
 * `PERIOD_DAYS`, one row per (channel, plan) holding the plan's daily facts added up over the N closed days ending the
 * watermark's day (`ad_plan_periods_state.through_day`, normally yesterday); and with `days` = 0 (`TODAY`, migration
 * 0074), the plan's daily rows of the day after it (today, so far). The admin's list of every customer's plans sorted
 * by a sum then reads a top-20 by index instead of summing every plan-day of the range (promotion/plan-top.ts).
 *
 * Exact by construction: the `ads.plan-periods` job moves the rows on by a day when the China day changes (a slide:
 * the day that entered added, the day that left taken away; a rebuild from the daily facts via the day blocks when
 * they are not exactly a day behind) and moves the watermark in the same transaction; between rolls, the daily rows' writers
 * (`rollupDay` via `refreshBlocks`) recompute the rows of every plan whose closed day they rewrote, in their own
 * transaction — by plan, so a plan's day moved to another account is recomputed whole. Both first take the state
 * row's lock (`update … returning`), so a roll and a writer never interleave. Retention keeps the daily rows, so it
 * changes nothing here. A reader uses the rows only when the watermark is yesterday; otherwise the slow path.
 * The same roll and the same writers keep `plan_period_sums` (plan-period-sums.ts: every plan's ad and order sums of
 * the periods per account and customer) under the same watermark.
 */
import { type RawBuilder, sql } from 'kysely';
import { CHANNELS } from '../../shared/catalog.ts';
import { chinaDayStart } from '../../shared/china-clock.ts';
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import type { Executor } from '../kernel/executor.ts';
import { dayRows, daysOf, PERIOD_DAYS, planPeriodsThrough, TODAY } from './period-days.ts';
import { accountPlans, PLANS_PER_STATEMENT } from './plan-keys.ts';
import { rebuildPeriodSums, refreshAdPeriodSums, slidePeriodSums } from './plan-period-sums.ts';

export { PERIOD_DAYS, planPeriodsThrough, TODAY } from './period-days.ts';

const DAY = 86_400;
/** Every kind of row the table keeps. */
const KEPT = [TODAY, ...PERIOD_DAYS];
export const PLAN_PERIODS_JOB = 'ads.plan-periods';
const SUMS = sql.raw('sum(cost_fen), sum(shows), sum(clicks), sum(conversions)');

/** The last closed day the rows include (China-day start), 0 = not ready; locks the state row until commit. */
async function lockedWatermark(db: Executor, through?: number, at = 0): Promise<number> {
  const set = through === undefined ? sql`through_day = through_day` : sql`through_day = ${through}, rolled_at = ${at}`;
  const { rows } = await sql<{ through_day: number | string }>`update ad_plan_periods_state set ${set} where id = 1
    returning through_day`.execute(db);
  return Number(rows[0]?.through_day ?? 0);
}

const PLAN_COLUMNS = 'platform, plan_id, cost_fen, shows, clicks, conversions';

/** Insert the rows of `days` with the watermark at `through` for the plans `plans` (a list of values), or every plan. */
async function fillPeriod(db: Executor, days: number, through: number, only?: { platform: number; plans: RawBuilder<unknown> }) {
  const where = only ? sql`and platform = ${only.platform} and plan_id in (${only.plans})` : sql``;
  const { from, to } = daysOf(days, through);
  await sql`insert into ad_plan_periods (days, platform, plan_id, cost_fen, shows, clicks, conversions)
    select ${sql.lit(days)}, f.platform, f.plan_id, ${SUMS}
    from ${dayRows(from, to, where, PLAN_COLUMNS)} f
    group by f.platform, f.plan_id`.execute(db);
}

/**
 * After a writer rewrote the daily rows of an account's `day`: recompute, in its transaction, the rows of every plan
 * with a daily row of that account and day (rows are keyed by plan and day and never deleted, so these are all the
 * plans whose day changed), for every period holding the day, and today's rows when it is the day after the watermark.
 * Later days hold none.
 */
export async function refreshPlanPeriods(db: Executor, platform: number, advertiserId: string, day: number): Promise<void> {
  const through = await lockedWatermark(db);
  if (through === 0 || day > through + DAY) return;
  const all = await accountPlans(db, platform, advertiserId, day, day + DAY);
  for (let i = 0; i < all.length; i += PLANS_PER_STATEMENT) {
    const plans = sql.join(all.slice(i, i + PLANS_PER_STATEMENT).map((id) => sql`${id}`));
    for (const n of KEPT) {
      const { from, to } = daysOf(n, through);
      if (day < from || day >= to) continue;
      await sql`delete from ad_plan_periods where days = ${n} and platform = ${platform} and plan_id in (${plans})`.execute(db);
      await fillPeriod(db, n, through, { platform, plans });
      if (n !== TODAY) await refreshAdPeriodSums(db, n, through, platform, plans);
    }
  }
}

/** How the rolls went (tests, logs): a slide by one day, or a rebuild of every row. */
export const planPeriodRolls = { slides: 0, rebuilds: 0 };

const CHANNEL_CODES = sql.raw(Object.keys(CHANNELS).join(', '));
const DELTA = (col: string, entered: number) => sql.raw(`sum(case when day = ${entered} then ${col} else -${col} end)`);

/**
 * The periods moved on by one day, from ending `through − 1 day` to ending `through`: each plan's sums gain its daily row
 * of the day that entered and lose the one of the day that left — two days of daily rows per period instead of every
 * plan-day of the periods (a rebuild held SQLite's connection, and with it the event loop, for 11.6 s at 100 000 plans:
 * bench/README.md "Admin plan sort"). A plan left with no day inside a period loses its row, as a rebuild would leave it.
 * Today's rows are those of the new today (rows its writers may already have written after midnight).
 */
async function slidePlanPeriods(db: Executor, through: number): Promise<void> {
  for (const n of PERIOD_DAYS) {
    const left = through - n * DAY;
    await sql`insert into ad_plan_periods (days, platform, plan_id, cost_fen, shows, clicks, conversions)
      select ${sql.lit(n)}, platform, plan_id, ${DELTA('cost_fen', through)}, ${DELTA('shows', through)},
        ${DELTA('clicks', through)}, ${DELTA('conversions', through)}
      from ad_facts_daily where platform in (${CHANNEL_CODES}) and day in (${through}, ${left})
      group by platform, plan_id
      on conflict (days, platform, plan_id) do update set cost_fen = ad_plan_periods.cost_fen + excluded.cost_fen,
        shows = ad_plan_periods.shows + excluded.shows, clicks = ad_plan_periods.clicks + excluded.clicks,
        conversions = ad_plan_periods.conversions + excluded.conversions`.execute(db);
    await sql`delete from ad_plan_periods where days = ${n}
      and (platform, plan_id) in (select platform, plan_id from ad_facts_daily where platform in (${CHANNEL_CODES}) and day = ${left})
      and not exists (select 1 from ad_facts_daily d where d.platform = ad_plan_periods.platform
        and d.plan_id = ad_plan_periods.plan_id and d.day > ${left} and d.day <= ${through})`.execute(db);
  }
  await sql`delete from ad_plan_periods where days = ${TODAY}`.execute(db);
  await fillPeriod(db, TODAY, through);
  await slidePeriodSums(db, through);
}

/**
 * The periods moved to end on `through` (a closed day), and the watermark with them, in one transaction: by one day's
 * slide when they ended the day before, else rebuilt from the daily facts (first roll, a server stopped for days).
 */
export async function rollPlanPeriods(db: Executor, through: number, at: number): Promise<void> {
  const before = await lockedWatermark(db);
  await lockedWatermark(db, through, at);
  if (before > 0 && before === through - DAY) {
    await slidePlanPeriods(db, through);
    planPeriodRolls.slides += 1;
    return;
  }
  await sql`delete from ad_plan_periods`.execute(db);
  for (const n of KEPT) await fillPeriod(db, n, through);
  await rebuildPeriodSums(db, through);
  planPeriodRolls.rebuilds += 1;
}

/** At the China day change (and on a new or upgraded database): roll the periods to end yesterday. */
export function planPeriodsJob(deps: Pick<Deps, 'db' | 'clock'>): JobDef {
  return {
    name: PLAN_PERIODS_JOB,
    schedule: { everyMs: 60_000 },
    async run(ctx) {
      const yesterday = chinaDayStart(deps.clock.now()) - DAY;
      if ((await planPeriodsThrough(deps.db)) === yesterday) return { rows: 0 };
      await deps.db.transaction().execute((tx) => rollPlanPeriods(tx, yesterday, ctx.startedAt));
      await ctx.setCursor(String(yesterday));
      return { rows: 1 };
    },
  };
}
