/**
 * The plan that drove a link (docs/attribution.md, rules `link_plan` and `link_plan_clicks`): when an order reached
 * its link but no click or visit named the ad, the plans whose URL is the link and that had clicks on it in the
 * PLAN_WINDOW_HOURS hourly report buckets up to the order's anchor hour (the union's click time, else the order's
 * creation) decide it:
 * - exactly one such plan → that plan (`link_plan`);
 * - several → the one with the most clicks of the link in the window; a tie goes to the plan with the latest hour of
 *   clicks, then to the greater plan id (`link_plan_clicks`, an estimate: shown as 估算);
 * - none → no plan (the order stays at its link, `link_only`).
 * Pure: the clicks come from the report facts (ads/lookup.ts linkPlanClicks).
 */
import { hourStart } from '../../shared/china-clock.ts';
import type { LinkPlanClicks } from '../ads/lookup.ts';

/** Hourly buckets a plan's clicks are looked for in: the anchor's hour and the 23 before it. */
export const PLAN_WINDOW_HOURS = 24;

export interface DrivingPlan {
  rule: 'link_plan' | 'link_plan_clicks';
  platform: number;
  advertiser_id: string;
  campaign_id: string;
  plan_id: string;
  /** Clicks of the chosen plan, and of all plans, on the link in the window. */
  clicks: number;
  allClicks: number;
  plans: number;
}

/** The hours [from, to] whose report buckets an order anchored at `anchor` looks at. */
export function planWindow(anchor: number): { from: number; to: number } {
  const to = hourStart(anchor);
  return { from: to - (PLAN_WINDOW_HOURS - 1) * 3600, to };
}

/** The plan that drove `pageid` for an order anchored at `anchor`, from the link's plan clicks (any span). */
export function drivingPlan(clicks: readonly LinkPlanClicks[], pageid: string, anchor: number): DrivingPlan | null {
  if (anchor <= 0) return null;
  const { from, to } = planWindow(anchor);
  const byPlan = new Map<string, { row: LinkPlanClicks; clicks: number; last: number }>();
  for (const c of clicks) {
    if (c.pageid !== pageid || c.hour < from || c.hour > to || c.clicks <= 0) continue;
    const key = `${c.platform}\n${c.plan_id}`;
    const had = byPlan.get(key);
    if (had) {
      had.clicks += c.clicks;
      had.last = Math.max(had.last, c.hour);
    } else byPlan.set(key, { row: c, clicks: c.clicks, last: c.hour });
  }
  const plans = [...byPlan.values()].sort(
    (a, b) => b.clicks - a.clicks || b.last - a.last || (a.row.plan_id < b.row.plan_id ? 1 : a.row.plan_id > b.row.plan_id ? -1 : 0),
  );
  const best = plans[0];
  if (!best) return null;
  return {
    rule: plans.length === 1 ? 'link_plan' : 'link_plan_clicks',
    platform: best.row.platform,
    advertiser_id: best.row.advertiser_id,
    campaign_id: best.row.campaign_id,
    plan_id: best.row.plan_id,
    clicks: best.clicks,
    allClicks: plans.reduce((n, p) => n + p.clicks, 0),
    plans: plans.length,
  };
}
