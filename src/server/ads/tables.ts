import type { Generated } from 'kysely';

/**
 * Ad platforms (spec §1 account types 2 巨量, 4 腾讯, 5 快手, 8 UC, 10 小红书, and 3 微博): authorisations, the
 * advertiser accounts they grant, the synced entity tree, and the hourly report facts every cost number reads.
 * `platform` is the spec's channel code. Secrets are AES-256-GCM encrypted (`crypto.ts`) before they are stored.
 */
export interface AdAuthsTable {
  id: Generated<number>;
  platform: number;
  /** The customer (role 3 or 4) whose authorisation this is; an agent may authorise for a sub-customer. */
  customerid: number;
  /** Who clicked 授权 (the customer, its agent, or an admin). */
  created_by: number;
  /** The platform's user / authorizer id, when it names one. */
  platform_user_id: string;
  /** Encrypted tokens ('' for UC, which has credentials instead). */
  access_token_enc: string;
  refresh_token_enc: string;
  /** Epoch seconds; 0 when not applicable. */
  access_expires_at: number;
  refresh_expires_at: number;
  /** UC: encrypted JSON {username, password, token}; '' elsewhere. */
  credentials_enc: string;
  scope: string;
  /** active · reauth (需要重新授权: refresh failed or revoked) · cancelled (unbound by the user; data kept, sync stops). */
  state: string;
  /** Chinese reason of the last failure, '' when healthy. */
  last_error: string;
  created_at: number;
  updated_at: number;
}

