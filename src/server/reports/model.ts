import { channelLabel } from '../../shared/catalog.ts';
import { addSums, type Metrics, metricsOf, type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import { yuanText } from '../../shared/money.ts';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import { accountsNeedingReauth, adSumsByPlatform, type Customers, planNames, rejectedPlans, topAdCost } from '../ads/hourly-facts.ts';
import type { Executor } from '../kernel/executor.ts';
import { findLiveLink } from '../links/lookup.ts';
import { type OrderSums, orderSums } from '../orders/hourly-facts.ts';

/** Account types in the spec's order (§1: 2 巨量引擎, 10 小红书, 8 UC, 5 磁力引擎, 4 腾讯广告), then any other channel. */
export const ACCOUNT_TYPE_ORDER = [2, 10, 8, 5, 4, 3] as const;

/** A row of a summary table: this span and the same span yesterday. */
export interface CompareRow {
  label: string;
  now: Metrics;
  before: Metrics;
}

export interface RankedRow {
  label: string;
  /** The channel (plans) or the link id (links). */
  detail: string;
  metrics: Metrics;
}

export interface HourlyReport {
  /** Start of the reported hour (epoch seconds). */
  hour: number;
  /** Start of its China day. */
  dayStart: number;
  lastHour: CompareRow[];
  today: CompareRow[];
  topPlans: RankedRow[];
  topLinks: RankedRow[];
  attention: string[];
}

/** China-day start (epoch seconds) of the hour starting at `hour`. */
export const chinaDayStart = (hour: number): number => Math.floor((hour + CHINA_OFFSET_SECONDS) / 86400) * 86400 - CHINA_OFFSET_SECONDS;

const withOrders = (ad: Omit<Sums, 'orders' | 'orderFen' | 'paidOrders' | 'paidFen'>, o: OrderSums | undefined): Sums => ({
  ...ad,
  orders: o?.orders ?? 0,
  orderFen: o?.orderFen ?? 0,
  paidOrders: o?.paidOrders ?? 0,
  paidFen: o?.paidFen ?? 0,
});

/** Sums per account type over [from, to], ad facts and attributed orders joined on the platform. */
export async function sumsByAccountType(db: Executor, customers: Customers, from: number, to: number): Promise<Map<number, Sums>> {
  const [ads, orders] = await Promise.all([adSumsByPlatform(db, customers, from, to), orderSums(db, customers, from, to, 'channel')]);
  const out = new Map<number, Sums>();
  for (const a of ads) out.set(a.platform, withOrders(a, orders.get(String(a.platform))));
  for (const [channel, o] of orders) {
    const p = Number(channel);
    if (!out.has(p) && p > 0) out.set(p, withOrders({ costFen: 0, shows: 0, clicks: 0, conversions: 0 }, o));
  }
  return out;
}

function compareRows(now: Map<number, Sums>, before: Map<number, Sums>): CompareRow[] {
  const types = [...new Set([...now.keys(), ...before.keys()])].sort((a, b) => {
    const ia = ACCOUNT_TYPE_ORDER.indexOf(a as (typeof ACCOUNT_TYPE_ORDER)[number]);
    const ib = ACCOUNT_TYPE_ORDER.indexOf(b as (typeof ACCOUNT_TYPE_ORDER)[number]);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a - b;
  });
  const total = (m: Map<number, Sums>) => [...m.values()].reduce(addSums, ZERO_SUMS);
  return [
    ...types.map((t) => ({
      label: channelLabel(t),
      now: metricsOf(now.get(t) ?? ZERO_SUMS),
      before: metricsOf(before.get(t) ?? ZERO_SUMS),
    })),
    { label: '合计', now: metricsOf(total(now)), before: metricsOf(total(before)) },
  ];
}

/**
 * The hourly report of the hour starting at `hour` for these customers: the hour and the day so far per account
 * type against the same spans yesterday, the day's top plans and links by cost, and what needs attention.
 */
export async function buildReport(db: Executor, customers: Customers, hour: number): Promise<HourlyReport> {
  const day = chinaDayStart(hour);
  const [hNow, hBefore, dNow, dBefore] = await Promise.all([
    sumsByAccountType(db, customers, hour, hour),
    sumsByAccountType(db, customers, hour - 86400, hour - 86400),
    sumsByAccountType(db, customers, day, hour),
    sumsByAccountType(db, customers, day - 86400, hour - 86400),
  ]);
  const [plans, links, planOrders, linkOrders, reauth, rejected, idle] = await Promise.all([
    topAdCost(db, customers, day, hour, 'plan', 5),
    topAdCost(db, customers, day, hour, 'link', 5),
    orderSums(db, customers, day, hour, 'plan'),
    orderSums(db, customers, day, hour, 'link'),
    accountsNeedingReauth(db, customers, 10),
    rejectedPlans(db, customers, 10),
    topAdCost(db, customers, day, hour, 'plan', 50),
  ]);
  const names = await planNames(db, [...plans, ...idle]);
  const planName = (p: { platform: number; key: string }) => names.get(`${p.platform}:${p.key}`)?.name || `计划 ${p.key}`;
  const topLinks: RankedRow[] = [];
  for (const l of links) {
    const link = await findLiveLink(db, l.key);
    const label = link ? link.title || '未命名链接' : `链接 ${l.key}`;
    topLinks.push({ label, detail: link ? l.key : '', metrics: metricsOf(withOrders(l, linkOrders.get(l.key))) });
  }
  const attention: string[] = [
    ...reauth.map(
      (a) => `${channelLabel(a.platform)}账户「${a.name || a.advertiser_id}」需要重新授权${a.last_error ? `（${a.last_error}）` : ''}`,
    ),
    ...rejected.map((p) => `${channelLabel(p.platform)}计划「${p.name || p.entity_id}」审核未通过`),
    ...idle
      .filter((p) => !(planOrders.get(`${p.platform}:${p.key}`)?.orders ?? 0))
      .slice(0, 5)
      .map((p) => `${channelLabel(p.platform)}计划「${planName(p)}」今日已消耗 ${yuanText(p.costFen)}，尚无订单`),
  ];
  return {
    hour,
    dayStart: day,
    lastHour: compareRows(hNow, hBefore),
    today: compareRows(dNow, dBefore),
    topPlans: plans.map((p) => ({
      label: planName(p),
      detail: channelLabel(p.platform),
      metrics: metricsOf(withOrders(p, planOrders.get(`${p.platform}:${p.key}`))),
    })),
    topLinks,
    attention,
  };
}
