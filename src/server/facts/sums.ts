/**
 * The read model's sums (docs/metrics.md): one span, one filter, any grouping — ad report facts and order facts of a
 * group added into one `Sums` (src/shared/metrics.ts), and, when asked, our monitor's counts of the same group. Every
 * screen, export and e-mail that shows cost, traffic or orders gets them here, so the same scope and span give the
 * same numbers everywhere, and a table grouped by anything adds up to its total (no group is dropped: a fact with no
 * id at a level is a row with the key '').
 */
import { chinaDayStart } from '../../shared/china-clock.ts';
import { addSums, type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import { DAY, type Span } from '../../shared/span.ts';
import type { Executor } from '../kernel/executor.ts';
import { byCustomerDays, cutDay } from './days.ts';
import { linkFacts } from './names.ts';
import { periodOfPart, periodPartSums, periodStillAt } from './period-sums.ts';
import { type FactFilter, type FactPart, type KeyPart, nativeParts, type PartRow, partSums, type Source } from './query.ts';
import { type Granularity, partsOf } from './span.ts';

/** Our monitor's counts (link rollups): landing visits, and the shows and clicks the monitor URLs received. */
export interface MonitorCounts {
  visits: number;
  shows: number;
  clicks: number;
  /** Clicks judged invalid traffic, not in `clicks` (docs/api-tracking.md "Invalid traffic"). */
  invalidClicks: number;
}
export const ZERO_MONITOR: MonitorCounts = { visits: 0, shows: 0, clicks: 0, invalidClicks: 0 };

export interface FactRow {
  /** The key parts' values as text, in the order asked ('' = none at that level: no plan, no link …). */
  key: string[];
  /** A customer of the group (the group's only one when grouped by customer, link, plan …). */
  customerid: number;
  sums: Sums;
  /** Estimated commission of the paid orders, fen. */
  commissionFen: number;
  /** Only with `monitor: true`. */
  monitor: MonitorCounts;
}

export interface SumOptions {
  /** Buckets of the 'bucket' key part, and which facts a span reads: hours only, or whole days from the daily facts. */
  granularity?: Granularity;
  /** Which facts: ad and order facts by default. */
  sources?: readonly Source[];
  /** Also our monitor's counts (link rollups). */
  monitor?: boolean;
}

export const rowKey = (key: readonly string[]): string => key.join('\u0001');

/** Parts a source lacks (`item` of ad facts and rollups, `channel` of rollups) are read per link and folded in. */
async function folded(db: Executor, source: Source, part: FactPart, filter: FactFilter, parts: readonly KeyPart[]): Promise<PartRow[]> {
  if (nativeParts(source, parts)) return partSums(db, source, part, filter, parts);
  const asked = parts.filter((p) => p === 'bucket' || nativeParts(source, [p]));
  const rows = await partSums(db, source, part, filter, [...asked, 'link']);
  const links = await linkFacts(db, [...new Set(rows.map((r) => r.key.at(-1) as string))]);
  return rows.map((r) => {
    const pageid = r.key.at(-1) as string;
    const link = links.get(pageid);
    const key = parts.map((p) =>
      p === 'item' ? (link?.itemid ?? '') : p === 'channel' ? String(link?.state ?? 0) : (r.key[asked.indexOf(p)] as string),
    );
    return { ...r, key };
  });
}

/**
 * The parts the ad facts of a span are read in: a span that ends inside its last day (today up to the current hour)
 * reads that day from its daily rows when `cutDay` finds them exact — with the whole days in one read when those are
 * read from the day blocks, else as a part of its own (a day series: the day's bucket; the per-customer days) — unless
 * the read is by hour.
 */
async function adPartsOf(
  db: Executor,
  spanParts: FactPart[],
  filter: FactFilter,
  parts: readonly KeyPart[],
  granularity: Granularity | 'auto',
): Promise<FactPart[]> {
  const last = spanParts.at(-1);
  if (last?.grain !== 'hour' || granularity === 'hour') return spanParts;
  const day = chinaDayStart(last.from);
  if (day !== last.from || last.to > day + DAY) return spanParts;
  const cut = await cutDay(db, day, last.to);
  if (!cut) return spanParts;
  const days = spanParts.at(-2);
  const blocks = days?.grain === 'day' && !parts.includes('bucket') && !byCustomerDays(parts, filter);
  const before = spanParts.slice(0, blocks ? -2 : -1);
  return [...before, { grain: 'day', from: blocks && days ? days.from : day, to: day + DAY, cut }];
}

/** One read of `sumsBy`: its rows, and how a row's sums are added to its group. */
interface Read {
  grain: FactPart['grain'];
  rows: () => Promise<{ key: string[]; customerid: number; sums: readonly number[] }[]>;
  add: (row: FactRow, sums: readonly number[]) => void;
}

/** Ad sums (cost fen, shows, clicks, conversions) from `at` on. */
function addAd(row: FactRow, s: readonly number[], at = 0): void {
  row.sums.costFen += s[at] ?? 0;
  row.sums.shows += s[at + 1] ?? 0;
  row.sums.clicks += s[at + 2] ?? 0;
  row.sums.conversions += s[at + 3] ?? 0;
}
/** Order sums (orders, order fen, paid orders, paid fen, commission fen) from `at` on. */
function addOrder(row: FactRow, s: readonly number[], at = 0): void {
  row.sums.orders += s[at] ?? 0;
  row.sums.orderFen += s[at + 1] ?? 0;
  row.sums.paidOrders += s[at + 2] ?? 0;
  row.sums.paidFen += s[at + 3] ?? 0;
  row.commissionFen += s[at + 4] ?? 0;
}
/** Our monitor's counts (visits, shows, clicks, invalid clicks). */
function addMonitor(row: FactRow, s: readonly number[]): void {
  const m = row.monitor;
  m.visits += s[0] ?? 0;
  m.shows += s[1] ?? 0;
  m.clicks += s[2] ?? 0;
  m.invalidClicks += s[3] ?? 0;
}
const ADD: Record<Source, Read['add']> = { ad: addAd, order: addOrder, rollup: addMonitor };

/** Sums per group of `parts` over `span` (a `bucket` part: the hour or China-day start). */
export function sumsBy(
  db: Executor,
  span: Span,
  filter: FactFilter,
  parts: readonly KeyPart[],
  opts: SumOptions = {},
): Promise<Map<string, FactRow>> {
  return sumsOf(db, span, filter, parts, opts, true);
}

async function sumsOf(
  db: Executor,
  span: Span,
  filter: FactFilter,
  parts: readonly KeyPart[],
  opts: SumOptions,
  periods: boolean,
): Promise<Map<string, FactRow>> {
  const granularity = opts.granularity ?? (parts.includes('bucket') ? 'day' : 'auto');
  const sources = opts.sources ?? ['ad', 'order'];
  const bucketAt = parts.indexOf('bucket');
  const out = new Map<string, FactRow>();
  const rowOf = (r: { key: string[]; customerid: number }, grain: FactPart['grain']): FactRow => {
    let key = r.key; // each read's own rows: kept as the group's key, copied only when changed
    // an hourly part of a daily series lands in its China day
    if (bucketAt >= 0 && granularity === 'day' && grain === 'hour') {
      key = [...key];
      key[bucketAt] = String(chinaDayStart(Number(key[bucketAt])));
    }
    const k = rowKey(key);
    let row = out.get(k);
    if (!row) {
      row = { key, customerid: r.customerid, sums: { ...ZERO_SUMS }, commissionFen: 0, monitor: { ...ZERO_MONITOR } };
      out.set(k, row);
    }
    if (!row.customerid) row.customerid = r.customerid;
    return row;
  };
  const all = partsOf(span, granularity);
  // Whole days that are a preset period ending yesterday, read by an admin by plan: every plan's period rows
  // (period-sums.ts); the rest of the span (today) as always. Not with our monitor's counts (they have no such rows).
  const rollups = opts.monitor || sources.includes('rollup');
  const dayAt = all.findIndex((p) => p.grain === 'day');
  const period = periods && !rollups && dayAt >= 0 ? await periodOfPart(db, all[dayAt], filter, parts) : null;
  const spanParts = period ? all.filter((_, i) => i !== dayAt) : all;
  const adParts = sources.includes('ad') ? await adPartsOf(db, spanParts, filter, parts, granularity) : [];
  const partRead = (source: Source, part: FactPart): Read => ({
    grain: part.grain,
    rows: () => folded(db, source, part, filter, parts),
    add: ADD[source],
  });
  // both sources of the period in one read: the ad sums, then the order sums
  const periodSources = (['ad', 'order'] as const).filter((s) => sources.includes(s));
  const periodReads: Read[] = period
    ? [
        {
          grain: 'day',
          rows: () => periodPartSums(db, periodSources, period, filter, parts),
          add: (row, s) => {
            addAd(row, s);
            addOrder(row, s, 4);
          },
        },
      ]
    : [];
  // Every read at once (on PostgreSQL each takes a pooled connection: an agent's plan list waits for the longest
  // instead of the sum, bench/README.md "Boards"; SQLite runs them one by one on its connection), then added up in
  // this order, so the groups come out in the order the reads were asked, as when they ran one after another.
  const reads: Read[] = [
    ...periodReads,
    ...adParts.map((part) => partRead('ad', part)),
    ...spanParts.flatMap((part) => [
      ...(sources.includes('order') ? [partRead('order', part)] : []),
      ...(rollups ? [partRead('rollup', part)] : []),
    ]),
  ];
  const results = await Promise.all(reads.map((r) => r.rows()));
  // a roll between the watermark's check and the reads: read the daily facts instead
  if (period && !(await periodStillAt(db, period))) return sumsOf(db, span, filter, parts, opts, false);
  reads.forEach(({ grain, add }, i) => {
    for (const r of results[i] ?? []) add(rowOf(r, grain), r.sums);
  });
  return out;
}

/** The one total of a span (no grouping). */
export async function totalOf(db: Executor, span: Span, filter: FactFilter, opts: Omit<SumOptions, 'granularity'> = {}): Promise<FactRow> {
  const [row] = (await sumsBy(db, span, filter, [], opts)).values();
  return row ?? { key: [], customerid: 0, sums: { ...ZERO_SUMS }, commissionFen: 0, monitor: { ...ZERO_MONITOR } };
}

/** Every group added up: the total of a table. */
export const sumOfRows = (rows: Iterable<FactRow>): Sums => [...rows].reduce((t, r) => addSums(t, r.sums), ZERO_SUMS);
