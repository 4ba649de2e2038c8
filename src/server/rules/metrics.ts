/**
 * The one place rules read plans and their numbers (docs/rules.md#metrics), for many rules at once (the job reads a
 * batch of due rules in a few queries; the dry run is a batch of one). Plans: the promotion list's own candidates
 * (`candidates`: not deleted, in the customer). Numbers: the read model's sums (`sumsBy`, src/server/facts/) grouped
 * by customer and plan — whole China days from the daily facts for today and last-N-days windows (the same tables
 * and day blocks the promotion list's keyed sums read), the hourly facts for last-N-hours windows (the plan trend's).
 * Rules never sum facts themselves, so a rule's ROI is the ROI the screens show. The invalid click share is the
 * promotion list's own read of the plans' monitored clicks (promotion/traffic.ts) over the window's span.
 */
import { chinaDay, chinaDayStart, hourStart } from '../../shared/china-clock.ts';
import { chunks } from '../../shared/chunks.ts';
import type { WireMetrics } from '../../shared/metrics.ts';
import type { RuleInput, RuleMetric, RuleWindow } from '../../shared/rules.ts';
import { dayStartsSpan, type Span } from '../../shared/span.ts';
import type { Deps } from '../deps.ts';
import { type FactRow, rowKey, sumsBy } from '../facts/sums.ts';
import { wireOf } from '../promotion/rows.ts';
import type { EntityRow } from '../promotion/store.ts';
import { planLinkOf, plansTraffic } from '../promotion/traffic.ts';
import { candidates } from '../promotion/tree-store.ts';
import type { PlanClickQuality } from '../tracking/lookup.ts';
import { sharePercent } from '../tracking/verdict/alert.ts';

export type PlanValues = Record<RuleMetric, number | null>;
/** What a rule's plans and numbers depend on. */
export type Watch = Pick<RuleInput, 'acpl' | 'scope' | 'window'> & { customerid: number };

/** Ids per `in (…)` list. */
const CHUNK = 1000;
const COLUMN = { accounts: 'advertiser_id', campaigns: 'campaign_id', plans: 'entity_id' } as const;
const scopeKey = (platform: number, kind: string, customerid: number, id: string) => `${platform}|${kind}|${customerid}|${id}`;

/**
 * The plans (not deleted) each rule's scope covers, in the order one rule alone reads them: a customer's by id; ids
 * in the scope's order, each one's plans by id, a plan once. One read per channel and scope kind (and 1 000 ids).
 */
export async function plansInScopes(deps: Pick<Deps, 'db'>, rules: readonly Watch[]): Promise<EntityRow[][]> {
  const groups = new Map<string, { platform: number; kind: Watch['scope']['kind']; customers: Set<number>; ids: Set<string> }>();
  for (const r of rules) {
    const k = `${r.acpl}|${r.scope.kind}`;
    const g = groups.get(k) ?? { platform: r.acpl, kind: r.scope.kind, customers: new Set(), ids: new Set() };
    g.customers.add(r.customerid);
    if (r.scope.kind !== 'customer') for (const id of r.scope.ids) g.ids.add(id);
    groups.set(k, g);
  }
  const found = new Map<string, EntityRow[]>();
  for (const g of groups.values()) {
    const base = candidates(deps.db, { scope: [...g.customers], level: 'plan', platform: g.platform })
      .selectAll('e')
      .select('b.pageid as bound_pageid');
    const reads =
      g.kind === 'customer'
        ? [base.orderBy('e.id').execute()]
        : chunks([...g.ids], CHUNK).map((ids) =>
            base
              .where(`e.${COLUMN[g.kind as keyof typeof COLUMN]}`, 'in', ids)
              .orderBy('e.id')
              .execute(),
          );
    for (const rows of reads)
      for (const e of (await rows) as EntityRow[]) {
        const id = g.kind === 'customer' ? '' : e[COLUMN[g.kind as keyof typeof COLUMN]];
        const k = scopeKey(g.platform, g.kind, Number(e.customerid), id);
        const list = found.get(k);
        if (list) list.push(e);
        else found.set(k, [e]);
      }
  }
  return rules.map((r) => {
    if (r.scope.kind === 'customer') return found.get(scopeKey(r.acpl, 'customer', r.customerid, '')) ?? [];
    const out = new Map<string, EntityRow>();
    for (const id of r.scope.ids)
      for (const e of found.get(scopeKey(r.acpl, r.scope.kind, r.customerid, id)) ?? []) out.set(e.entity_id, e);
    return [...out.values()];
  });
}

