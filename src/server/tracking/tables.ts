import type { Generated } from 'kysely';

/** Raw monitor ping as received (kind 'c' click, 's' show); parsed off the hot path. */
export interface MonitorRawTable {
  id: Generated<number>;
  kind: string;
  pageid: string;
  query: string;
  ip: string;
  ua: string;
  received_at: number;
  /**
   * Legacy: 1 on rows a version before migration 0045 processed. The processor's position is the high-water mark
   * of `tracking_progress`; it skips rows above the mark that carry 1 (processed before the upgrade).
   */
  processed: Generated<number>;
}

/** Raw landing-page visit. */
export interface LandingVisitsTable {
  id: Generated<number>;
  pageid: string;
  query: string;
  ip: string;
  ua: string;
  referer: string;
  received_at: number;
  /** Legacy, as `MonitorRawTable.processed`. */
  processed: Generated<number>;
}

/**
 * The processor's position per raw table (`source` = 'monitor_raw' | 'landing_visits'): every row with an id up to
 * `done_id` is processed. One row each, updated in the transaction that writes a slice's events.
 */
export interface TrackingProgressTable {
  source: string;
  done_id: number;
  updated_at: Generated<number>;
}

export interface MonitorEventsTable {
  id: Generated<number>;
  raw_id: number;
  pageid: string;
  customerid: number;
  /** 'click' | 'show'. */
  kind: string;
  channel: number;
  adv: string;
  camp: string;
  aid: string;
  cid: string;
  clickid: string;
  /** Callback token/URL of the platform, kept for conversion postback. */
  callback: string;
  /** 'android' | 'ios' | 'other' | ''. */
  os: string;
  ip: string;
  ua: string;
  /** Platform event time (epoch seconds) when sent and plausible, else received_at. */
  ts: number;
  received_at: number;
  /** 1: a repeated click (same pageid and click key); not counted. */
  dup: number;
  /** The invalid-traffic verdict (shared/invalid-traffic.ts reasons), '' = valid; an invalid ping is not counted. */
  invalid: Generated<string>;
}

export interface ClickKeysTable {
  pageid: string;
  key: string;
  first_at: number;
}

export interface VisitEventsTable {
  id: Generated<number>;
  raw_id: number;
  pageid: string;
  customerid: number;
  /** Which landing parameter carried the click id (clickid, gdt_vid, qz_gdt, uctrackid, callback). */
  click_param: string;
  clickid: string;
  ip: string;
  ua: string;
  received_at: number;
  /**
   * The ad click this visit belongs to (monitor_events.id, 0 when none was found) and the ad ids and callback of the
   * visit: the click's, or those the channel put on the landing URL (巨量 projectid / promotionid, its clickid as the
   * callback). Used by order attribution (tracking/lookup.ts).
   */
  click_event_id: Generated<number>;
  adv: Generated<string>;
  camp: Generated<string>;
  aid: Generated<string>;
  cid: Generated<string>;
  callback: Generated<string>;
  /** The invalid-traffic verdict, '' = valid (an invalid visit is never the evidence of an order's attribution). */
  invalid: Generated<string>;
}

export interface MonitorRejectsTable {
  id: Generated<number>;
  /** 'monitor' | 'visit'. */
  source: string;
  raw_id: number;
  kind: string;
  pageid: string;
  reason: string;
  detail: string;
  received_at: number;
}

interface RollupCounts {
  pageid: string;
  customerid: number;
  adv: string;
  aid: string;
  /** Valid events (not repeated, not invalid traffic): the counts every screen shows. */
  shows: number;
  clicks: number;
  visits: number;
  /** Invalid traffic, not in the counts above (raw = valid + invalid; repeated clicks are in neither). */
  invalid_shows: Generated<number>;
  invalid_clicks: Generated<number>;
  invalid_visits: Generated<number>;
}
/** Counts per hour (epoch seconds at the start of the hour). */
export interface RollupHourlyTable extends RollupCounts {
  hour: number;
}
/** Counts per China-time day (epoch seconds at 00:00 +08:00). */
export interface RollupDailyTable extends RollupCounts {
  day: number;
}

/**
 * The daily rollups added up over an aligned block of `days` (8 or 64) China days starting at `day`, per link,
 * account, plan and customer (migration 0071, rollup-blocks.ts).
 */
export interface RollupBlocksTable extends RollupCounts {
  days: number;
  day: number;
}

export interface TrackingTables {
  monitor_raw: MonitorRawTable;
  landing_visits: LandingVisitsTable;
  tracking_progress: TrackingProgressTable;
  monitor_events: MonitorEventsTable;
  click_keys: ClickKeysTable;
  visit_events: VisitEventsTable;
  monitor_rejects: MonitorRejectsTable;
  rollup_hourly: RollupHourlyTable;
  rollup_daily: RollupDailyTable;
  rollup_blocks: RollupBlocksTable;
}
