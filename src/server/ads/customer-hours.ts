/**
 * Ad facts per channel, account, customer and hour (`ad_customer_hours`, migration 0078): the hourly facts added up over
 * their plans, so that a board's hourly series or total of part of a day narrowed only by customer, channel or account
 * (today's card; the same hours of yesterday it is compared with) reads one row per account and hour instead of one per
 * plan and hour (an admin's today: ≈ 1 600 rows instead of 80 000 at a tenth of the promised volumes). The hourly side of
 * `ad_customer_days` (customer-days.ts), read where it is (facts/days.ts `byCustomerRows`).
 *
 * Exact by construction: an account's hours of a day are recomputed from its hourly rows wherever its per-customer day
 * is (`refreshCustomerDays`: the report sync's `rollupDay`, for the account and for the accounts a re-pull took plans
 * from), in the writer's transaction; and hours the hourly facts no longer have (retention, a dropped partition) are
 * deleted after them by the jobs that deleted those (`pruneCustomerHours`).
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';

const DAY = 86_400;
const GROUPED = sql.raw(`select platform, advertiser_id, hour, customerid, sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
  from ad_facts_hourly`);
const INTO = sql.raw('insert into ad_customer_hours (platform, advertiser_id, hour, customerid, cost_fen, shows, clicks, conversions)');

/** Recompute the hours of the China day `day` of the accounts `advertiserIds` of one channel from their hourly rows. */
export async function refreshCustomerHours(db: Executor, platform: number, advertiserIds: readonly string[], day: number): Promise<void> {
  if (advertiserIds.length === 0) return;
  const ids = sql.join(advertiserIds.map((id) => sql`${id}`));
  const inDay = sql`platform = ${platform} and advertiser_id in (${ids}) and hour >= ${day} and hour < ${day + DAY}`;
  await sql`delete from ad_customer_hours where ${inDay}`.execute(db);
  await sql`${INTO} ${GROUPED} where ${inDay} group by platform, advertiser_id, hour, customerid`.execute(db);
}

/**
 * Delete the hours older than the oldest hourly fact (every hour when none is left): what retention or a dropped
 * partition took from `ad_facts_hourly` (lifecycle/jobs.ts, lifecycle/partition-job.ts). Returns the rows deleted.
 */
export async function pruneCustomerHours(db: Executor): Promise<number> {
  const { rows } = await sql<{ hour: number | string | null }>`select min(hour) as hour from ad_facts_hourly`.execute(db);
  const oldest = rows[0]?.hour;
  const r =
    oldest === null || oldest === undefined
      ? await sql`delete from ad_customer_hours`.execute(db)
      : await sql`delete from ad_customer_hours where hour < ${Number(oldest)}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Every row recomputed from every hourly row: for data written in bulk by SQL (migration 0078 back-fills the same way). */
export async function rebuildAllCustomerHours(db: Executor): Promise<void> {
  await sql`delete from ad_customer_hours`.execute(db);
  await sql`${INTO} ${GROUPED} group by platform, advertiser_id, hour, customerid`.execute(db);
}
