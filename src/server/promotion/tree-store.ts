/**
 * The promotion tree's queries: which entities a list holds (tenant scope, parent, sub-platform, status, search)
 * and their report sums over a range of China days, from the daily rollups only (`ad_facts_daily`,
 * `order_facts_daily`); never raw events. Sorting by a metric joins the sums and orders in SQL.
 */
import { type ExpressionBuilder, sql } from 'kysely';
import type { AdLevel } from '../../shared/ad-levels.ts';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../kernel/executor.ts';
import { pageidsOfPlatform } from '../links/lookup.ts';

/** Customer ids the caller may see; null = every customer (admins). */
export type Scope = number[] | null;

export interface TreeFilter {
  scope: Scope;
  platform?: number;
  level: AdLevel;
  pl?: number;
  advertiserId?: string;
  campaignId?: string;
  /** Creatives of this plan. */
  planId?: string;
  /** Plans driving this link. */
  pageid?: string;
  status?: string;
  exact?: string;
}

/** Inclusive range of China-day starts (epoch seconds). */
export interface DayRange {
  from: number;
  to: number;
}

const ids = (scope: number[]) => (scope.length ? scope : [-1]);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The link a plan drives: its own (from its URLs) or, failing that, its mini-app binding. */
export const planLink = sql<string>`coalesce(nullif(e.pageid, ''), b.pageid, '')`;

/** Plans (`p`) of a platform whose link is on shop platform `pl`, inside the scope. */
function plansOfSubPlatform(db: Executor, platform: number, pl: number, scope: Scope) {
  let q = db
    .selectFrom('ad_entities as p')
    .leftJoin('promote_bindings as pb', (j) => j.onRef('pb.platform', '=', 'p.platform').onRef('pb.plan_id', '=', 'p.entity_id'))
    .where('p.platform', '=', platform)
    .where('p.level', '=', 'plan')
    .where(sql<string>`coalesce(nullif(p.pageid, ''), pb.pageid, '')`, 'in', pageidsOfPlatform(db, pl));
  if (scope) q = q.where('p.customerid', 'in', ids(scope));
  return q;
}

/** The entities of one level a list holds (alias `e`, its binding `b`). */
export function candidates(db: Executor, f: TreeFilter) {
  let q = db
    .selectFrom('ad_entities as e')
    .leftJoin('promote_bindings as b', (j) =>
      j.onRef('b.platform', '=', 'e.platform').onRef('b.plan_id', '=', 'e.entity_id').on('e.level', '=', 'plan'),
    )
    .where('e.level', '=', f.level);
  if (f.platform !== undefined) q = q.where('e.platform', '=', f.platform);
  if (f.scope) q = q.where('e.customerid', 'in', ids(f.scope));
  if (f.advertiserId) q = q.where('e.advertiser_id', '=', f.advertiserId);
  if (f.campaignId && f.level !== 'campaign') q = q.where('e.campaign_id', '=', f.campaignId);
  if (f.planId && f.level === 'creative') q = q.where('e.parent_id', '=', f.planId);
  if (f.pageid && f.level === 'plan') q = q.where(planLink, '=', f.pageid);
  q = f.status ? q.where('e.status', '=', f.status) : q.where('e.status', '<>', 'deleted');
  if (f.exact) {
    const like = `%${escapeLike(f.exact.toLowerCase())}%`;
    const exact = f.exact;
    q = q.where((eb) => eb.or([eb('e.entity_id', '=', exact), eb(sql`lower(e.name)`, 'like', sql`${like} escape '\\'`)]));
  }
  if (f.pl !== undefined && f.platform !== undefined) {
    const plans = plansOfSubPlatform(db, f.platform, f.pl, f.scope);
    if (f.level === 'plan') q = q.where(planLink, 'in', pageidsOfPlatform(db, f.pl));
    else if (f.level === 'campaign') q = q.where('e.entity_id', 'in', plans.select('p.campaign_id'));
    else q = q.where('e.parent_id', 'in', plans.select('p.entity_id'));
  }
  return q;
}

export type SumLevel = 'advertiser' | AdLevel;
const FACT_KEY = { advertiser: 'advertiser_id', campaign: 'campaign_id', plan: 'plan_id', creative: 'plan_id' } as const;

export interface SumsFilter {
  scope: Scope;
  platform?: number;
  pl?: number;
  advertiserId?: string;
  campaignId?: string;
  /** Only these keys (advertiser, campaign or plan ids of the level). */
  keys?: string[];
  /** Only the entities of this list (its candidates, of the same level). */
  within?: ReturnType<typeof candidates>;
  /** Only the accounts of this list (advertiser level). */
  withinAccounts?: ReturnType<typeof accountCandidates>;
}

