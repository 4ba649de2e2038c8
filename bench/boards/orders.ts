/**
 * Orders through the order sync's own write path. First each bench link gets the registration the links service
 * stores when a link is created (`saveLinkRegistration`: the tracking ids its promotion URL carries — a 淘宝 adzone
 * of its own, 京东 subUnionId = pageid, 拼多多 custom_parameters {"uid": pageid}, as registerLinkItem converts them);
 * then the orders are ingested by the sync's per-batch step (`ingestOrders`, one transaction per batch of
 * orders/sync.ts BATCH orders of one union): upsert, status log, attribution to the link through its tracking key
 * (and to a landing visit when one precedes the click), hourly and daily order facts. Orders are spread evenly over
 * the 90 days (growing ids, as the unions' are) and at random over the links, each buying its link's item.
 */

import { saveLinkRegistration } from '../../src/server/affiliate/links.ts';
import {
  type AffiliateOrder,
  type AffiliateUnion,
  type OrderStatus,
  type Tracking,
  trackingKey,
} from '../../src/server/connectors/affiliate.ts';
import type { Deps } from '../../src/server/deps.ts';
import { ingestOrders } from '../../src/server/orders/ingest.ts';
import { BATCH } from '../../src/server/orders/sync.ts';
import type { BenchLink } from './people.ts';
import { mixed, type Shape } from './shape.ts';

/** The tracking a link's conversion would carry (link platform 2 淘宝 and 4 淘宝新链路 → 淘宝联盟, 3 京东, 5 拼多多). */
function trackingOf(link: BenchLink, index: number): Tracking {
  if (link.platform === 3) return { union: 'jd', siteId: '4100000001', positionId: '3100000001', subUnionId: link.pageid };
  if (link.platform === 5) return { union: 'pdd', pid: '10000001_200000001', customParameters: JSON.stringify({ uid: link.pageid }) };
  const adzoneId = String(110_000_000_000 + index);
  return { union: 'taobao', pid: `mm_1000001_2000002_${adzoneId}`, siteId: '2000002', adzoneId, relationId: '', specialId: '' };
}

export async function registerLinks(deps: Deps, links: readonly BenchLink[]): Promise<Tracking[]> {
  const now = deps.clock.now();
  const out: Tracking[] = [];
  await deps.db.transaction().execute(async (tx) => {
    for (const [i, link] of links.entries()) {
      const tracking = trackingOf(link, i);
      out.push(tracking);
      await saveLinkRegistration(tx, link.pageid, {
        pageid: link.pageid,
        union_name: tracking.union,
        tracking_key: trackingKey(tracking),
        tracking: JSON.stringify(tracking),
        adzone_id: tracking.union === 'taobao' ? tracking.adzoneId : '',
        item_id: link.itemid,
        urls: '{}',
        created_at: now,
        updated_at: now,
      });
    }
  });
  return out;
}

/** Status mix of a 90-day history: most paid, confirmed or settled, some unpaid, refunded or closed. */
function statusOf(roll: number, age: number): OrderStatus {
  if (roll < 6) return age < 3600 ? 'unpaid' : 'closed';
  if (roll < 12) return 'refunded';
  if (roll < 15) return 'closed';
  if (age > 20 * 86400 && roll < 55) return 'settled';
  if (age > 7 * 86400 && roll < 80) return 'confirmed';
  return 'paid';
}

function orderOf(link: BenchLink, tracking: Tracking, i: number, at: number, now: number, rnd: (max: number) => number): AffiliateOrder {
  const union = tracking.union as AffiliateUnion;
  const status = statusOf(rnd(100), now - at);
  const itemNum = 1 + (rnd(10) === 0 ? 1 : 0);
  const priceFen = 990 + rnd(30_000);
  const orderFen = priceFen * itemNum;
  const paid = status !== 'unpaid' && status !== 'closed';
  const paidAt = paid ? at + 30 + rnd(600) : null;
  const bp = 300 + rnd(2000);
  const commissionFen = Math.floor((orderFen * bp) / 10_000);
  const receivedAt = status === 'confirmed' || status === 'settled' ? at + 5 * 86400 : null;
  const settledAt = status === 'settled' ? at + 15 * 86400 : null;
  const modifiedAt = Math.min(now - 61, settledAt ?? receivedAt ?? (status === 'refunded' ? at + 3 * 86400 : (paidAt ?? at)));
  return {
    union,
    orderId: `${union === 'taobao' ? '27' : union === 'jd' ? '31' : '26'}${String(i).padStart(17, '0')}`,
    parentOrderId: `${union === 'taobao' ? '26' : union === 'jd' ? '30' : '25'}${String(i).padStart(17, '0')}`,
    itemId: link.itemid,
    itemTitle: `商品 ${link.itemid}`,
    itemImage: '',
    itemNum,
    itemPriceFen: priceFen,
    orderFen,
    payFen: paid ? orderFen : 0,
    settleFen: status === 'settled' ? orderFen : 0,
    commissionRateBp: bp,
    commissionFen,
    settledCommissionFen: status === 'settled' ? commissionFen : 0,
    status,
    rawStatus: status,
    createdAt: at,
    paidAt,
    receivedAt,
    settledAt,
    // 淘宝 says when the buyer clicked the promotion link; 京东 and 拼多多 do not (attribution uses the order time)
    clickAt: union === 'taobao' ? at - 60 - rnd(600) : null,
    modifiedAt,
    presell: null,
    tracking,
    ud: null,
    raw: { shop_name: `店铺 ${link.customerid}` },
  };
}

/** Ingest shape.orders orders over the days before `now`; returns how many were inserted. */
export async function makeOrders(deps: Deps, shape: Shape, links: readonly BenchLink[], now: number): Promise<number> {
  const trackings = await registerLinks(deps, links);
  const rnd = mixed(11);
  const start = now - shape.days * 86400;
  const pending = new Map<AffiliateUnion, AffiliateOrder[]>();
  let inserted = 0;
  const flush = async (list: AffiliateOrder[]) => {
    if (list.length === 0) return;
    const r = await deps.db.transaction().execute((tx) => ingestOrders(tx, deps.engine, list, now));
    inserted += r.inserted;
  };
  for (let i = 0; i < shape.orders; i++) {
    const li = rnd(links.length);
    const link = links[li] as BenchLink;
    const tracking = trackings[li] as Tracking;
    const at = start + Math.floor((i * (shape.days * 86400 - 120)) / shape.orders);
    const o = orderOf(link, tracking, i, at, now, rnd);
    const list = pending.get(o.union) ?? [];
    list.push(o);
    pending.set(o.union, list);
    if (list.length >= BATCH) {
      await flush(list);
      pending.set(o.union, []);
    }
  }
  for (const list of pending.values()) await flush(list);
  return inserted;
}
