/**
 * The sums of one level of the promotion tree (accounts, campaigns, plans, creatives), narrowed as its list is: the read
 * model's keyed ad and order sums (facts/keyed.ts) as subqueries a list joins, or merged per (platform, key).
 */
import { addSums, type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import type { Span } from '../../shared/span.ts';
import { type KeyedFilter, keyedAccountAdSums, keyedAdSums, keyedOrderSums } from '../facts/keyed.ts';
import type { Executor } from '../kernel/executor.ts';
import { sumKey } from './rows.ts';
import { type accountCandidates, type candidates, plansOfSubPlatform, type Scope, type SumLevel } from './tree-store.ts';

/** What a list's sums are narrowed to (tenant scope, channel, sub-platform, parents, the list's own rows). */
export interface SumsFilter {
  scope: Scope;
  platform?: number;
  pl?: number;
  advertiserId?: string;
  campaignId?: string;
  keys?: string[];
  /** Only the entities of this list (its candidates, of the same level). */
  within?: ReturnType<typeof candidates>;
  /** Only the accounts of this list (advertiser level). */
  withinAccounts?: ReturnType<typeof accountCandidates>;
}

/** The read model's keyed filter of a list: a sub-platform narrows accounts and campaigns to the plans it holds. */
function keyedFilter(db: Executor, level: SumLevel, f: SumsFilter): KeyedFilter {
  return {
    customers: f.scope,
    channel: f.platform,
    advertiserId: f.advertiserId,
    campaignId: f.campaignId,
    keys: f.keys,
    keyIn: f.within?.select('e.entity_id'),
    advertiserIn: f.withinAccounts?.select('a.advertiser_id'),
    planIn:
      f.pl !== undefined && f.platform !== undefined && level !== 'plan'
        ? plansOfSubPlatform(db, f.platform, f.pl, f.scope).select('p.entity_id')
        : undefined,
    pl: f.pl,
  };
}

/** Ad sums of a level (accounts: from the account rollup and today's facts) and its order sums, as subqueries. */
export const adSumsOf = (db: Executor, level: SumLevel, f: SumsFilter, span: Span, today: number) =>
  level === 'advertiser'
    ? keyedAccountAdSums(db, keyedFilter(db, level, f), span, today)
    : keyedAdSums(db, level, keyedFilter(db, level, f), span);
export const orderSumsOf = (db: Executor, level: SumLevel, f: SumsFilter, span: Span) =>
  keyedOrderSums(db, level, keyedFilter(db, level, f), span);

/** Ad and order sums per (platform, key), merged. */
export async function sumsOf(db: Executor, level: SumLevel, f: SumsFilter, span: Span, today: number): Promise<Map<string, Sums>> {
  const [ads, orders] = await Promise.all([adSumsOf(db, level, f, span, today).execute(), orderSumsOf(db, level, f, span).execute()]);
  const out = new Map<string, Sums>();
  for (const a of ads) {
    const s = {
      ...ZERO_SUMS,
      costFen: Number(a.cost_fen),
      shows: Number(a.shows),
      clicks: Number(a.clicks),
      conversions: Number(a.conversions),
    };
    out.set(sumKey(Number(a.platform), a.k), s);
  }
  for (const o of orders) {
    const k = sumKey(Number(o.platform), o.k);
    const s = {
      ...ZERO_SUMS,
      orders: Number(o.orders),
      orderFen: Number(o.order_fen),
      paidOrders: Number(o.paid_orders),
      paidFen: Number(o.paid_fen),
    };
    out.set(k, addSums(out.get(k) ?? ZERO_SUMS, s));
  }
  return out;
}
