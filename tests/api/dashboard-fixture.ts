/**
 * A fixed world for the board tests: two sub-customers of an agent, a customer of another tenant, their links,
 * plans and 40 days of hourly ad and order facts (a seeded generator, so every run writes the same numbers), and
 * `expected()`, which sums those same fact lists directly — the independent computation every answer is checked
 * against.
 */
import { createUser } from '../../src/server/accounts/users.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';
import { addSums, metricsOf, type Sums, toWire, type WireMetrics, ZERO_SUMS } from '../../src/shared/metrics.ts';
import type { TestApp } from '../support/app.ts';
import { insertLinkRow } from '../support/factories.ts';
import {
  type AdFact,
  addAdAccount,
  addAdEntity,
  addAdFact,
  addOrder,
  addOrderFact,
  addRollup,
  type OrderFact,
} from '../support/factories-facts.ts';

/** The tests' "now": Wednesday 2026-03-18 14:25:10 China time. */
export const NOW = parseChinaTime('2026-03-18 14:25:10');
export const PW = 'secret123';

export const LINKS = {
  '9001': { owner: 'sub1', platform: 2, state: 2, item: 'ITEM-A' },
  '9002': { owner: 'sub1', platform: 3, state: 4, item: 'ITEM-B' },
  '9003': { owner: 'sub2', platform: 2, state: 2, item: 'ITEM-A' },
  '9004': { owner: 'other', platform: 2, state: 2, item: 'ITEM-A' },
} as const;
type PageId = keyof typeof LINKS;

const PLANS = [
  { plan: 'P1', campaign: 'C1', platform: 2, adv: 'A1', owner: 'sub1', pageid: '9001' },
  { plan: 'P2', campaign: 'C1', platform: 2, adv: 'A1', owner: 'sub1', pageid: '9001' },
  { plan: 'P3', campaign: 'C3', platform: 4, adv: 'T1', owner: 'sub1', pageid: '9002' },
  { plan: 'P4', campaign: 'C4', platform: 2, adv: 'A2', owner: 'sub2', pageid: '9003' },
  { plan: 'P5', campaign: 'C5', platform: 2, adv: 'O1', owner: 'other', pageid: '9004' },
] as const;

export interface World {
  ids: Record<string, number>;
  tokens: Record<string, string>;
  ads: AdFact[];
  orders: OrderFact[];
}

