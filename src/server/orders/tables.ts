import type { Generated } from 'kysely';

/**
 * Affiliate orders (淘宝联盟, 京东联盟, 拼多多, 阿里妈妈 UD), their attribution to a link, a click and an ad plan, the
 * conversion postbacks (回传) they cause, and order facts rolled up at the grain of the ad report facts
 * (ads/tables.ts) so dashboards join rollups only. Money in fen, times epoch seconds.
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
  /** unpaid · paid · confirmed · settled · refunded · closed · invalid (docs/attribution.md maps each union's codes). */
  status: string;
  raw_status: string;
  /** 1 for a presell order (deposit, then final payment). */
  presell: number;
  deposit_fen: number;
  order_fen: number;
  paid_fen: number;
  commission_fen: number;
  /** Commission rate in basis points (1/10000). */
  commission_bp: number;
  created_at: number;
  paid_at: number;
  deposit_paid_at: number;
  settled_at: number;
  refunded_at: number;
  /** Click on the promotion link, as the union reports it. */
  click_at: number;
  /** The union's modification time (watermarks) and ours. */
  modified_at: number;
  /** The union's tracking ids, JSON (adzone_id, position_id, sub_union_id, custom_parameters, p_id, relation_id …). */
  tracking: string;
  /** Attribution: the link, its owner, the rule that decided it, and the click or visit it ties to. */
  pageid: string;
  customerid: number;
  attribution_rule: string;
  /** monitor_events.id or visit_events.id of the attributed click/visit, 0 when none. */
  event_id: number;
  channel: number;
  advertiser_id: string;
  campaign_id: string;
  plan_id: string;
  creative_id: string;
  /** The click's callback for postback ('' when the click carried none). */
  callback: string;
  /** none · pending · sent · failed (dead letter) */
  postback_state: string;
  first_seen_at: number;
  updated_at: number;
}

/** Every status an order passed through, with when we saw it. */
export interface OrderStatusLogTable {
  id: Generated<number>;
  union_name: string;
  order_id: string;
  status: string;
  raw_status: string;
  at: number;
}

/** One conversion postback per attributed order: exactly once, retried with back-off, then a dead letter. */
export interface PostbacksTable {
  id: Generated<number>;
  union_name: string;
  order_id: string;
  channel: number;
  /** Idempotency key sent to the platform. */
  idem_key: string;
  /** pending · sent · failed */
  state: string;
  attempts: number;
  next_at: number;
  last_error: string;
  sent_at: number;
  created_at: number;
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

export interface OrdersTables {
  orders: OrdersTable;
  order_status_log: OrderStatusLogTable;
  postbacks: PostbacksTable;
  order_facts_hourly: OrderFactsHourlyTable;
  order_facts_daily: OrderFactsDailyTable;
}
