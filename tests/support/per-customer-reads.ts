/**
 * The board reads a per-customer table answers (`ad_customer_days`, `ad_customer_hours`, `order_customer_days`: facts/days.ts
 * `byCustomerRows`) — every span × filter × grouping of a case — as the read model answers them, and as the fact rows
 * themselves add them up: for the upgrade tests of those tables.
 */
import { expect } from 'vitest';
import { byCustomerRows } from '../../src/server/facts/days.ts';
import type { FactFilter, KeyPart } from '../../src/server/facts/query.ts';
import { type FactRow, rowKey, type SumOptions, sumsBy } from '../../src/server/facts/sums.ts';
import type { Db } from '../../src/server/kernel/executor.ts';

/** What the filters narrow by, of a fact row. */
export interface Keyed {
  at: number;
  customerid: number;
  channel: number;
  advertiser_id: string;
}

export interface ReadCase<R> {
  spans: readonly { from: number; to: number }[];
  filters: readonly FactFilter[];
  /** Each grouping, with the group key of a fact row. */
  reads: readonly [KeyPart[], (r: R) => string[]][];
}

/** span|filter|grouping → group key → sums (groups whose sums are all zero left out). */
export type Answers = Record<string, Record<string, number[]>>;
const nonZero = (v: number[]) => v.some((x) => x !== 0);

/** Every read of the case through the read model (`sumsBy` with `opts`), each group's sums as `values` picks them. */
export async function readModelAnswers<R>(db: Db, c: ReadCase<R>, opts: SumOptions, values: (g: FactRow) => number[]): Promise<Answers> {
  const out: Answers = {};
  for (const [s, span] of c.spans.entries())
    for (const [fi, f] of c.filters.entries())
      for (const [parts] of c.reads) {
        expect(byCustomerRows(parts, f)).toBe(true);
        const sums: Record<string, number[]> = {};
        for (const [k, g] of await sumsBy(db, span, f, parts, opts)) if (nonZero(values(g))) sums[k] = values(g);
        out[`${s}|${fi}|${parts.join(',')}`] = sums;
      }
  return out;
}

/** The same reads added up from the fact rows (`keyed`: what a filter narrows by; `values`: the row's sums). */
export function rowAnswers<R>(rows: readonly R[], c: ReadCase<R>, keyed: (r: R) => Keyed, values: (r: R) => number[]): Answers {
  const out: Answers = {};
  for (const [s, span] of c.spans.entries())
    for (const [fi, f] of c.filters.entries())
      for (const [parts, keyOf] of c.reads) {
        const sums: Record<string, number[]> = {};
        for (const r of rows) {
          const k = keyed(r);
          if (k.at < span.from || k.at >= span.to || (f.customers && !f.customers.includes(k.customerid))) continue;
          if (f.channels && !f.channels.includes(k.channel)) continue;
          if (f.advertiserId !== undefined && k.advertiser_id !== f.advertiserId) continue;
          if (f.accounts && !f.accounts.some((a) => a.channel === k.channel && a.advertiser_id === k.advertiser_id)) continue;
          const key = rowKey(keyOf(r));
          const v = values(r);
          sums[key] = (sums[key] ?? v.map(() => 0)).map((x, i) => x + (v[i] ?? 0));
        }
        for (const [key, v] of Object.entries(sums)) if (!nonZero(v)) delete sums[key];
        out[`${s}|${fi}|${parts.join(',')}`] = sums;
      }
  return out;
}
