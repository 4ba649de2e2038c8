/**
 * Facts for board tests, shaped as docs/data-model.md says the ad report sync and the order sync write them:
 * one row per plan and hour in `ad_facts_hourly` with the China day kept in step in `ad_facts_daily`; order facts
 * per customer × link × item × channel × advertiser × campaign × plan and hour (and day); link rollups per hour and
 * day. Each writer adds to what is there (an upsert), as the syncs do. Also the names the boards look up: ad
 * accounts, campaigns and plans, and raw orders for the order list of an item.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { refreshBlocks } from '../../src/server/ads/blocks.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { addRollups } from '../../src/server/tracking/store.ts';
import { chinaDayStart, hourStart, parseChinaTime } from '../../src/shared/china-clock.ts';
import { testNow } from './clock.ts';
import { insertAccount } from './factories-reports.ts';

/** `col = table.col + excluded.col` for each counter: an upsert that adds. */
const adding = (table: string, cols: readonly string[]) =>
  Object.fromEntries(cols.map((c) => [c, sql<number>`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]));

export interface AdFact {
  platform: number;
  advertiser_id: string;
  customerid: number;
  campaign_id?: string;
  plan_id: string;
  pageid?: string;
  /** Any instant inside the hour. */
  at: number;
  cost_fen: number;
  shows: number;
  clicks: number;
  conversions?: number;
}

/**
 * One hour of a plan's ad facts, its daily row, and what the daily rows' writers derive from them (blocks, per-customer
 * days, plan periods). `derived: false` writes the hourly and daily rows only: a database of an older migration, which
 * lacks the newer derived tables, as an upgrade test builds it.
 */
export async function addAdFact(db: Db, f: AdFact, opts: { derived?: boolean } = {}): Promise<void> {
  const base = {
    platform: f.platform,
    advertiser_id: f.advertiser_id,
    customerid: f.customerid,
    campaign_id: f.campaign_id ?? '',
    plan_id: f.plan_id,
    pageid: f.pageid ?? '',
    cost_fen: f.cost_fen,
    shows: f.shows,
    clicks: f.clicks,
    conversions: f.conversions ?? 0,
    synced_at: f.at,
  };
  const add = (table: string) => adding(table, ['cost_fen', 'shows', 'clicks', 'conversions']);
  await db
    .insertInto('ad_facts_hourly')
    .values({ ...base, hour: hourStart(f.at) })
    .onConflict((oc) => oc.columns(['platform', 'plan_id', 'hour']).doUpdateSet(add('ad_facts_hourly')))
    .execute();
  await db
    .insertInto('ad_facts_daily')
    .values({ ...base, day: chinaDayStart(f.at) })
    .onConflict((oc) => oc.columns(['platform', 'plan_id', 'day']).doUpdateSet(add('ad_facts_daily')))
    .execute();
  if (opts.derived !== false) await refreshBlocks(db, base.platform, base.advertiser_id, chinaDayStart(f.at));
}

export interface OrderFact {
  customerid: number;
  pageid?: string;
  item_id: string;
  channel?: number;
  advertiser_id?: string;
  campaign_id?: string;
  plan_id?: string;
  at: number;
  orders: number;
  order_fen: number;
  paid_orders: number;
  paid_fen: number;
  commission_fen?: number;
}

const ORDER_KEY = ['customerid', 'pageid', 'item_id', 'channel', 'advertiser_id', 'campaign_id', 'plan_id'] as const;
const ORDER_SUMS = ['orders', 'order_fen', 'paid_orders', 'paid_fen', 'commission_fen'] as const;

/** `derived: false`: the hourly and daily rows only, for a schema older than the per-customer days (0077). */
export async function addOrderFact(db: Db, f: OrderFact, opts: { derived?: boolean } = {}): Promise<void> {
  const base = {
    customerid: f.customerid,
    pageid: f.pageid ?? '',
    item_id: f.item_id,
    channel: f.channel ?? 0,
    advertiser_id: f.advertiser_id ?? '',
    campaign_id: f.campaign_id ?? '',
    plan_id: f.plan_id ?? '',
    orders: f.orders,
    order_fen: f.order_fen,
    paid_orders: f.paid_orders,
    paid_fen: f.paid_fen,
    commission_fen: f.commission_fen ?? 0,
  };
  const add = (table: string) => adding(table, ORDER_SUMS);
  await db
    .insertInto('order_facts_hourly')
    .values({ ...base, hour: hourStart(f.at) })
    .onConflict((oc) => oc.columns([...ORDER_KEY, 'hour']).doUpdateSet(add('order_facts_hourly')))
    .execute();
  await db
    .insertInto('order_facts_daily')
    .values({ ...base, day: chinaDayStart(f.at) })
    .onConflict((oc) => oc.columns([...ORDER_KEY, 'day']).doUpdateSet(add('order_facts_daily')))
    .execute();
  if (opts.derived !== false) await addOrderCustomerDay(db, { ...base, day: chinaDayStart(f.at) });
}

/** A daily order fact's sums added to its per-customer day (`order_customer_days`), as the orders' batch writer adds them. */
export async function addOrderCustomerDay(
  db: Db,
  f: { channel: number; advertiser_id: string; customerid: number; day: number } & Record<(typeof ORDER_SUMS)[number], number>,
): Promise<void> {
  const { channel, advertiser_id, customerid, day, orders, order_fen, paid_orders, paid_fen, commission_fen } = f;
  await db
    .insertInto('order_customer_days')
    .values({ channel, advertiser_id, customerid, day, orders, order_fen, paid_orders, paid_fen, commission_fen })
    .onConflict((oc) =>
      oc.columns(['channel', 'advertiser_id', 'day', 'customerid']).doUpdateSet(adding('order_customer_days', ORDER_SUMS)),
    )
    .execute();
}

/** Link rollups (our own monitor): shows, clicks, visits of one link in one hour, added as the processor adds them. */
export async function addRollup(
  db: Db,
  r: { pageid: string; customerid: number; at: number; shows?: number; clicks?: number; visits?: number; adv?: string; aid?: string },
  opts: { derived?: boolean } = {},
): Promise<void> {
  const base = {
    pageid: r.pageid,
    customerid: r.customerid,
    adv: r.adv ?? '',
    aid: r.aid ?? '',
    shows: r.shows ?? 0,
    clicks: r.clicks ?? 0,
    visits: r.visits ?? 0,
  };
  // the processor's own writer: the hourly and daily rollups and the daily rollups' blocks (tracking/rollup-blocks.ts)
  if (opts.derived !== false) {
    await addRollups(db, [{ ...base, hour: hourStart(r.at) }], [{ ...base, day: chinaDayStart(r.at) }]);
    return;
  }
  // `derived: false`: the hourly and daily rows only, for a schema older than the blocks (0071)
  const add = (table: string) => adding(table, ['shows', 'clicks', 'visits']);
  await db
    .insertInto('rollup_hourly')
    .values({ ...base, hour: hourStart(r.at) })
    .onConflict((oc) => oc.columns(['hour', 'pageid', 'adv', 'aid']).doUpdateSet(add('rollup_hourly')))
    .execute();
  await db
    .insertInto('rollup_daily')
    .values({ ...base, day: chinaDayStart(r.at) })
    .onConflict((oc) => oc.columns(['day', 'pageid', 'adv', 'aid']).doUpdateSet(add('rollup_daily')))
    .execute();
}

/** An authorised advertiser account (its authorisation row too) with its name, synced now. */
export async function addAdAccount(
  db: Db,
  a: { platform: number; advertiser_id: string; customerid: number; name: string },
): Promise<void> {
  await insertAccount(db, { ...a, state: 'active', at: testNow() });
}

/** A synced campaign or plan with its name (and, for a plan, the promotion link it drives). */
export async function addAdEntity(
  db: Db,
  e: {
    platform: number;
    advertiser_id: string;
    customerid: number;
    level: 'campaign' | 'plan';
    entity_id: string;
    name: string;
    campaign_id?: string;
    pageid?: string;
  },
): Promise<void> {
  await db
    .insertInto('ad_entities')
    .values({
      platform: e.platform,
      advertiser_id: e.advertiser_id,
      customerid: e.customerid,
      level: e.level,
      entity_id: e.entity_id,
      parent_id: e.level === 'plan' ? (e.campaign_id ?? '') : '',
      campaign_id: e.campaign_id ?? '',
      name: e.name,
      raw_status: '',
      status: 'delivering',
      enabled: 1,
      budget_fen: null,
      bid_fen: null,
      click_monitor_url: '',
      show_monitor_url: '',
      landing_url: '',
      pageid: e.pageid ?? '',
      material_type: '',
      created_at: 0,
      updated_at: 0,
      synced_at: 0,
    })
    .execute();
}

let orderSeq = 0;
/** Unique per test process, not a time. */
const RUN = randomBytes(4).toString('hex');

/** One raw attributed order (the order list reads these; the boards read the facts). */
export async function addOrder(
  db: Db,
  o: {
    customerid: number;
    item_id: string;
    pageid?: string;
    status?: string;
    order_fen: number;
    paid_fen?: number;
    created_at: number;
    paid_at?: number;
    channel?: number;
    plan_id?: string;
    advertiser_id?: string;
  },
): Promise<string> {
  orderSeq += 1;
  const order_id = `T${RUN}${orderSeq}`;
  await db
    .insertInto('orders')
    .values({
      union_name: 'taobao',
      order_id,
      parent_order_id: order_id,
      item_id: o.item_id,
      item_title: `商品 ${o.item_id}`,
      item_image: '',
      item_num: 1,
      shop_name: '',
      status: o.status ?? (o.paid_at ? 'paid' : 'unpaid'),
      raw_status: '',
      presell: 0,
      deposit_fen: 0,
      order_fen: o.order_fen,
      paid_fen: o.paid_fen ?? 0,
      commission_fen: 0,
      commission_bp: 0,
      created_at: o.created_at,
      paid_at: o.paid_at ?? 0,
      deposit_paid_at: 0,
      received_at: 0,
      settled_at: 0,
      refunded_at: 0,
      click_at: o.created_at,
      modified_at: o.created_at,
      tracking: '{}',
      tracking_key: '',
      union_click: '{}',
      pageid: o.pageid ?? '',
      customerid: o.customerid,
      link_platform: 1,
      link_isdirect: 0,
      attribution_rule: '',
      visit_event_id: 0,
      click_event_id: 0,
      click_ref: '',
      channel: o.channel ?? 0,
      advertiser_id: o.advertiser_id ?? '',
      campaign_id: '',
      plan_id: o.plan_id ?? '',
      creative_id: '',
      callback: '',
      postback_state: 'none',
      first_seen_at: o.created_at,
      updated_at: o.created_at,
    })
    .execute();
  return order_id;
}

/** One hour of facts on a link — an ad fact of a plan, an order fact and the order itself — for rights tests. Returns the link's item. */
export async function seedBoardFacts(db: Db, pageid: string, chinaTime: string): Promise<string> {
  const link = await db
    .selectFrom('links')
    .select(['customerid', 'itemid', 'state'])
    .where('pageid', '=', pageid)
    .executeTakeFirstOrThrow();
  const at = parseChinaTime(chinaTime);
  const customerid = Number(link.customerid);
  const channel = Number(link.state);
  await addAdFact(db, {
    platform: channel,
    advertiser_id: '7000001',
    customerid,
    plan_id: `P${pageid}`,
    pageid,
    at,
    cost_fen: 10_000,
    shows: 2000,
    clicks: 80,
  });
  await addOrderFact(db, {
    customerid,
    pageid,
    item_id: link.itemid,
    channel,
    advertiser_id: '7000001',
    plan_id: `P${pageid}`,
    at,
    orders: 2,
    order_fen: 30_000,
    paid_orders: 1,
    paid_fen: 15_000,
  });
  await addOrder(db, {
    customerid,
    item_id: link.itemid,
    pageid,
    order_fen: 15_000,
    paid_fen: 15_000,
    created_at: at,
    paid_at: at,
    channel,
  });
  return link.itemid;
}
