/**
 * Ingest one page of a union's orders, in one transaction: an idempotent upsert by (union, order id) — the same
 * page twice changes nothing, an older version of an order than the stored one is ignored, a newer one (a late
 * update) is applied —, every status change in `order_status_log`, the order facts moved by exactly what the
 * order's contribution changed (model.ts; a refund takes its paid part away), attribution on first sight (and again
 * while it found no visit: the visit may have been processed since), and the order's postback queued once when
 * its status reaches its link's setting.
 */
import type { PostbackOn } from '../../shared/orders.ts';
import type { AffiliateOrder } from '../connectors/affiliate.ts';
import type { Engine } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import { type Attribution, Attributor } from './attribution.ts';
import * as batch from './batch-store.ts';
import { contributions, FactDelta, postbackEvent, type UnionSide, unionSide } from './model.ts';
import * as store from './store.ts';
import type { OrdersTable } from './tables.ts';

export interface IngestResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Older than what we have (an overlapping window read a version we already replaced). */
  stale: number;
  postbacks: number;
}

/** Channels the ad-platform connectors post conversions to (connectors/ad-platform.ts `postback`). */
export const POSTBACK_CHANNELS: ReadonlySet<number> = new Set([2, 3, 4, 5, 8, 10]);

/**
 * Conversions older than this are not reported (a first back-fill finds 30 days of orders): the platforms refuse or
 * ignore late ones (巨量 7 days, 小红书 1 hour, 微博 2 hours count as natural conversions).
 */
export const POSTBACK_MAX_AGE_SECONDS = 7 * 86400;

/** Where an attributed order's conversion goes: UD relays its own orders; others go to the click's ad platform. */
export function postbackRoute(o: Pick<OrdersTable, 'union_name' | 'customerid' | 'callback' | 'channel'>): 'ad' | 'ud' | null {
  if (o.customerid <= 0 || !o.callback) return null;
  if (o.union_name === 'ud') return 'ud';
  return POSTBACK_CHANNELS.has(o.channel) ? 'ad' : null;
}

const COMPARED = [
  'parent_order_id',
  'item_id',
  'item_title',
  'item_image',
  'item_num',
  'shop_name',
  'status',
  'raw_status',
  'presell',
  'deposit_fen',
  'order_fen',
  'paid_fen',
  'commission_fen',
  'commission_bp',
  'created_at',
  'paid_at',
  'deposit_paid_at',
  'received_at',
  'settled_at',
  'refunded_at',
  'click_at',
  'modified_at',
  'tracking',
  'tracking_key',
  'union_click',
  'pageid',
  'customerid',
  'link_platform',
  'link_isdirect',
  'attribution_rule',
  'visit_event_id',
  'click_event_id',
  'click_ref',
  'channel',
  'advertiser_id',
  'campaign_id',
  'plan_id',
  'creative_id',
  'callback',
  'postback_state',
] as const satisfies ReadonlyArray<keyof OrdersTable>;

export type Next = UnionSide & Attribution & { postback_state: string };

/**
 * Whether a stored order is attributed again when seen again: while no link carries it, or while it reached its link
 * but no plan (the visit may have been processed since, or the plans' report facts arrived: reattribute.ts).
 */
export const retry = (a: Pick<store.OrderRow, 'attribution_rule' | 'customerid' | 'plan_id'>): boolean =>
  a.attribution_rule === 'unattributed' || (a.customerid > 0 && a.plan_id === '');

export const attributionOf = (r: store.OrderRow): Attribution => ({
  pageid: r.pageid,
  customerid: r.customerid,
  link_platform: r.link_platform,
  link_isdirect: r.link_isdirect,
  attribution_rule: r.attribution_rule as Attribution['attribution_rule'],
  visit_event_id: r.visit_event_id,
  click_event_id: r.click_event_id,
  click_ref: r.click_ref,
  channel: r.channel,
  advertiser_id: r.advertiser_id,
  campaign_id: r.campaign_id,
  plan_id: r.plan_id,
  creative_id: r.creative_id,
  callback: r.callback,
});

/** What a batch of orders will write: each order's stored row and its next one, and the versions older than stored. */
export interface IngestPlan {
  nexts: Array<{ old: store.OrderRow | undefined; next: Next }>;
  stale: number;
}

/** Upsert one page of orders of one union (`now`: epoch seconds). Call inside a transaction. */
export async function ingestOrders(tx: Executor, engine: Engine, orders: AffiliateOrder[], now: number): Promise<IngestResult> {
  const plan = await planOrders(tx, engine, orders, now);
  const written = await writeOrders(tx, engine, plan.nexts, now);
  return { ...written, stale: plan.stale };
}

