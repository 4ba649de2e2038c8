import { channelLabel } from '../../shared/catalog.ts';
import { chinaDayStart } from '../../shared/china-clock.ts';
import { addSums, type Metrics, metricsOf, type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import { yuanText } from '../../shared/money.ts';
import { hoursSpan } from '../../shared/span.ts';
import { accountsNeedingReauth, type Customers, rejectedPlans } from '../ads/attention.ts';
import { entityNames } from '../facts/names.ts';
import { type FactRow, sumsBy } from '../facts/sums.ts';
import type { Executor } from '../kernel/executor.ts';
import { findLiveLink } from '../links/lookup.ts';
import { flaggedLinks, flaggedPlans } from './invalid-share.ts';

/** Account types in the spec's order (§1: 2 巨量引擎, 10 小红书, 8 UC, 5 磁力引擎, 4 腾讯), then any other channel. */
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

/** Sums per account type over the hours [from, to] (both hour starts, included): the read model's, per channel. */
export async function sumsByAccountType(db: Executor, customers: Customers, from: number, to: number): Promise<Map<number, Sums>> {
  const rows = await sumsBy(db, hoursSpan(from, to), { customers }, ['channel'], { granularity: 'hour' });
  return new Map([...rows.values()].map((r) => [Number(r.key[0]), r.sums]));
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
      label: channelLabel(t, '未知渠道'),
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
  const today = hoursSpan(day, hour);
  const byCost = (rows: Map<string, FactRow>) =>
    [...rows.values()].filter((r) => r.sums.costFen > 0).sort((a, b) => b.sums.costFen - a.sums.costFen);
  const [planRows, links, reauth, rejected, invalidShares] = await Promise.all([
    sumsBy(db, today, { customers }, ['channel', 'plan'], { granularity: 'hour' }).then(byCost),
    sumsBy(db, today, { customers }, ['link'], { granularity: 'hour', monitor: true }),
    accountsNeedingReauth(db, customers, 10),
    rejectedPlans(db, customers, 10),
    flaggedPlans(db, customers, today),
  ]);
  const linkRows = byCost(links);
  const plans = planRows.filter((p) => p.key[1] !== '');
  const names = await entityNames(
    db,
    'plan',
    plans.slice(0, 50).map((p) => ({ channel: Number(p.key[0]), id: p.key[1]! })),
  );
  const planName = (p: FactRow) => names.get(`${p.key[0]}:${p.key[1]}`) || `计划 ${p.key[1]}`;
  const topLinks: RankedRow[] = [];
  for (const l of linkRows.filter((r) => r.key[0] !== '').slice(0, 5)) {
    const link = await findLiveLink(db, l.key[0]!);
    const label = link ? link.title || '未命名链接' : `链接 ${l.key[0]}`;
    topLinks.push({ label, detail: link ? l.key[0]! : '', metrics: metricsOf(l.sums) });
  }
  const attention: string[] = [
    ...reauth.map(
      (a) => `${channelLabel(a.platform)}账户「${a.name || a.advertiser_id}」需要重新授权${a.last_error ? `（${a.last_error}）` : ''}`,
    ),
    ...rejected.map((p) => `${channelLabel(p.platform)}计划「${p.name || p.entity_id}」审核未通过`),
    ...invalidShares,
    ...(await flaggedLinks(db, links)),
    ...plans
      .slice(0, 50)
      .filter((p) => p.sums.orders === 0)
      .slice(0, 5)
      .map((p) => `${channelLabel(Number(p.key[0]))}计划「${planName(p)}」今日已消耗 ${yuanText(p.sums.costFen)}，尚无订单`),
  ];
  return {
    hour,
    dayStart: day,
    lastHour: compareRows(hNow, hBefore),
    today: compareRows(dNow, dBefore),
    topPlans: plans.slice(0, 5).map((p) => ({
      label: planName(p),
      detail: channelLabel(Number(p.key[0])),
      metrics: metricsOf(p.sums),
    })),
    topLinks,
    attention,
  };
}