/** A deterministic generator (LCG), so the fixture is the same on every engine and every run. */
function seeded(seed: number): (max: number) => number {
  let s = seed;
  return (max) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % max;
  };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const people: [string, number, string?][] = [
    ['super', 1],
    ['admin', 2],
    ['agent', 4],
    ['sub1', 3, 'agent@x.cn'],
    ['sub2', 3, 'agent@x.cn'],
    ['other', 3],
    ['ud', 5],
  ];
  for (const [name, role, parentEmail] of people) {
    ids[name] = (await createUser(t.deps, { email: `${name}@x.cn`, password: PW, role, company: `${name}公司`, parentEmail })).id;
    tokens[name] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}@x.cn`, password: PW })).body.data.jwt;
  }
  for (const [pageid, l] of Object.entries(LINKS)) {
    await insertLinkRow(t.deps.db, {
      pageid,
      customerid: ids[l.owner]!,
      platform: l.platform,
      state: l.state,
      itemid: l.item,
      item_title: `标题${l.item}`,
      title: `链接${pageid}`,
    });
  }
  for (const p of PLANS) {
    const customerid = ids[p.owner]!;
    await addAdEntity(t.deps.db, {
      platform: p.platform,
      advertiser_id: p.adv,
      customerid,
      level: 'plan',
      entity_id: p.plan,
      name: `计划${p.plan}`,
      campaign_id: p.campaign,
      pageid: p.pageid,
    });
  }
  for (const [platform, adv, owner] of [
    [2, 'A1', 'sub1'],
    [4, 'T1', 'sub1'],
    [2, 'A2', 'sub2'],
    [2, 'O1', 'other'],
  ] as const) {
    await addAdAccount(t.deps.db, { platform, advertiser_id: adv, customerid: ids[owner]!, name: `账户${adv}` });
  }
  const rnd = seeded(42);
  const ads: AdFact[] = [];
  const orders: OrderFact[] = [];
  const today = parseChinaTime('2026-03-18');
  for (let d = 40; d >= 0; d--) {
    for (const h of [1, 9, 14, 20]) {
      const at = today - d * 86400 + h * 3600 + 120;
      if (at > NOW) continue;
      for (const p of PLANS) {
        const customerid = ids[p.owner]!;
        const f: AdFact = {
          platform: p.platform,
          advertiser_id: p.adv,
          customerid,
          campaign_id: p.campaign,
          plan_id: p.plan,
          pageid: p.pageid,
          at,
          cost_fen: 100 + rnd(5000),
          shows: 500 + rnd(4000),
          clicks: rnd(120),
          conversions: rnd(6),
        };
        ads.push(f);
        await addAdFact(t.deps.db, f);
        if (rnd(3) === 0) continue;
        const n = 1 + rnd(3);
        const paid = rnd(n + 1);
        const o: OrderFact = {
          customerid,
          pageid: p.pageid,
          item_id: LINKS[p.pageid as PageId].item,
          channel: p.platform,
          advertiser_id: p.adv,
          campaign_id: p.campaign,
          plan_id: p.plan,
          at,
          orders: n,
          order_fen: n * (1000 + rnd(9000)),
          paid_orders: paid,
          paid_fen: paid * (900 + rnd(8000)),
        };
        orders.push(o);
        await addOrderFact(t.deps.db, o);
      }
      // An order on sub1's link 9001 that reached no plan (docs/attribution.md: it carries the link's own ad
      // channel and no advertiser, campaign or plan), of another item of the shop.
      if (rnd(4) === 0) {
        const o: OrderFact = {
          customerid: ids.sub1!,
          pageid: '9001',
          channel: LINKS['9001'].state,
          item_id: 'ITEM-C',
          at,
          orders: 1,
          order_fen: 5000,
          paid_orders: 1,
          paid_fen: 4800,
        };
        orders.push(o);
        await addOrderFact(t.deps.db, o);
      }
    }
  }
  for (const [pageid, l] of Object.entries(LINKS))
    await addRollup(t.deps.db, { pageid, customerid: ids[l.owner]!, at: NOW - 3600, visits: 7, shows: 20, clicks: 9 });
  // Raw orders of ITEM-B for its order list: two in range (one unpaid), one before it.
  await addOrder(t.deps.db, {
    customerid: ids.sub1!,
    item_id: 'ITEM-B',
    pageid: '9002',
    order_fen: 12_345,
    paid_fen: 12_345,
    created_at: NOW - 7200,
    paid_at: NOW - 7000,
  });
  await addOrder(t.deps.db, { customerid: ids.sub1!, item_id: 'ITEM-B', pageid: '9002', order_fen: 500, created_at: NOW - 600 });
  await addOrder(t.deps.db, {
    customerid: ids.sub1!,
    item_id: 'ITEM-B',
    pageid: '9002',
    order_fen: 900,
    paid_fen: 900,
    created_at: NOW - 40 * 86400,
    paid_at: NOW - 40 * 86400,
  });
  return { ids, tokens, ads, orders };
}

export interface Narrow {
  customers: number[];
  channels?: number[];
  shops?: number[];
  advertiser?: string;
  plan?: string;
  pageid?: string;
  item?: string;
  from: number;
  to: number;
}

const linkOf = (pageid: string | undefined) => (pageid ? LINKS[pageid as PageId] : undefined);

/** Sums of the fixture's own fact lists under a narrowing — computed without the product's code. */
export function expectedSums(w: World, n: Narrow): Sums {
  let s: Sums = { ...ZERO_SUMS };
  for (const f of w.ads) {
    const link = linkOf(f.pageid);
    if (f.at < n.from || f.at >= n.to || !n.customers.includes(f.customerid)) continue;
    if (n.channels && !n.channels.includes(f.platform)) continue;
    if (n.shops && !(link && n.shops.includes(link.platform))) continue;
    if (n.advertiser !== undefined && f.advertiser_id !== n.advertiser) continue;
    if (n.plan !== undefined && f.plan_id !== n.plan) continue;
    if (n.pageid !== undefined && f.pageid !== n.pageid) continue;
    if (n.item !== undefined && link?.item !== n.item) continue;
    s = addSums(s, { ...ZERO_SUMS, costFen: f.cost_fen, shows: f.shows, clicks: f.clicks, conversions: f.conversions ?? 0 });
  }
  for (const o of w.orders) {
    const link = linkOf(o.pageid);
    if (o.at < n.from || o.at >= n.to || !n.customers.includes(o.customerid)) continue;
    if (n.channels && !n.channels.includes(o.channel ?? 0)) continue;
    if (n.shops && !(link && n.shops.includes(link.platform))) continue;
    if (n.advertiser !== undefined && (o.advertiser_id ?? '') !== n.advertiser) continue;
    if (n.plan !== undefined && (o.plan_id ?? '') !== n.plan) continue;
    if (n.pageid !== undefined && o.pageid !== n.pageid) continue;
    if (n.item !== undefined && o.item_id !== n.item) continue;
    s = addSums(s, { ...ZERO_SUMS, orders: o.orders, orderFen: o.order_fen, paidOrders: o.paid_orders, paidFen: o.paid_fen });
  }
  return s;
}

export const expected = (w: World, n: Narrow): WireMetrics => toWire(metricsOf(expectedSums(w, n)));