/**
 * The read half of `ingestOrders`: the stored versions of a page's orders, their union side and attribution — reads
 * only, so it may run outside the transaction that writes them (pipeline.ts) as long as no other write of the same
 * orders comes between.
 */
export async function planOrders(db: Executor, engine: Engine, orders: AffiliateOrder[], now: number): Promise<IngestPlan> {
  const plan: IngestPlan = { nexts: [], stale: 0 };
  if (orders.length === 0) return plan;
  const union = orders[0]!.union;
  // the latest version of each order in the page
  const latest = new Map<string, AffiliateOrder>();
  for (const o of orders) {
    const had = latest.get(o.orderId);
    if (!had || (o.modifiedAt ?? 0) >= (had.modifiedAt ?? 0)) latest.set(o.orderId, o);
  }
  const existing = await store.ordersByIds(db, engine, union, [...latest.keys()]);
  const attributor = new Attributor(db);
  const sides = [...latest.values()].map((o) => {
    const old = existing.get(o.orderId);
    const side = unionSide(o, old?.refunded_at || o.modifiedAt || now);
    // The first payment (and deposit) time recorded stays: the order is booked paid once, on one day (京东 derives
    // its payment time from the row: connectors/jd/orders.ts jdPaidAt; UD drops the deposit time once paid).
    if (old?.paid_at) side.paid_at = old.paid_at;
    if (old?.deposit_paid_at) side.deposit_paid_at = old.deposit_paid_at;
    return { old, side };
  });
  await attributor.prepare(sides.map((s) => s.side));
  const toAttribute = sides.filter((s) => !s.old || retry(s.old)).map((s) => s.side);
  await attributor.prefetchVisits(toAttribute);
  await attributor.prefetchPlans(toAttribute);

  for (const { old, side } of sides) {
    if (old && side.modified_at < old.modified_at) {
      plan.stale += 1;
      continue;
    }
    const attribution = !old || retry(old) ? await attributor.attribute(side) : attributionOf(old);
    plan.nexts.push({ old, next: { ...side, ...attribution, postback_state: old?.postback_state ?? 'none' } });
  }
  return plan;
}

/**
 * Write orders with their new union side and attribution: a status change logged, the order facts moved by exactly
 * what the order's contribution changed (model.ts), the postback queued once when its status reaches its link's
 * setting; an order whose every column is as stored is left alone. Call inside a transaction.
 */
export async function writeOrders(
  tx: Executor,
  engine: Engine,
  nexts: Array<{ old: store.OrderRow | undefined; next: Next }>,
  now: number,
): Promise<Omit<IngestResult, 'stale'>> {
  const result = { inserted: 0, updated: 0, unchanged: 0, postbacks: 0 };
  const settings = await store.postbackSettings(
    tx,
    nexts.map((n) => n.next.pageid),
  );

  const inserts: batch.OrderWrite[] = [];
  const updates: batch.OrderUpdate[] = [];
  const logs: batch.StatusLogWrite[] = [];
  const postbacks: batch.PostbackWrite[] = [];
  const delta = new FactDelta();
  for (const { old, next } of nexts) {
    const route = postbackRoute(next);
    if (route && next.postback_state === 'none') {
      const event = postbackEvent(next.status, (settings.get(next.pageid) ?? 'paid') as PostbackOn, next.union_name);
      const happened = event === 'order' ? next.created_at : next.paid_at;
      if (event && now - happened <= POSTBACK_MAX_AGE_SECONDS) {
        next.postback_state = 'pending';
        postbacks.push({
          union_name: next.union_name,
          order_id: next.order_id,
          channel: next.channel,
          route,
          event,
          idem_key: `${next.union_name}:${next.order_id}:${event}`,
          state: 'pending',
          attempts: 0,
          next_at: now,
          claimed_by: '',
          claim_until: 0,
          last_error: '',
          sent_at: 0,
          created_at: now,
        });
      }
    }
    if (old && COMPARED.every((k) => String(old[k]) === String(next[k]))) {
      result.unchanged += 1;
      continue;
    }
    if (old) delta.add(contributions(old), -1);
    delta.add(contributions(next), 1);
    if (!old || old.status !== next.status)
      logs.push({
        union_name: next.union_name,
        order_id: next.order_id,
        from_status: old?.status ?? '',
        status: next.status,
        raw_status: next.raw_status,
        at: now,
      });
    if (old) {
      updates.push({ id: old.id, row: { ...next, updated_at: now } });
      result.updated += 1;
    } else {
      inserts.push({ ...next, first_seen_at: now, updated_at: now });
      result.inserted += 1;
    }
  }
  result.postbacks = await batch.writeBatch(tx, engine, {
    updates,
    inserts,
    logs,
    hourly: delta.hourly(),
    daily: delta.daily(),
    postbacks,
  });
  return result;
}
