import type { Generated } from 'kysely';

/**
 * Affiliate orders (淘宝联盟, 京东联盟, 拼多多, 阿里妈妈 UD), their attribution to a link, a click and an ad plan, the
 * conversion postbacks (回传) they cause, and order facts rolled up at the grain of the ad report facts
 * (ads/tables.ts) so dashboards join rollups only. Money in fen, times epoch seconds (0 = not happened / unknown).
 */
export interface OrdersTable {
  id: Generated<number>;
  /** taobao · jd · pdd · ud */
  union_name: string;
  /** The union's (sub-)order id, unique per union. */
  order_id: string;
  parent_order_id: string;
  item_id: string;
  item_title: string;
  item_image: string;
  item_num: number;
  shop_name: string;
  /** unpaid · deposit_paid · paid · confirmed · settled · refunded · closed · invalid (docs/affiliate-unions.md maps each union's codes). */
  status: string;
  raw_status: string;
  /** 1 for a presell order (deposit, then final payment). */
  presell: number;
  deposit_fen: number;
  /** The line's full amount as ordered. */
  order_fen: number;
  /** What the buyer paid so far (presale: the deposit until the balance is paid). */
  paid_fen: number;
  /** Estimated commission (settled commission once settled). */
  commission_fen: number;
  /** Commission rate in basis points (1/10000). */
  commission_bp: number;
  created_at: number;
  paid_at: number;
  deposit_paid_at: number;
  received_at: number;
  settled_at: number;
  refunded_at: number;
  /** Click on the promotion link, as the union reports it. */
  click_at: number;
  /** The union's modification time (late updates older than the stored one are ignored). */
  modified_at: number;
  /** The union's tracking ids, JSON (connectors/affiliate.ts `Tracking`). */
  tracking: string;
  /** trackingKey(tracking): equal for a link and every order bought through it. */
  tracking_key: string;
  /** UD: the click ids and ad ids the union returned, JSON ('{}' elsewhere). */
  union_click: string;
  /** Attribution: the link, its owner, its shop platform and jump type (list filters), the rule that decided it. */
  pageid: string;
  customerid: number;
  link_platform: number;
  link_isdirect: number;
  attribution_rule: string;
  /** visit_events.id of the landing visit, monitor_events.id of the ad click (0 when none). */
  visit_event_id: number;
  click_event_id: number;
  /** The platform's click id of the attributed click ('' when none). */
  click_ref: string;
  /** Ad channel code of the click (0 when unknown) and the ad ids its macros (or UD) named. */
  channel: number;
  advertiser_id: string;
  campaign_id: string;
  plan_id: string;
  creative_id: string;
  /** The click's callback for postback ('' when the click carried none). */
  callback: string;
  /** none · pending · sent · failed (dead letter) · in_doubt (待确认: postback-guarantee.ts) */
  postback_state: string;
  first_seen_at: number;
  updated_at: number;
}

/** Every status an order passed through, with when we saw it. */
export interface OrderStatusLogTable {
  id: Generated<number>;
  union_name: string;
  order_id: string;
  /** '' for the first entry. */
  from_status: string;
  status: string;
  raw_status: string;
  at: number;
}

/**
 * One conversion postback per attributed order, claimed by one node at a time under a lease, retried with back-off,
 * then a dead letter with the reason. Exactly once where the platform dedupes on the key we send (the order id, the
 * same on every attempt); elsewhere at most once: an interrupted send becomes in_doubt until a person settles it
 * (postback-guarantee.ts).
 */
export interface PostbacksTable {
  id: Generated<number>;
  union_name: string;
  order_id: string;
  /** Ad channel the conversion goes to (UD: the UD order's channel). */
  channel: number;
  /** ad (the ad platform's connector) · ud (阿里妈妈 UD relays it). */
  route: string;
  /** order · pay */
  event: string;
  /** Idempotency key sent to the platform. */
  idem_key: string;
  /** pending · sending · sent · failed · in_doubt */
  state: string;
  attempts: number;
  next_at: number;
  /** The node sending it and until when its claim holds (a node that died mid-send is replaced after that). */
  claimed_by: string;
  claim_until: number;
  last_error: string;
  sent_at: number;
  created_at: number;
  /** When an interrupted send made it 待确认 (0: never). */
  in_doubt_at: Generated<number>;
  /** Who settled it (user id), when, and how: received (the platform has it) · resend ('' until settled). */
  settled_by: Generated<number>;
  settled_at: Generated<number>;
  resolution: Generated<string>;
}

/** Per link: on which order status its conversions are posted back (default paid). */
export interface OrderLinkSettingsTable {
  pageid: string;
  /** order · paid · confirmed · settled */
  postback_on: string;
  updated_by: number;
  updated_at: number;
}

/** Order facts per hour at the ad facts' grain plus link and item (placed orders by creation time, paid by payment time). */
export interface OrderFactsHourlyTable {
  customerid: number;
  pageid: string;
  item_id: string;
  channel: number;
  advertiser_id: string;
  campaign_id: string;
  plan_id: string;
  hour: number;
  orders: number;
  order_fen: number;
  paid_orders: number;
  paid_fen: number;
  commission_fen: number;
}

export interface OrderFactsDailyTable extends Omit<OrderFactsHourlyTable, 'hour'> {
  day: number;
}

/**
 * The daily order facts added up per channel, account, customer and China day (`customer-days.ts`, migration 0077): the
 * boards' day series and totals read ~1 row per account and day instead of one per link, item, plan and day. Kept in
 * step with the daily rows by their one writer (`batch-store.ts` `writeBatch`), in the same transaction.
 */
export interface OrderCustomerDaysTable {
  channel: number;
  advertiser_id: string;
  day: number;
  customerid: number;
  orders: number;
  order_fen: number;
  paid_orders: number;
  paid_fen: number;
  commission_fen: number;
}

export interface OrdersTables {
  orders: OrdersTable;
  order_status_log: OrderStatusLogTable;
  postbacks: PostbacksTable;
  order_link_settings: OrderLinkSettingsTable;
  order_facts_hourly: OrderFactsHourlyTable;
  order_facts_daily: OrderFactsDailyTable;
  order_customer_days: OrderCustomerDaysTable;
}
