/**
 * The preset periods of the per-plan pre-aggregates (`ad_plan_periods`, plan-periods.ts; `plan_period_sums`,
 * plan-period-sums.ts): their lengths in closed China days ending the watermark's day, the days each adds up, and the
 * watermark itself.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import { dayPieces } from './day-pieces.ts';

const DAY = 86_400;
/** Period lengths in closed days: with today, the UI's 最近7天 / 近15天 / 近30天 and a 90-day range. */
export const PERIOD_DAYS = [6, 14, 29, 89] as const;
/** `days` of the rows of the day after the watermark (today, so far): each plan's daily rows of that day added up. */
export const TODAY = 0;

/** The days [from, to) the rows of `days` add up with the watermark at `through`. */
export const daysOf = (days: number, through: number): { from: number; to: number } =>
  days === TODAY ? { from: through + DAY, to: through + 2 * DAY } : { from: through - (days - 1) * DAY, to: through + DAY };

/**
 * Whole days [from, to) of ad facts as daily edges and day blocks, one `union all` branch per piece (facts/days.ts),
 * with these columns of the daily rows and blocks and `where` added to each branch (`and …`).
 */
export function dayRows(from: number, to: number, where: RawBuilder<unknown>, columns: string): RawBuilder<unknown> {
  const cols = sql.raw(columns);
  const branches = dayPieces(from, to).map((p) =>
    p.len === 1
      ? sql`select ${cols} from ad_facts_daily where day >= ${p.from} and day < ${p.to} ${where}`
      : sql`select ${cols} from ad_facts_blocks where days = ${p.len} and day >= ${p.from} and day < ${p.to} ${where}`,
  );
  return sql`(${sql.join(branches, sql` union all `)})`;
}

/**
 * The watermark (`ad_plan_periods_state.through_day`): the last closed day the periods include, 0 = not ready. Readers
 * read it without a lock; `share`: held `for share` until the transaction ends (PostgreSQL only — a writer of order
 * facts there, so that a roll's update waits for it and it for a roll).
 */
export async function planPeriodsThrough(db: Executor, share = false): Promise<number> {
  const q = db.selectFrom('ad_plan_periods_state').select('through_day').where('id', '=', 1);
  const row = await (share ? q.forShare() : q).executeTakeFirst();
  return Number(row?.through_day ?? 0);
}
