import type { AdsTables } from '../ads/tables.ts';
import type { OrdersTables } from '../orders/tables.ts';
import type { Generated } from 'kysely';

/**
 * The database schema, one interface per table. Times are epoch seconds, money integer fen,
 * flags integers: they read back the same on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  /** 'customer' (roles 3, 4) or 'admin' (roles 1, 2, 5, 6). */
  kind: 'customer' | 'admin';
  email: string;
  password_hash: string;
  username: string;
  company: string;
  phone: string;
  /** Customers: 'common' or 'agent'. Admins: ''. */
  usertype: string;
  /** Sub-customer → its agent; UDSmart sub-account → its UDSmart admin. */
  parent_id: number | null;
  /** Admins: 1 super, 2 admin. Customers: 0. */
  super: number;
  udsmart: number;
  is_sub: number;
  /** 1 enabled, anything else disabled. */
  status: number;
  /** Epoch seconds; 0 = no expiry. */
  expire_time: number;
  /** 1 default, 2 precise, other = both. */
  promote_type: number;
  /** Console version of a customer: 'ver1' (standard/old) or 'ver2'. */
  version: string;
  /** Hourly report e-mail: 1 on, 2 off. */
  email_status: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** Epoch seconds when revoked (logout, password change, disable); null while valid. */
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export interface ResetCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** login_ok, login_failed, password_changed, password_reset, user_disabled, user_enabled, user_created, … */
  event: string;
  user_id: number | null;
  actor_id: number | null;
  email: string;
  ip: string;
  detail: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  created_at: number;
  to_addr: string;
  subject: string;
  text: string;
  /** 'stored' (no SMTP configured), 'sent', 'failed'. */
  status: string;
  error: string;
}

/** Promotion link (spec §3). `pageid` is the public id in landing and monitor URLs (digits only). */
export interface LinksTable {
  id: Generated<number>;
  pageid: string;
  /** Owner: a customer (role 3/4) user id. */
  customerid: number;
  /** Shop platform code 2–8 (src/shared/catalog.ts). */
  platform: number;
  /** Ad channel code 2–10 (spec calls it `state`). */
  state: number;
  title: string;
  itemid: string;
  item_title: string;
  item_image: string;
  /** Fen. */
  item_price: number;
  ispro: number;
  /** 1 direct, 2 indirect. */
  isdirect: number;
  jumptype: string;
  detaillink: string;
  smartlink: string;
  taojimulink: string;
  couponlink: string;
  transedlink: string;
  monitor_touch_url: string;
  monitor_show_url: string;
  social_id: string;
  type: number;
  report_type: number;
  page_type: number;
  /** Comma-separated advertiser ids this link is delivered through. */
  relate_advertiser_ids: string;
  appid: string;
  pagepath: string;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface LinkLogTable {
  id: Generated<number>;
  pageid: string;
  customerid: number;
  actor_id: number;
  /** create, update, delete, restore, publish … */
  action: string;
  at: number;
  /** JSON of the changed fields before and after. */
  before: string;
  after: string;
}

/** Raw monitor ping as received (kind 'c' click, 's' show); parsed off the hot path. */
export interface MonitorRawTable {
  id: Generated<number>;
  kind: string;
  pageid: string;
  query: string;
  ip: string;
  ua: string;
  received_at: number;
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
  processed: Generated<number>;
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
  shows: number;
  clicks: number;
  visits: number;
}
/** Counts per hour (epoch seconds at the start of the hour). */
export interface RollupHourlyTable extends RollupCounts {
  hour: number;
}
/** Counts per China-time day (epoch seconds at 00:00 +08:00). */
export interface RollupDailyTable extends RollupCounts {
  day: number;
}

/** A named lease: who holds it and until when (epoch seconds). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface Database extends AdsTables, OrdersTables {
  leases: LeasesTable;
  links: LinksTable;
  link_log: LinkLogTable;
  users: UsersTable;
  sessions: SessionsTable;
  reset_codes: ResetCodesTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  monitor_raw: MonitorRawTable;
  landing_visits: LandingVisitsTable;
  monitor_events: MonitorEventsTable;
  click_keys: ClickKeysTable;
  visit_events: VisitEventsTable;
  monitor_rejects: MonitorRejectsTable;
  rollup_hourly: RollupHourlyTable;
  rollup_daily: RollupDailyTable;
}