/** Ad report sums per (platform, key) of a level over the range: cost, shows, clicks, conversions. */
export function adSums(db: Executor, level: SumLevel, f: SumsFilter, r: DayRange) {
  const key = `f.${FACT_KEY[level]}` as const;
  let q = db
    .selectFrom('ad_facts_daily as f')
    .select((eb) => [
      'f.platform as platform',
      sql<string>`${sql.ref(key)}`.as('k'),
      eb.fn.sum<number>('f.cost_fen').as('cost_fen'),
      eb.fn.sum<number>('f.shows').as('shows'),
      eb.fn.sum<number>('f.clicks').as('clicks'),
      eb.fn.sum<number>('f.conversions').as('conversions'),
    ])
    .where('f.day', '>=', r.from)
    .where('f.day', '<=', r.to)
    .groupBy(['f.platform', key]);
  if (f.platform !== undefined) q = q.where('f.platform', '=', f.platform);
  if (f.scope) q = q.where('f.customerid', 'in', ids(f.scope));
  if (f.advertiserId) q = q.where('f.advertiser_id', '=', f.advertiserId);
  if (f.campaignId) q = q.where('f.campaign_id', '=', f.campaignId);
  if (f.keys) q = q.where(key, 'in', f.keys.length ? f.keys : ['']);
  if (f.within) q = q.where(key, 'in', f.within.select('e.entity_id'));
  if (f.withinAccounts) q = q.where('f.advertiser_id', 'in', f.withinAccounts.select('a.advertiser_id'));
  if (f.pl !== undefined && f.platform !== undefined && level !== 'plan')
    q = q.where('f.plan_id', 'in', plansOfSubPlatform(db, f.platform, f.pl, f.scope).select('p.entity_id'));
  return q;
}

/** Attributed order sums per (channel, key) of a level over the range (the orders feature's daily rollup). */
export function orderSums(db: Executor, level: SumLevel, f: SumsFilter, r: DayRange) {
  const key = `o.${FACT_KEY[level]}` as const;
  let q = db
    .selectFrom('order_facts_daily as o')
    .select((eb) => [
      'o.channel as platform',
      sql<string>`${sql.ref(key)}`.as('k'),
      eb.fn.sum<number>('o.orders').as('orders'),
      eb.fn.sum<number>('o.order_fen').as('order_fen'),
      eb.fn.sum<number>('o.paid_orders').as('paid_orders'),
      eb.fn.sum<number>('o.paid_fen').as('paid_fen'),
    ])
    .where('o.day', '>=', r.from)
    .where('o.day', '<=', r.to)
    .groupBy(['o.channel', key]);
  if (f.platform !== undefined) q = q.where('o.channel', '=', f.platform);
  if (f.scope) q = q.where('o.customerid', 'in', ids(f.scope));
  if (f.advertiserId) q = q.where('o.advertiser_id', '=', f.advertiserId);
  if (f.campaignId) q = q.where('o.campaign_id', '=', f.campaignId);
  if (f.keys) q = q.where(key, 'in', f.keys.length ? f.keys : ['']);
  if (f.within) q = q.where(key, 'in', f.within.select('e.entity_id'));
  if (f.withinAccounts) q = q.where('o.advertiser_id', 'in', f.withinAccounts.select('a.advertiser_id'));
  if (f.pl !== undefined && f.platform !== undefined && level !== 'plan')
    q = q.where('o.plan_id', 'in', plansOfSubPlatform(db, f.platform, f.pl, f.scope).select('p.entity_id'));
  return q;
}

