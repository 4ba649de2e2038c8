import type { Generated } from 'kysely';

/**
 * Promotion management's own tables (the ad tables it reads and `ad_changes` it writes are in ads/tables.ts):
 * batch tasks, mini-app bindings of plans to links, and the status history of every entity.
 */

/** One `/napi/task/update` batch (or an old-version bulk call): its items are the `ad_changes` rows with its id. */
export interface PromoteTasksTable {
  id: Generated<number>;
  actor_id: number;
  platform: number;
  level: string;
  /** enable · disable */
  action: string;
  total: number;
  applied: number;
  refused: number;
  /** running · done */
  state: string;
  created_at: number;
  finished_at: number;
}

/**
 * A plan registered as promoting a taobao new-link mini-app link (`/napi/miniapp/add`): such plans open the
 * mini-app directly, so their URLs carry none of our monitors and the sync cannot tie them to the link. A plan's
 * link is its own (`ad_entities.pageid`) when it has one, else its binding.
 */
export interface PromoteBindingsTable {
  id: Generated<number>;
  platform: number;
  advertiser_id: string;
  plan_id: string;
  customerid: number;
  pageid: string;
  created_by: number;
  created_at: number;
}

/** Status of a campaign, plan or creative each time it was seen to change (by the sync, or by a change made here). */
export interface PromoteStatusLogTable {
  id: Generated<number>;
  platform: number;
  level: string;
  entity_id: string;
  customerid: number;
  raw_status: string;
  status: string;
  enabled: number;
  /** sync · change */
  source: string;
  at: number;
}

/**
 * Report sums per advertiser account, sub-platform of the plans' links (0 = none of ours) and China day, rolled up
 * from `ad_facts_daily` by the job `promotion.account-rollup`: account lists and totals over long ranges read these
 * few rows for closed days and `ad_facts_daily` for today.
 */
export interface PromoteAccountDailyTable {
  platform: number;
  advertiser_id: string;
  customerid: number;
  /** The sub-platform (shop platform of the plans' links, 0 = none of ours), or -1 for the account's whole day. */
  pl: number;
  day: number;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions: number;
  updated_at: number;
}

export interface PromotionTables {
  promote_account_daily: PromoteAccountDailyTable;
  promote_tasks: PromoteTasksTable;
  promote_bindings: PromoteBindingsTable;
  promote_status_log: PromoteStatusLogTable;
}