/** The window's China days for the list's computation (today, or the last N days including today). */
export function windowDays(w: RuleWindow, now: number): { from: number; to: number; start: string; end: string } {
  const to = chinaDayStart(now);
  const from = w.kind === 'days' ? to - (w.n - 1) * 86400 : w.kind === 'hours' ? chinaDayStart(hourStart(now) - (w.n - 1) * 3600) : to;
  return { from, to, start: chinaDay(from), end: chinaDay(to) };
}

/** A rule's window as the read model's span: whole China days, or the last N hours (the current one included). */
function windowSpan(w: RuleWindow, now: number): { span: Span; granularity: 'hour' | undefined } {
  if (w.kind === 'hours') return { span: { from: hourStart(now) - (w.n - 1) * 3600, to: hourStart(now) + 3600 }, granularity: 'hour' };
  const range = windowDays(w, now);
  return { span: dayStartsSpan(range.from, range.to), granularity: undefined };
}

/** The sums a window holds per customer and plan (`sumKeyOf`), for these customers' plans of one channel; a plan with no facts is absent. */
export async function windowSums(
  deps: Pick<Deps, 'db'>,
  platform: number,
  w: RuleWindow,
  now: number,
  customers: readonly number[],
  planIds: readonly string[],
): Promise<Map<string, FactRow>> {
  const { span, granularity } = windowSpan(w, now);
  const out = new Map<string, FactRow>();
  for (const ids of chunks(planIds, CHUNK))
    for (const [k, row] of await sumsBy(deps.db, span, { customers, channels: [platform], planIds: ids }, ['customer', 'plan'], {
      granularity,
    }))
      out.set(k, row);
  return out;
}

/** The key of a customer's plan in `windowSums`. */
export const sumKeyOf = (customerid: number, planId: string): string => rowKey([String(customerid), planId]);

/**
 * The window's monitored clicks per plan (`channel:plan id`, as `sumKey`), valid and invalid, read as the promotion
 * list's rows read them (promotion/traffic.ts) over the window's span; a plan with no monitored click is absent.
 */
export function windowTraffic(
  deps: Pick<Deps, 'db'>,
  w: RuleWindow,
  now: number,
  customers: readonly number[],
  plans: readonly EntityRow[],
): Promise<Map<string, PlanClickQuality>> {
  return plansTraffic(deps.db, customers, plans.map(planLinkOf), windowSpan(w, now).span);
}

/** A plan's invalid share in percent as the screens show it (one decimal); null without a monitored click. */
export const invalidShareOf = (q: PlanClickQuality | undefined): number | null =>
  q && q.valid + q.invalid > 0 ? sharePercent(q.valid, q.invalid) : null;

/** A plan's values over the window, exactly as the promotion list computes them from the same sums (`metricsOf`). */
export function planValuesOf(row: FactRow | undefined, budgetFen: number | null, invalidShare: number | null = null): PlanValues {
  const m: WireMetrics = wireOf(row?.sums);
  return {
    sum_cost: m.sum_cost,
    sum_show_cnt: m.sum_show_cnt,
    sum_click: m.sum_click,
    ctr: m.ctr === null ? null : m.ctr * 100,
    avg_click_cost: m.avg_click_cost,
    convert: m.convert,
    convert_cost: m.convert_cost,
    ordernum: m.ordernum,
    order_price: m.order_price,
    order_price_pay: m.order_price_pay,
    roi: m.roi,
    pay_roi: m.pay_roi,
    budget_used: budgetFen && m.sum_cost !== null ? Math.round(((m.sum_cost * 100) / budgetFen) * 1e6) / 1e4 : null,
    invalid_click_share: invalidShare,
  };
}
