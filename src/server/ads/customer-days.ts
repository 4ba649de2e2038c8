/**
 * Ad facts per channel, account, customer and China day (`ad_customer_days`, migration 0066): the daily facts added up
 * over their plans, so that a day series or a total of whole days narrowed only by customer, channel or account reads
 * one row per account and day (an agent's 90 days: ≈ 40 × 90 rows) instead of one per plan and day (178 000). Exact by
 * construction: an account's day is recomputed from its daily rows by the daily rows' writers, in their transaction
 * (`refreshBlocks` calls `refreshCustomerDays`; `rollupDay` also names the accounts a re-pull took plans from), and
 * with it the account's per-customer hours of that day (customer-hours.ts).
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import { refreshCustomerHours } from './customer-hours.ts';
import { PLANS_PER_STATEMENT } from './plan-keys.ts';

/**
 * Recompute the day `day` of the accounts `advertiserIds` of one channel from their daily rows (every customer), and
 * their per-customer hours of that day from their hourly rows (customer-hours.ts).
 */
export async function refreshCustomerDays(db: Executor, platform: number, advertiserIds: readonly string[], day: number): Promise<void> {
  if (advertiserIds.length === 0) return;
  const ids = sql.join(advertiserIds.map((id) => sql`${id}`));
  await sql`delete from ad_customer_days where platform = ${platform} and advertiser_id in (${ids}) and day = ${day}`.execute(db);
  await sql`insert into ad_customer_days (platform, advertiser_id, day, customerid, cost_fen, shows, clicks, conversions)
    select platform, advertiser_id, day, customerid, sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
    from ad_facts_daily
    where platform = ${platform} and advertiser_id in (${ids}) and day = ${day}
    group by platform, advertiser_id, day, customerid`.execute(db);
  await refreshCustomerHours(db, platform, advertiserIds, day);
}

/**
 * The other accounts whose daily rows of `day` the account's hours are about to take over (a late re-pull that moves a
 * plan's day to this account): call before the daily upsert, refresh them after it, or their totals keep the plan.
 */
export async function accountsLosingPlans(db: Executor, platform: number, advertiserId: string, day: number): Promise<string[]> {
  // The hours' plans first, as a list of values: an in-subquery can be planned as a nested loop (plan-keys.ts).
  const { rows: hours } = await sql<{ plan_id: string }>`select distinct plan_id from ad_facts_hourly
    where platform = ${platform} and advertiser_id = ${advertiserId} and hour >= ${day} and hour < ${day + 86_400}`.execute(db);
  const losing = new Set<string>();
  for (let i = 0; i < hours.length; i += PLANS_PER_STATEMENT) {
    const plans = sql.join(hours.slice(i, i + PLANS_PER_STATEMENT).map((r) => sql`${r.plan_id}`));
    // Not `select distinct`: SQLite (no statistics) then reads the account index for the order and scans every daily
    // row of the channel (1.7 ms at 20 000 rows, growing with the table); this reads ≤ 500 rows by primary key.
    const { rows } = await sql<{ advertiser_id: string }>`select advertiser_id from ad_facts_daily
      where platform = ${platform} and day = ${day} and advertiser_id <> ${advertiserId} and plan_id in (${plans})`.execute(db);
    for (const r of rows) losing.add(r.advertiser_id);
  }
  return [...losing];
}

/** Every row recomputed from every daily row: for data written in bulk by SQL (migration 0066 back-fills the same way). */
export async function rebuildAllCustomerDays(db: Executor): Promise<void> {
  await sql`delete from ad_customer_days`.execute(db);
  await sql`insert into ad_customer_days (platform, advertiser_id, day, customerid, cost_fen, shows, clicks, conversions)
    select platform, advertiser_id, day, customerid, sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
    from ad_facts_daily
    group by platform, advertiser_id, day, customerid`.execute(db);
}