/** Children per parent key, counted the way the child list would hold them. */
export async function childCounts(db: Executor, f: TreeFilter, parentKeys: string[]): Promise<Map<string, number>> {
  if (parentKeys.length === 0) return new Map();
  const col = f.level === 'campaign' ? 'e.advertiser_id' : f.level === 'plan' ? 'e.campaign_id' : 'e.parent_id';
  const rows = await candidates(db, f)
    .select((eb: ExpressionBuilder<Database & { e: Database['ad_entities'] }, 'e'>) => [
      sql<string>`${sql.ref(col)}`.as('k'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where(col, 'in', parentKeys)
    .groupBy(col)
    .execute();
  return new Map(rows.map((r) => [r.k, Number(r.n)]));
}

/** Advertiser accounts a list holds (alias `a`, its authorisation `au`). */
export function accountCandidates(db: Executor, f: { scope: Scope; platform?: number; advertiserId?: string; exact?: string }) {
  let q = db.selectFrom('ad_accounts as a').innerJoin('ad_auths as au', 'au.id', 'a.auth_id');
  if (f.platform !== undefined) q = q.where('a.platform', '=', f.platform);
  if (f.scope) q = q.where('a.customerid', 'in', ids(f.scope));
  if (f.advertiserId) q = q.where('a.advertiser_id', '=', f.advertiserId);
  if (f.exact) {
    const like = `%${escapeLike(f.exact.toLowerCase())}%`;
    const exact = f.exact;
    q = q.where((eb) => eb.or([eb('a.advertiser_id', '=', exact), eb(sql`lower(a.name)`, 'like', sql`${like} escape '\\'`)]));
  }
  return q;
}

/** Per link: the plans of a channel that drive it (own URLs or binding), how many deliver, and their ad sums. */
export async function plansByLink(db: Executor, scope: Scope, platform: number, pageids: string[], r: DayRange) {
  if (pageids.length === 0) return [];
  const plans = candidates(db, { scope, platform, level: 'plan' }).where(planLink, 'in', pageids);
  const counts = await plans
    .select((eb) => [
      planLink.as('pageid'),
      eb.fn.countAll<number>().as('plans'),
      eb.fn.sum<number>(sql`case when e.status = 'delivering' then 1 else 0 end`).as('delivering'),
    ])
    .groupBy(planLink)
    .execute();
  const sums = await plans
    .innerJoin('ad_facts_daily as f', (j) => j.onRef('f.platform', '=', 'e.platform').onRef('f.plan_id', '=', 'e.entity_id'))
    .where('f.day', '>=', r.from)
    .where('f.day', '<=', r.to)
    .select((eb) => [
      planLink.as('pageid'),
      eb.fn.sum<number>('f.cost_fen').as('cost_fen'),
      eb.fn.sum<number>('f.shows').as('shows'),
      eb.fn.sum<number>('f.clicks').as('clicks'),
      eb.fn.sum<number>('f.conversions').as('conversions'),
    ])
    .groupBy(planLink)
    .execute();
  const orders = await plans
    .innerJoin('order_facts_daily as o', (j) => j.onRef('o.channel', '=', 'e.platform').onRef('o.plan_id', '=', 'e.entity_id'))
    .where('o.day', '>=', r.from)
    .where('o.day', '<=', r.to)
    .select((eb) => [
      planLink.as('pageid'),
      eb.fn.sum<number>('o.orders').as('orders'),
      eb.fn.sum<number>('o.order_fen').as('order_fen'),
      eb.fn.sum<number>('o.paid_orders').as('paid_orders'),
      eb.fn.sum<number>('o.paid_fen').as('paid_fen'),
    ])
    .groupBy(planLink)
    .execute();
  return pageids.map((pageid) => {
    const c = counts.find((x) => x.pageid === pageid);
    const a = sums.find((x) => x.pageid === pageid);
    const o = orders.find((x) => x.pageid === pageid);
    return {
      pageid,
      plans: Number(c?.plans ?? 0),
      delivering: Number(c?.delivering ?? 0),
      sums: {
        costFen: Number(a?.cost_fen ?? 0),
        shows: Number(a?.shows ?? 0),
        clicks: Number(a?.clicks ?? 0),
        conversions: Number(a?.conversions ?? 0),
        orders: Number(o?.orders ?? 0),
        orderFen: Number(o?.order_fen ?? 0),
        paidOrders: Number(o?.paid_orders ?? 0),
        paidFen: Number(o?.paid_fen ?? 0),
      },
    };
  });
}

/**
 * Ad sums per account over a range: closed days from the account rollup (`promote_account_daily`), today from
 * `ad_facts_daily` itself — the same columns as `adSums(…, 'advertiser', …)`.
 */
export function accountAdSums(db: Executor, f: SumsFilter, r: DayRange, today: number) {
  const pastTo = Math.min(r.to, today - 86400);
  let past = db
    .selectFrom('promote_account_daily as a')
    .select((eb) => [
      'a.platform as platform',
      sql<string>`a.advertiser_id`.as('k'),
      eb.fn.sum<number>('a.cost_fen').as('cost_fen'),
      eb.fn.sum<number>('a.shows').as('shows'),
      eb.fn.sum<number>('a.clicks').as('clicks'),
      eb.fn.sum<number>('a.conversions').as('conversions'),
    ])
    .where('a.day', '>=', r.from)
    .where('a.day', '<=', pastTo)
    .groupBy(['a.platform', 'a.advertiser_id']);
  if (f.platform !== undefined) past = past.where('a.platform', '=', f.platform);
  if (f.scope) past = past.where('a.customerid', 'in', ids(f.scope));
  if (f.advertiserId) past = past.where('a.advertiser_id', '=', f.advertiserId);
  if (f.keys) past = past.where('a.advertiser_id', 'in', f.keys.length ? f.keys : ['']);
  if (f.withinAccounts) past = past.where('a.advertiser_id', 'in', f.withinAccounts.select('a.advertiser_id'));
  past = past.where('a.pl', '=', f.pl ?? -1);
  const live = adSums(db, 'advertiser', f, { from: Math.max(r.from, today), to: r.to });
  const both = pastTo < r.from ? live : r.to < today ? past : past.unionAll(live);
  return db
    .selectFrom(both.as('u'))
    .select((eb) => [
      'u.platform as platform',
      'u.k as k',
      eb.fn.sum<number>('u.cost_fen').as('cost_fen'),
      eb.fn.sum<number>('u.shows').as('shows'),
      eb.fn.sum<number>('u.clicks').as('clicks'),
      eb.fn.sum<number>('u.conversions').as('conversions'),
    ])
    .groupBy(['u.platform', 'u.k']);
}
