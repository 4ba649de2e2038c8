/**
 * Per-plan sums over preset periods of closed China days (`ad_plan_periods`, migration 0070): for each length N of
 * `PERIOD_DAYS`, one row per (channel, plan) holding the plan's daily facts added up over the N closed days ending the
 * watermark's day (`ad_plan_periods_state.through_day`, normally yesterday). The admin's list of every customer's plans
 * sorted by a sum then reads a top-20 by index instead of summing every plan-day of the range (promotion/plan-top.ts).
 *
 * Exact by construction: the `ads.plan-periods` job rebuilds every row from the daily facts (via the day blocks) when
 * the China day changes and moves the watermark in the same transaction; between rolls, the daily rows' writers
 * (`rollupDay` via `refreshBlocks`) recompute the rows of every plan whose closed day they rewrote, in their own
 * transaction — by plan, so a plan's day moved to another account is recomputed whole. Both first take the state
 * row's lock (`update … returning`), so a roll and a writer never interleave. Retention keeps the daily rows, so it
 * changes nothing here. A reader uses the rows only when the watermark is yesterday; otherwise the slow path.
 */
import { type RawBuilder, sql } from 'kysely';
import { chinaDayStart } from '../../shared/china-clock.ts';
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import type { Executor } from '../kernel/executor.ts';
import { dayPieces } from './day-pieces.ts';

const DAY = 86_400;
/** Period lengths in closed days: with today, the UI's 最近7天 / 近15天 / 近30天 and a 90-day range. */
export const PERIOD_DAYS = [6, 14, 29, 89] as const;
export const PLAN_PERIODS_JOB = 'ads.plan-periods';
const SUMS = sql.raw('sum(cost_fen), sum(shows), sum(clicks), sum(conversions)');

/** The last closed day the rows include (China-day start), 0 = not ready; locks the state row until commit. */
async function lockedWatermark(db: Executor, through?: number, at = 0): Promise<number> {
  const set = through === undefined ? sql`through_day = through_day` : sql`through_day = ${through}, rolled_at = ${at}`;
  const { rows } = await sql<{ through_day: number | string }>`update ad_plan_periods_state set ${set} where id = 1
    returning through_day`.execute(db);
  return Number(rows[0]?.through_day ?? 0);
}

/** The watermark, read without a lock (readers). */
export async function planPeriodsThrough(db: Executor): Promise<number> {
  const row = await db.selectFrom('ad_plan_periods_state').select('through_day').where('id', '=', 1).executeTakeFirst();
  return Number(row?.through_day ?? 0);
}

/** Whole days [from, to) per plan as daily edges and day blocks, one `union all` branch per piece (facts/days.ts). */
function dayRows(from: number, to: number, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const cols = sql.raw('platform, plan_id, cost_fen, shows, clicks, conversions');
  const branches = dayPieces(from, to).map((p) =>
    p.len === 1
      ? sql`select ${cols} from ad_facts_daily where day >= ${p.from} and day < ${p.to} ${where}`
      : sql`select ${cols} from ad_facts_blocks where days = ${p.len} and day >= ${p.from} and day < ${p.to} ${where}`,
  );
  return sql`(${sql.join(branches, sql` union all `)})`;
}

/** Insert the period rows of length `n` ending `through` for the plans `plans` (a one-column subquery), or every plan. */
async function fillPeriod(db: Executor, n: number, through: number, only?: { platform: number; plans: RawBuilder<unknown> }) {
  const where = only ? sql`and platform = ${only.platform} and plan_id in (${only.plans})` : sql``;
  await sql`insert into ad_plan_periods (days, platform, plan_id, cost_fen, shows, clicks, conversions)
    select ${sql.lit(n)}, f.platform, f.plan_id, ${SUMS}
    from ${dayRows(through - (n - 1) * DAY, through + DAY, where)} f
    group by f.platform, f.plan_id`.execute(db);
}

/**
 * After a writer rewrote the daily rows of an account's `day`: recompute, in its transaction, the period rows of every
 * plan with a daily row of that account and day (rows are keyed by plan and day and never deleted, so these are all the
 * plans whose day changed), for every period holding the day. Today and days after the watermark hold none.
 */
export async function refreshPlanPeriods(db: Executor, platform: number, advertiserId: string, day: number): Promise<void> {
  const through = await lockedWatermark(db);
  if (through === 0 || day > through) return;
  const plans = sql`select d.plan_id from ad_facts_daily d
    where d.platform = ${platform} and d.advertiser_id = ${advertiserId} and d.day = ${day}`;
  for (const n of PERIOD_DAYS) {
    if (day <= through - n * DAY) continue;
    await sql`delete from ad_plan_periods where days = ${n} and platform = ${platform} and plan_id in (${plans})`.execute(db);
    await fillPeriod(db, n, through, { platform, plans });
  }
}

/** Every period rebuilt to end on `through` (a closed day), and the watermark moved there, in one transaction. */
export async function rollPlanPeriods(db: Executor, through: number, at: number): Promise<void> {
  await lockedWatermark(db, through, at);
  await sql`delete from ad_plan_periods`.execute(db);
  for (const n of PERIOD_DAYS) await fillPeriod(db, n, through);
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
