/**
 * The read model's sums per entity key, as subqueries a list can join and sort on in SQL (the promotion tree sorts
 * thousands of plans by a metric and pages them there): ad report sums and order sums per (channel, advertiser |
 * campaign | plan id) over whole China days of a span, from the daily facts — and, for accounts, closed days from
 * the promotion feature's account rollup (`promote_account_daily`, a pre-aggregate of the same ad facts, proven
 * equal to them in tests/api/promotion-tree.test.ts) with today from `ad_facts_daily` itself. Columns: `platform`
 * (the channel), `k` (the key), and the sums' columns (`cost_fen` … or `orders` …).
 */
import { type Expression, sql } from 'kysely';
import { chinaDayStart } from '../../shared/china-clock.ts';
import { DAY, type Span } from '../../shared/span.ts';
import type { Executor } from '../kernel/executor.ts';
import { adDays } from './days.ts';

export type KeyedLevel = 'advertiser' | 'campaign' | 'plan';
const KEY = { advertiser: 'advertiser_id', campaign: 'campaign_id', plan: 'plan_id' } as const;

export interface KeyedFilter {
  /** Customers in scope; null = every customer. */
  customers: readonly number[] | null;
  channel?: number;
  advertiserId?: string;
  campaignId?: string;
  /** Only these keys of the level. */
  keys?: readonly string[];
  /** Only keys in this one-column subquery (the entities of a list). */
  keyIn?: Expression<unknown>;
  /** Only advertisers in this one-column subquery (the accounts of a list). */
  advertiserIn?: Expression<unknown>;
  /** Only facts of plans in this one-column subquery (a sub-platform's plans). */
  planIn?: Expression<unknown>;
  /** The promotion account rollup's sub-platform (`pl`, -1 = the whole account); accounts only. */
  pl?: number;
}

const ids = (list: readonly number[]) => (list.length ? [...list] : [-1]);
/** Whole China days of a span as the daily tables key them: [first day, end day). */
const days = (s: Span) => ({ from: chinaDayStart(s.from), to: chinaDayStart(s.to - 1) + DAY });

/** Ad report sums per (channel, key) of a level over the span: cost, shows, clicks, conversions. */
export function keyedAdSums(db: Executor, level: KeyedLevel, f: KeyedFilter, span: Span) {
  const key = `f.${KEY[level]}` as const;
  const d = days(span);
  // whole days as aligned blocks plus edge days (facts/days.ts): ≈ 15 rows per plan for 90 days instead of 90
  let q = db
    .selectFrom(adDays(d.from, d.to, f.customers === null).as('f'))
    .select((eb) => [
      'f.platform as platform',
      sql<string>`${sql.ref(key)}`.as('k'),
      eb.fn.sum<number>('f.cost_fen').as('cost_fen'),
      eb.fn.sum<number>('f.shows').as('shows'),
      eb.fn.sum<number>('f.clicks').as('clicks'),
      eb.fn.sum<number>('f.conversions').as('conversions'),
    ])
    .where('f.day', '>=', d.from)
    .where('f.day', '<', d.to)
    .groupBy(['f.platform', key]);
  if (f.channel !== undefined) q = q.where('f.platform', '=', f.channel);
  if (f.customers) q = q.where('f.customerid', 'in', ids(f.customers));
  if (f.advertiserId) q = q.where('f.advertiser_id', '=', f.advertiserId);
  if (f.campaignId) q = q.where('f.campaign_id', '=', f.campaignId);
  if (f.keys) q = q.where(key, 'in', f.keys.length ? [...f.keys] : ['']);
  if (f.keyIn) q = q.where(sql<boolean>`${sql.ref(key)} in (${f.keyIn})`);
  if (f.advertiserIn) q = q.where(sql<boolean>`f.advertiser_id in (${f.advertiserIn})`);
  if (f.planIn) q = q.where(sql<boolean>`f.plan_id in (${f.planIn})`);
  return q;
}

/** Attributed order sums per (channel, key) of a level over the span (orders that reached no plan: key ''). */
export function keyedOrderSums(db: Executor, level: KeyedLevel, f: KeyedFilter, span: Span) {
  const key = `o.${KEY[level]}` as const;
  const d = days(span);
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
    .where('o.day', '>=', d.from)
    .where('o.day', '<', d.to)
    .groupBy(['o.channel', key]);
  if (f.channel !== undefined) q = q.where('o.channel', '=', f.channel);
  if (f.customers) q = q.where('o.customerid', 'in', ids(f.customers));
  if (f.advertiserId) q = q.where('o.advertiser_id', '=', f.advertiserId);
  if (f.campaignId) q = q.where('o.campaign_id', '=', f.campaignId);
  if (f.keys) q = q.where(key, 'in', f.keys.length ? [...f.keys] : ['']);
  if (f.keyIn) q = q.where(sql<boolean>`${sql.ref(key)} in (${f.keyIn})`);
  if (f.advertiserIn) q = q.where(sql<boolean>`o.advertiser_id in (${f.advertiserIn})`);
  if (f.planIn) q = q.where(sql<boolean>`o.plan_id in (${f.planIn})`);
  return q;
}

/**
 * Ad sums per account over the span: closed days from the account rollup (`promote_account_daily`, row `pl` of the
 * filter, -1 = the whole account), today (`today`: its China-day start) from `ad_facts_daily` — the same columns as
 * `keyedAdSums(…, 'advertiser', …)`.
 */
export function keyedAccountAdSums(db: Executor, f: KeyedFilter, span: Span, today: number) {
  const d = days(span);
  const pastTo = Math.min(d.to, today);
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
    .where('a.day', '>=', d.from)
    .where('a.day', '<', pastTo)
    .groupBy(['a.platform', 'a.advertiser_id']);
  if (f.channel !== undefined) past = past.where('a.platform', '=', f.channel);
  if (f.customers) past = past.where('a.customerid', 'in', ids(f.customers));
  if (f.advertiserId) past = past.where('a.advertiser_id', '=', f.advertiserId);
  if (f.keys) past = past.where('a.advertiser_id', 'in', f.keys.length ? [...f.keys] : ['']);
  if (f.advertiserIn) past = past.where(sql<boolean>`a.advertiser_id in (${f.advertiserIn})`);
  past = past.where('a.pl', '=', f.pl ?? -1);
  const { pl: _pl, ...live } = f;
  const todays = keyedAdSums(db, 'advertiser', live, { from: Math.max(d.from, today), to: d.to });
  const both = pastTo <= d.from ? todays : d.to <= today ? past : past.unionAll(todays);
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
