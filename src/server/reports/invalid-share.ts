/**
 * The hourly e-mail's invalid-share lines (docs/api-tracking.md "Invalid traffic", docs/hourly-report.md): the plans
 * and links whose monitored clicks today pass the alert (tracking/verdict/alert.ts), each named with its share —
 * a plan's clicks read as the promotion list reads them (promotion/traffic.ts), a link's as the link list (the rollups).
 */
import { channelLabel } from '../../shared/catalog.ts';
import type { Span } from '../../shared/span.ts';
import type { Customers } from '../ads/attention.ts';
import { entityNames } from '../facts/names.ts';
import { type FactRow, sumsBy } from '../facts/sums.ts';
import type { Executor } from '../kernel/executor.ts';
import { findLiveLink } from '../links/lookup.ts';
import { plansTraffic } from '../promotion/traffic.ts';
import { invalidFlagged, sharePercent } from '../tracking/verdict/alert.ts';
import { DEFAULT_ALERT } from '../tracking/verdict/config.ts';

/** At most this many plans and this many links are named; the worst share first. */
const MAX_LINES = 5;

const shareText = (valid: number, invalid: number): string =>
  `无效点击占比 ${sharePercent(valid, invalid).toFixed(1)}%（监测点击 ${valid + invalid} 次，其中无效 ${invalid} 次）`;

const worstFirst = <T extends { valid: number; invalid: number }>(rows: T[]): T[] =>
  rows.sort((a, b) => sharePercent(b.valid, b.invalid) - sharePercent(a.valid, a.invalid) || b.invalid - a.invalid).slice(0, MAX_LINES);

/** Plans flagged today: the plans (and the links they drive) our monitor received clicks of, read through the list's read. */
export async function flaggedPlans(db: Executor, customers: Customers, today: Span): Promise<string[]> {
  const monitored = await sumsBy(db, today, { customers }, ['channel', 'plan', 'link'], { granularity: 'hour', sources: ['rollup'] });
  const pairs = [...monitored.values()].filter((r) => r.key[1] !== '' && r.key[2] !== '');
  // only plans with enough monitored clicks (over all their links) can be flagged: the others are not read again
  const raw = new Map<string, number>();
  for (const r of pairs)
    raw.set(`${r.key[0]}:${r.key[1]}`, (raw.get(`${r.key[0]}:${r.key[1]}`) ?? 0) + r.monitor.clicks + r.monitor.invalidClicks);
  const candidates = pairs
    .filter((r) => (raw.get(`${r.key[0]}:${r.key[1]}`) ?? 0) >= DEFAULT_ALERT.minClicks)
    .map((r) => ({ channel: Number(r.key[0]), aid: r.key[1]!, pageid: r.key[2]! }));
  if (candidates.length === 0) return [];
  const traffic = await plansTraffic(db, customers === null ? null : [...customers], candidates, today);
  const flagged = worstFirst([...traffic].filter(([, q]) => invalidFlagged(q.valid, q.invalid)).map(([key, q]) => ({ key, ...q })));
  const names = await entityNames(
    db,
    'plan',
    flagged.map((p) => {
      const [channel, id] = p.key.split(':') as [string, string];
      return { channel: Number(channel), id };
    }),
  );
  return flagged.map((p) => {
    const [channel, id] = p.key.split(':') as [string, string];
    return `${channelLabel(Number(channel))}计划「${names.get(p.key) || id}」今日${shareText(p.valid, p.invalid)}，请检查流量来源`;
  });
}

/** Links flagged today, from the day's per-link sums with our monitor's counts. */
export async function flaggedLinks(db: Executor, links: Map<string, FactRow>): Promise<string[]> {
  const flagged = worstFirst(
    [...links.values()]
      .filter((r) => r.key[0] !== '' && invalidFlagged(r.monitor.clicks, r.monitor.invalidClicks))
      .map((r) => ({ pageid: r.key[0]!, valid: r.monitor.clicks, invalid: r.monitor.invalidClicks })),
  );
  const out: string[] = [];
  for (const l of flagged) {
    const link = await findLiveLink(db, l.pageid);
    out.push(`链接「${link?.title || '未命名链接'}」（${l.pageid}）今日${shareText(l.valid, l.invalid)}，请检查流量来源`);
  }
  return out;
}
