/**
 * The one place rules read plan numbers (docs/rules.md#metrics): through the promotion list's own per-plan
 * computation — `entityRows` (the list's rows: daily rollups, `metricsOf`) for today and last-N-days windows, and
 * for last-N-hours windows the read model's hourly sums of the plan (`sumsBy`, the plan trend's own query). Rules never
 * sum facts themselves, so a rule's ROI is the ROI the screens show — both read the read model (src/server/facts/).
 * The invalid click share is the list row's (`invalid_traffic`) for day windows, and for hours windows the same read
 * (promotion/traffic.ts) over those hours.
 */
import { chinaDay, chinaDayStart, hourStart } from '../../shared/china-clock.ts';
import type { WireMetrics } from '../../shared/metrics.ts';
import type { RuleMetric, RuleScope, RuleWindow } from '../../shared/rules.ts';
import { dayStartsSpan, type Span } from '../../shared/span.ts';
import type { Deps } from '../deps.ts';
import type { FactFilter } from '../facts/query.ts';
import { type FactRow, rowKey, sumOfRows, sumsBy } from '../facts/sums.ts';
import { sumKey, wireOf } from '../promotion/rows.ts';
import type { EntityRow } from '../promotion/store.ts';
import { planLinkOf, plansTraffic } from '../promotion/traffic.ts';
import { entityRows } from '../promotion/tree.ts';
import { candidates } from '../promotion/tree-store.ts';
import { sharePercent } from '../tracking/verdict/alert.ts';

export type PlanValues = Record<RuleMetric, number | null>;

/** The plans (not deleted) of one customer on one channel that a rule's scope covers. */
export async function plansInScope(deps: Pick<Deps, 'db'>, customerid: number, platform: number, scope: RuleScope): Promise<EntityRow[]> {
  const base = { scope: [customerid], level: 'plan' as const, platform };
  const read = (f: Parameters<typeof candidates>[1]) =>
    candidates(deps.db, f).selectAll('e').select('b.pageid as bound_pageid').orderBy('e.id').execute() as Promise<EntityRow[]>;
  if (scope.kind === 'customer') return read(base);
  const out = new Map<string, EntityRow>();
  for (const id of scope.ids) {
    const rows =
      scope.kind === 'accounts'
        ? await read({ ...base, advertiserId: id })
        : scope.kind === 'campaigns'
          ? await read({ ...base, campaignId: id })
          : (await read({ ...base, exact: id })).filter((e) => e.entity_id === id);
    for (const e of rows) out.set(e.entity_id, e);
  }
  return [...out.values()];
}

/** The window's China days for the list's computation (today, or the last N days including today). */
export function windowDays(w: RuleWindow, now: number): { from: number; to: number; start: string; end: string } {
  const to = chinaDayStart(now);
  const from = w.kind === 'days' ? to - (w.n - 1) * 86400 : w.kind === 'hours' ? chinaDayStart(hourStart(now) - (w.n - 1) * 3600) : to;
  return { from, to, start: chinaDay(from), end: chinaDay(to) };
}

/** The plan's invalid share in percent as the screens show it (one decimal); null without a monitored click. */
const shareOf = (q: { valid: number; invalid: number } | null | undefined): number | null =>
  q && q.valid + q.invalid > 0 ? sharePercent(q.valid, q.invalid) : null;

const valuesOf = (m: WireMetrics, budgetFen: number | null, invalidShare: number | null): PlanValues => ({
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
});

/**
 * Every plan's sums over the last N hours (the current one included), one read of the read model grouped by plan
 * (the plan trend's hourly facts); a plan with no facts is absent.
 */
async function hoursOf(deps: Deps, customerid: number, platform: number, w: RuleWindow, now: number): Promise<Map<string, FactRow>> {
  const filter: FactFilter = { customers: [customerid], channels: [platform] };
  return sumsBy(deps.db, hoursSpan(w, now), filter, ['plan'], { granularity: 'hour' });
}

/** The last N hours, the current one included. */
const hoursSpan = (w: RuleWindow, now: number): Span => ({ from: hourStart(now) - (w.n - 1) * 3600, to: hourStart(now) + 3600 });

/** Each plan's values over the window (keyed by plan id), exactly as the promotion list computes them. */
export async function planValues(
  deps: Deps,
  customerid: number,
  platform: number,
  plans: EntityRow[],
  w: RuleWindow,
  now: number,
): Promise<Map<string, PlanValues>> {
  const out = new Map<string, PlanValues>();
  if (w.kind === 'hours') {
    const sums = await hoursOf(deps, customerid, platform, w, now);
    // the plans' monitored clicks over the same hours, read as the promotion list reads them
    const traffic = await plansTraffic(deps.db, [customerid], plans.map(planLinkOf), hoursSpan(w, now));
    for (const p of plans) {
      const row = sums.get(rowKey([p.entity_id]));
      const share = shareOf(traffic.get(sumKey(platform, p.entity_id)));
      out.set(p.entity_id, valuesOf(wireOf(sumOfRows(row ? [row] : [])), p.budget_fen, share));
    }
    return out;
  }
  const range = windowDays(w, now);
  for (let i = 0; i < plans.length; i += 500) {
    const chunk = plans.slice(i, i + 500);
    const rows = await entityRows(deps.db, chunk, { scope: [customerid], level: 'plan', platform }, dayStartsSpan(range.from, range.to));
    for (const [k, p] of chunk.entries()) out.set(p.entity_id, valuesOf(rows[k]!.metrics, p.budget_fen, shareOf(rows[k]!.invalid_traffic)));
  }
  return out;
}
