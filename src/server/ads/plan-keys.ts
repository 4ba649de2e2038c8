/**
 * The plans an account has daily rows of in [from, to), read as a list before the pre-aggregates' writers use it.
 * Bound as values (at most `PLANS_PER_STATEMENT` a statement), not as an `in (subquery)`: PostgreSQL estimates days
 * newer than its last ANALYZE at one row (no index leads with `day` to probe the true range), and planned the
 * subquery as a nested loop over the whole day — 7.4 s for one account's 8-day block at 5 000 plans (bench/README.md
 * "Boards"); a list of values is one index range per statement whatever the statistics say.
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';

/** Plans per statement: under SQLite's 32 766 bound values and PostgreSQL's 65 535 with the statement's own. */
export const PLANS_PER_STATEMENT = 500;

export async function accountPlans(db: Executor, platform: number, advertiserId: string, from: number, to: number): Promise<string[]> {
  const { rows } = await sql<{ plan_id: string }>`select distinct plan_id from ad_facts_daily
    where platform = ${platform} and advertiser_id = ${advertiserId} and day >= ${from} and day < ${to}
    order by plan_id`.execute(db);
  return rows.map((r) => r.plan_id);
}
