/**
 * Sums over a span, whatever its shape: whole China days come from the daily facts, a tail that stops inside a
 * day (today, up to the current hour) from the hourly facts; hourly trends read the hourly facts only. Ad and
 * order sums of the same group are added into one `Sums` (src/shared/metrics.ts), so every metric is computed
 * once from them.
 */
import { chinaDayStart } from '../../shared/china-clock.ts';
import { type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import type { Granularity, Span } from '../../shared/periods.ts';
import type { Executor } from '../kernel/executor.ts';
import { linkFacts } from './names.ts';
import { adSums, type Dim, type FactFilter, type FactPart, type Grouped, orderSums, type SqlDim, visitSums } from './store.ts';

export interface SumRow {
  k1: string;
  k2: string;
  customerid: number;
  advertiser_id: string;
  sums: Sums;
  /** Landing visits from our monitor (only when asked for). */
  visits: number;
}

/** The parts of a span: hours only, or whole days plus an hourly tail. */
export function partsOf(span: Span, granularity: Granularity | 'auto'): FactPart[] {
  if (span.to <= span.from) return [];
  const dayCut = chinaDayStart(span.to);
  if (granularity === 'hour' || dayCut <= span.from || chinaDayStart(span.from) !== span.from)
    return [{ grain: 'hour', from: span.from, to: span.to }];
  const parts: FactPart[] = [{ grain: 'day', from: span.from, to: dayCut }];
  if (span.to > dayCut) parts.push({ grain: 'hour', from: dayCut, to: span.to });
  return parts;
}

export interface SumOptions {
  /** For dim 'bucket': hour or day buckets. */
  granularity?: Granularity;
  visits?: boolean;
}

/** Sums per group of `dim` over `span`, ad and order facts together (and visits when asked). */
export async function sumsBy(db: Executor, span: Span, filter: FactFilter, dim: Dim, opts: SumOptions = {}): Promise<Map<string, SumRow>> {
  const granularity = dim === 'bucket' ? (opts.granularity ?? 'day') : 'auto';
  const out = new Map<string, SumRow>();
  const row = (g: { k1: string; k2: string; customerid: number; advertiser_id: string }, grain: FactPart['grain']): SumRow => {
    const k1 = dim === 'bucket' && granularity === 'day' && grain === 'hour' ? String(chinaDayStart(Number(g.k1))) : g.k1;
    const key = `${k1}\u0001${g.k2}`;
    let r = out.get(key);
    if (!r) {
      r = { k1, k2: g.k2, customerid: g.customerid, advertiser_id: g.advertiser_id, sums: { ...ZERO_SUMS }, visits: 0 };
      out.set(key, r);
    }
    if (!r.advertiser_id) r.advertiser_id = g.advertiser_id;
    if (!r.customerid) r.customerid = g.customerid;
    return r;
  };
  // Items: orders name the item bought; ad facts and rollups are read per link and folded into the link's item.
  const sqlDim = (source: 'ad' | 'order' | 'rollup'): SqlDim => (dim !== 'item' ? dim : source === 'order' ? 'orderItem' : 'link');
  const itemOf = dim === 'item' ? new Map<string, string>() : null;
  const folded = async <S>(rows: Grouped<S>[]): Promise<Grouped<S>[]> => {
    if (!itemOf) return rows;
    const unknown = rows.map((r) => r.k1).filter((p) => p && !itemOf.has(p));
    for (const [pageid, l] of await linkFacts(db, unknown)) itemOf.set(pageid, l.itemid);
    return rows.map((r) => ({ ...r, k1: itemOf.get(r.k1) ?? '' }));
  };
  for (const part of partsOf(span, granularity)) {
    for (const g of await folded(await adSums(db, part, filter, sqlDim('ad')))) {
      const s = row(g, part.grain).sums;
      s.costFen += g.sums.costFen;
      s.shows += g.sums.shows;
      s.clicks += g.sums.clicks;
      s.conversions += g.sums.conversions;
    }
    for (const g of await orderSums(db, part, filter, sqlDim('order'))) {
      const s = row(g, part.grain).sums;
      s.orders += g.sums.orders;
      s.orderFen += g.sums.orderFen;
      s.paidOrders += g.sums.paidOrders;
      s.paidFen += g.sums.paidFen;
    }
    if (opts.visits) for (const g of await folded(await visitSums(db, part, filter, sqlDim('rollup')))) row(g, part.grain).visits += g.sums;
  }
  return out;
}

/** The one total of a span (dim 'all'). */
export async function totalOf(db: Executor, span: Span, filter: FactFilter): Promise<Sums> {
  const rows = [...(await sumsBy(db, span, filter, 'all')).values()];
  return rows[0]?.sums ?? { ...ZERO_SUMS };
}
