/**
 * Factories for the admin and UDSmart tests: ad accounts (with their authorisation), report and order facts,
 * orders, postbacks and job runs, written as typed rows of the ads, orders and jobs tables. They stand in until
 * the ad sync and the order sync land on main and write these rows themselves (then: create accounts through the
 * authorisation service and facts through the sync jobs against the sandbox). Row types come from the tables'
 * own interfaces, so they cannot drift from the schema.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { refreshBlocks } from '../../src/server/ads/blocks.ts';
import type { AdFactsDailyTable } from '../../src/server/ads/tables.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import type { OrderFactsDailyTable, OrdersTable } from '../../src/server/orders/tables.ts';
import { testNow } from './clock.ts';
import { addOrderCustomerDay } from './factories-facts.ts';

/** 'YYYY-MM-DD' (China day) → its start, as the facts tables key days. */
export const day = (date: string): number => Date.parse(`${date}T00:00:00+08:00`) / 1000;

let advertiserSeq = 7_000_000;

/** An advertiser account of `customerid` on `platform`, granted by an authorisation in `state` (active | reauth | cancelled). */
export async function makeAdAccount(
  db: Db,
  o: {
    customerid: number;
    platform?: number;
    advertiser_id?: string;
    name?: string;
    state?: string;
    lastError?: string;
    lastSyncAt?: number;
  },
): Promise<{ id: number; auth_id: number; platform: number; advertiser_id: string }> {
  const now = testNow();
  const platform = o.platform ?? 2;
  const auth = await db
    .insertInto('ad_auths')
    .values({
      platform,
      customerid: o.customerid,
      created_by: o.customerid,
      platform_user_id: `u${advertiserSeq}`,
      access_token_enc: '',
      refresh_token_enc: '',
      access_expires_at: 0,
      refresh_expires_at: 0,
      credentials_enc: '',
      scope: '',
      state: o.state ?? 'active',
      last_error: o.state === 'reauth' ? (o.lastError ?? '授权已失效，请重新授权') : '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  advertiserSeq += 1;
  const advertiser_id = o.advertiser_id ?? String(advertiserSeq);
  const acc = await db
    .insertInto('ad_accounts')
    .values({
      auth_id: auth.id,
      platform,
      advertiser_id,
      customerid: o.customerid,
      name: o.name ?? `广告主${advertiser_id}`,
      active: 1,
      last_sync_at: o.lastSyncAt ?? now,
      last_sync_error: '',
      report_synced_to: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: acc.id, auth_id: auth.id, platform, advertiser_id };
}

/** One day of ad report facts for one plan. */
export async function writeAdFacts(
  db: Db,
  o: Partial<Omit<Insertable<AdFactsDailyTable>, 'day'>> & { customerid: number; advertiser_id: string; date: string },
): Promise<void> {
  const { date, ...rest } = o;
  await db
    .insertInto('ad_facts_daily')
    .values({
      platform: 2,
      campaign_id: 'c1',
      plan_id: `p${Math.random().toString(36).slice(2, 8)}`,
      pageid: '',
      cost_fen: 0,
      shows: 0,
      clicks: 0,
      conversions: 0,
      synced_at: 0,
      ...rest,
      day: day(date),
    })
    .execute();
  await refreshBlocks(db, rest.platform ?? 2, rest.advertiser_id, day(date));
}

/** One day of order facts for one link and plan. */
export async function writeOrderFacts(
  db: Db,
  o: Partial<Omit<Insertable<OrderFactsDailyTable>, 'day'>> & { customerid: number; advertiser_id: string; date: string },
): Promise<void> {
  const { date, ...rest } = o;
  const row = {
    pageid: '',
    item_id: '1',
    channel: 2,
    campaign_id: 'c1',
    plan_id: 'p1',
    orders: 0,
    order_fen: 0,
    paid_orders: 0,
    paid_fen: 0,
    commission_fen: 0,
    ...rest,
    day: day(date),
  };
  await db.insertInto('order_facts_daily').values(row).execute();
  await addOrderCustomerDay(db, row);
}

let orderSeq = 1;
/** Unique per test process (order ids stay unique when suites share a database), not a time. */
const RUN = randomBytes(4).readUInt32BE(0);

/** An attributed union order. */
export async function insertOrder(db: Db, o: Partial<Insertable<OrdersTable>> & { pageid: string; customerid: number }): Promise<string> {
  const now = testNow();
  const order_id = o.order_id ?? `T${RUN}${orderSeq++}`;
  await db
    .insertInto('orders')
    .values({
      union_name: 'taobao',
      parent_order_id: '',
      item_id: '612345678901',
      item_title: '测试商品',
      item_image: '',
      item_num: 1,
      shop_name: '测试店铺',
      status: 'paid',
      raw_status: '12',
      presell: 0,
      deposit_fen: 0,
      order_fen: 9900,
      paid_fen: 9900,
      commission_fen: 990,
      commission_bp: 1000,
      created_at: now,
      paid_at: now,
      deposit_paid_at: 0,
      received_at: 0,
      settled_at: 0,
      refunded_at: 0,
      click_at: now - 60,
      modified_at: now,
      tracking: '{}',
      tracking_key: '',
      union_click: '{}',
      link_platform: 2,
      link_isdirect: 1,
      attribution_rule: 'visit_before_click',
      visit_event_id: 0,
      click_event_id: 0,
      click_ref: '',
      channel: 2,
      advertiser_id: '',
      campaign_id: '',
      plan_id: '',
      creative_id: '',
      callback: '',
      postback_state: 'none',
      first_seen_at: now,
      updated_at: now,
      ...o,
      order_id,
    })
    .execute();
  return order_id;
}

/** A postback given up on (dead letter) for an order. */
export async function insertDeadLetter(
  db: Db,
  o: { union_name?: string; order_id: string; channel?: number; error?: string },
): Promise<void> {
  const now = testNow();
  await db
    .insertInto('postbacks')
    .values({
      union_name: o.union_name ?? 'taobao',
      order_id: o.order_id,
      channel: o.channel ?? 2,
      idem_key: `k-${o.order_id}`,
      route: 'ad',
      event: 'pay',
      state: 'failed',
      attempts: 5,
      next_at: now,
      claimed_by: '',
      claim_until: 0,
      last_error: o.error ?? '平台返回 500',
      sent_at: 0,
      created_at: now,
    })
    .execute();
}

/** A recorded job run ('' error = success). */
export async function insertJobRun(db: Db, o: { job: string; key?: string; error?: string; at?: number }): Promise<void> {
  const at = o.at ?? testNow();
  await db
    .insertInto('job_runs')
    .values({ job: o.job, key: o.key ?? '', node: 'test', started_at: at, finished_at: at, rows: 0, runs: 1, error: o.error ?? '' })
    .execute();
}