/** One advertiser account granted by an authorisation. An advertiser belongs to one customer at a time. */
export interface AdAccountsTable {
  id: Generated<number>;
  auth_id: number;
  platform: number;
  advertiser_id: string;
  customerid: number;
  name: string;
  /** 1 while the grant covers it, 0 once the user dropped it from the grant or cancelled. */
  active: number;
  /** Last entity/report sync: when, and '' or the Chinese error. */
  last_sync_at: number;
  last_sync_error: string;
  /** Report back-fill done up to this hour (epoch seconds); 0 before the first sync. */
  report_synced_to: number;
  /** Last complete entity sync (epoch seconds); 0 before the first. */
  entity_synced_at: Generated<number>;
  /** 淘宝新链接 (mini-app) promotion switch of the old version: 1 on, 2 off. */
  miniapp: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Campaigns (projects, campaigns), plans (ads, promotions, ad groups, units) and creatives, as last synced. */
export interface AdEntitiesTable {
  id: Generated<number>;
  platform: number;
  advertiser_id: string;
  customerid: number;
  /** campaign · plan · creative */
  level: string;
  entity_id: string;
  /** Campaign id for a plan, plan id for a creative, '' for a campaign. */
  parent_id: string;
  campaign_id: string;
  name: string;
  /** The platform's own status value(s) and the normalised one (see connectors/ad-platform.ts NormalStatus). */
  raw_status: string;
  status: string;
  enabled: number;
  /** Daily budget and bid in fen; null = unlimited / none. */
  budget_fen: number | null;
  bid_fen: number | null;
  click_monitor_url: string;
  show_monitor_url: string;
  landing_url: string;
  /** The promotion link this entity drives (from its monitor or landing URL), '' when none of ours. */
  pageid: string;
  material_type: string;
  created_at: number;
  updated_at: number;
  synced_at: number;
}

/** Report facts per plan and hour (epoch seconds, China-time hour start). Cost in fen whatever the platform sends. */
export interface AdFactsHourlyTable {
  platform: number;
  advertiser_id: string;
  customerid: number;
  campaign_id: string;
  plan_id: string;
  /** The plan's promotion link at write time ('' when none). */
  pageid: string;
  hour: number;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions: number;
  synced_at: number;
}

/** The same facts per China-time day (epoch seconds at 00:00 +08:00), kept in step with the hourly rows. */
export interface AdFactsDailyTable extends Omit<AdFactsHourlyTable, 'hour'> {
  day: number;
  /**
   * The row equals its day's hourly rows read up to any end ≥ this (the end of its last hour), whatever a reader
   * narrows or groups by; 0 = not known (rows written before 0072, or by hand). Past the day's end when its hours
   * differ in customer, campaign, link or account: then only the hours answer a part of the day
   * (`store-facts.ts` `rollupDay`, facts/days.ts `cutDay`).
   */
  exact_to: Generated<number>;
}

/**
 * The daily facts added up over aligned blocks of 2, 4, 8, 16, 32 and 64 China days (`blocks.ts`), per plan and every column a
 * reader filters by, so a 90-day read takes ~15 rows per plan instead of 90. Kept in step with the daily rows by
 * their one writer (`rollupDay`), in the same transaction.
 */
export interface AdFactsBlocksTable extends Omit<AdFactsDailyTable, 'synced_at' | 'exact_to'> {
  /** The block's length in days (a power of two, 2 to 64); `day` is its first day. */
  days: number;
}

/**
 * The daily facts added up per channel, account, customer and China day (`customer-days.ts`): the day series and totals
 * of the boards read ~1 row per account and day instead of one per plan. Kept in step with the daily rows by their
 * writers (`rollupDay` via `refreshBlocks`), in the same transaction.
 */
export interface AdCustomerDaysTable {
  platform: number;
  advertiser_id: string;
  day: number;
  customerid: number;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions: number;
}

/**
 * The hourly facts added up per channel, account, customer and hour (`customer-hours.ts`): a board's hourly series and
 * totals of part of a day (today, the same hours of yesterday) read ~1 row per account and hour instead of one per
 * plan. Kept in step with the hourly rows by the writers of their day (`rollupDay` via `refreshBlocks`), in the same
 * transaction, and losing its hours with them (retention, `pruneCustomerHours`).
 */
export interface AdCustomerHoursTable {
  platform: number;
  advertiser_id: string;
  hour: number;
  customerid: number;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions: number;
}

/**
 * Per-plan sums over the last `days` closed China days ending the watermark's day (`plan-periods.ts`): the admin's
 * list of every customer's plans sorted by a sum reads a top-20 by index. Kept in step with the daily rows by their
 * writers (`rollupDay` via `refreshBlocks`) in the same transaction, rolled to a new day by the `ads.plan-periods` job.
 */
export interface AdPlanPeriodsTable {
  days: number;
  platform: number;
  plan_id: string;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions: number;
}

/**
 * Every plan's ad sums (`source` 1) and order sums (`source` 2) over the last `days` closed China days ending the
 * watermark's day, per channel, account and customer (`plan-period-sums.ts`): the admin's plan list over a preset range
 * reads one row per plan instead of every plan-day. A source's row holds zeros in the other source's columns.
 */
export interface PlanPeriodSumsTable {
  days: number;
  source: number;
  channel: number;
  advertiser_id: string;
  plan_id: string;
  customerid: number;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions: number;
  orders: number;
  order_fen: number;
  paid_orders: number;
  paid_fen: number;
  commission_fen: number;
}

/** The watermark of `ad_plan_periods` and `plan_period_sums` (one row, id 1): the last closed day its rows include, 0 = not ready. */
export interface AdPlanPeriodsStateTable {
  id: number;
  through_day: number;
  rolled_at: number;
}

/** Every status, budget or bid change a person asked for, with the platform's answer (promotion change log). */
export interface AdChangesTable {
  id: Generated<number>;
  platform: number;
  advertiser_id: string;
  customerid: number;
  level: string;
  entity_id: string;
  /** status · budget · bid */
  field: string;
  before: string;
  after: string;
  actor_id: number;
  /** The batch task it belongs to (`/napi/task/update`), 0 for a single edit. */
  task_id: number;
  /** pending · applied · refused */
  result: string;
  message: string;
  at: number;
  finished_at: number;
  /** The automatic rule that made the change (0 = a person) and its name when it acted. */
  rule_id: Generated<number>;
  rule_name: Generated<string>;
}

/** OAuth `state` values: bound to the signed-in user, single use, ten minutes. */
export interface OauthStatesTable {
  state: string;
  platform: number;
  user_id: number;
  customerid: number;
  /** Re-authorising an existing authorisation, 0 for a new one. */
  auth_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AdsTables {
  ad_auths: AdAuthsTable;
  ad_accounts: AdAccountsTable;
  ad_entities: AdEntitiesTable;
  ad_facts_hourly: AdFactsHourlyTable;
  ad_facts_daily: AdFactsDailyTable;
  ad_facts_blocks: AdFactsBlocksTable;
  ad_customer_days: AdCustomerDaysTable;
  ad_customer_hours: AdCustomerHoursTable;
  ad_plan_periods: AdPlanPeriodsTable;
  ad_plan_periods_state: AdPlanPeriodsStateTable;
  plan_period_sums: PlanPeriodSumsTable;
  ad_changes: AdChangesTable;
  oauth_states: OauthStatesTable;
}
