/**
 * Ad facts over aligned blocks of China days (`ad_facts_blocks`): the daily facts added up over every 2, 4, 8, 16, 32
 * and 64 days (`BLOCK_DAYS`), counted from the China day of epoch 0, per plan and per value of every column a reader
 * narrows by (customer, advertiser, campaign, link). A span of whole days is its edge days from `ad_facts_daily` and
 * the blocks that fit inside it (`dayPieces`): a 90-day read takes ≈ 6 rows per plan instead of 90. Exact by construction — a block row
 * is recomputed from the daily rows by the daily rows' one writer (`rollupDay`), in the same transaction, for every
 * plan whose day it touched; nothing else writes or deletes daily rows (retention keeps them).
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import { rebuildAllCustomerDays, refreshCustomerDays } from './customer-days.ts';
import { BLOCK_DAYS, blockStart } from './day-pieces.ts';
import { accountPlans, PLANS_PER_STATEMENT } from './plan-keys.ts';
import { refreshPlanPeriods } from './plan-periods.ts';

export { BLOCK_DAYS, blockStart, type DayPiece, dayPieces, ROLLUP_BLOCK_DAYS } from './day-pieces.ts';

const DAY = 86_400;
/** China days start at 16:00 UTC. */
const CHINA = 8 * 3600;

/** Block lengths shortest first: each is computed from the one before it (the first from the daily rows). */
const UPWARD = [...BLOCK_DAYS].sort((a, b) => a - b);

/**
 * Recompute every block holding `day` (one per length) for every plan the account has a daily row of in its 8 days
 * (every plan `rollupDay` wrote is one): the shortest block from the daily rows, each longer one from the two blocks
 * of half its length inside it (2 rows a plan, not 64 daily ones). A plan that moved between accounts is recomputed
 * whole: block rows are deleted by plan, not account.
 * Then the account's per-customer total of the day (`customer-days.ts`) and its plans' preset periods
 * (`plan-periods.ts`): every writer of daily rows calls this.
 */
export async function refreshBlocks(db: Executor, platform: number, advertiserId: string, day: number): Promise<void> {
  const from8 = blockStart(day, 8);
  const plans = await accountPlans(db, platform, advertiserId, from8, from8 + 8 * DAY);
  for (let i = 0; i < plans.length; i += PLANS_PER_STATEMENT) {
    const ids = sql.join(plans.slice(i, i + PLANS_PER_STATEMENT).map((id) => sql`${id}`));
    let shorter = 1;
    for (const len of UPWARD) {
      const from = blockStart(day, len);
      const to = from + len * DAY;
      const source = shorter === 1 ? sql`ad_facts_daily where` : sql`ad_facts_blocks where days = ${shorter} and`;
      await sql`delete from ad_facts_blocks
        where platform = ${platform} and days = ${len} and day = ${from} and plan_id in (${ids})`.execute(db);
      await sql`insert into ad_facts_blocks
          (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, days, day, cost_fen, shows, clicks, conversions)
        select platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${sql.lit(len)}, ${sql.lit(from)},
          sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
        from ${source} platform = ${platform} and day >= ${from} and day < ${to} and plan_id in (${ids})
        group by platform, advertiser_id, customerid, campaign_id, plan_id, pageid`.execute(db);
      shorter = len;
    }
  }
  await refreshCustomerDays(db, platform, [advertiserId], day);
  await refreshPlanPeriods(db, platform, advertiserId, day);
}

/**
 * Every block recomputed from every daily row: for data written in bulk by SQL (the promotion benchmark's dataset;
 * migration 0060 back-fills the same way), and the per-customer days with them. The writers keep both in step with
 * `refreshBlocks`.
 */
export async function rebuildAllBlocks(db: Executor): Promise<void> {
  await sql`delete from ad_facts_blocks`.execute(db);
  for (const len of BLOCK_DAYS) {
    const start = sql`day - ((day + ${sql.lit(CHINA)}) % ${sql.lit(len * DAY)})`;
    await sql`insert into ad_facts_blocks
        (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, days, day, cost_fen, shows, clicks, conversions)
      select platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${sql.lit(len)}, ${start},
        sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
      from ad_facts_daily
      group by platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${start}`.execute(db);
  }
  await rebuildAllCustomerDays(db);
}
