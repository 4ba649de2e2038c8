/**
 * Ad facts per channel, account, customer and China day (`ad_customer_days`, migration 0066): the daily facts added up
 * over their plans, so that a day series or a total of whole days narrowed only by customer, channel or account reads
 * one row per account and day (an agent's 90 days: ≈ 40 × 90 rows) instead of one per plan and day (178 000). Exact by
 * construction: an account's day is recomputed from its daily rows by the daily rows' writers, in their transaction
 * (`refreshBlocks` calls `refreshCustomerDays`; `rollupDay` also names the accounts a re-pull took plans from).
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';

/** Recompute the day `day` of the accounts `advertiserIds` of one channel from their daily rows (every customer). */
export async function refreshCustomerDays(db: Executor, platform: number, advertiserIds: readonly string[], day: number): Promise<void> {
  if (advertiserIds.length === 0) return;
  const ids = sql.join(advertiserIds.map((id) => sql`${id}`));
  await sql`delete from ad_customer_days where platform = ${platform} and advertiser_id in (${ids}) and day = ${day}`.execute(db);
  await sql`insert into ad_customer_days (platform, advertiser_id, day, customerid, cost_fen, shows, clicks, conversions)
    select platform, advertiser_id, day, customerid, sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
    from ad_facts_daily
    where platform = ${platform} and advertiser_id in (${ids}) and day = ${day}
    group by platform, advertiser_id, day, customerid`.execute(db);
}

/**
 * The other accounts whose daily rows of `day` the account's hours are about to take over (a late re-pull that moves a
 * plan's day to this account): call before the daily upsert, refresh them after it, or their totals keep the plan.
 */
export async function accountsLosingPlans(db: Executor, platform: number, advertiserId: string, day: number): Promise<string[]> {
  const { rows } = await sql<{ advertiser_id: string }>`select distinct d.advertiser_id from ad_facts_daily d
    where d.platform = ${platform} and d.day = ${day} and d.advertiser_id <> ${advertiserId}
      and d.plan_id in (select h.plan_id from ad_facts_hourly h
        where h.platform = ${platform} and h.advertiser_id = ${advertiserId} and h.hour >= ${day} and h.hour < ${day + 86_400})`.execute(
    db,
  );
  return rows.map((r) => r.advertiser_id);
}

/** Every row recomputed from every daily row: for data written in bulk by SQL (migration 0066 back-fills the same way). */
export async function rebuildAllCustomerDays(db: Executor): Promise<void> {
  await sql`delete from ad_customer_days`.execute(db);
  await sql`insert into ad_customer_days (platform, advertiser_id, day, customerid, cost_fen, shows, clicks, conversions)
    select platform, advertiser_id, day, customerid, sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
    from ad_facts_daily
    group by platform, advertiser_id, day, customerid`.execute(db);
}
