/**
 * Which plans drive which URL, for the other sandboxes of the demo world: the affiliate unions' back-filled orders
 * come from the plans' delivered clicks (sandbox/unions/plan-history.ts asks through the world API main.ts wires).
 * A plan drives the URLs it carries (click and show monitor, landing page) and the URL its landing page jumps to:
 * the delivery engine reads that jump from the page whenever it visits it (a shopper's visit, or the platform's
 * review fetch of a plan's landing page when its history is made: engine.reviewLandingPages).
 */
import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import type { World } from './world.ts';

/** One plan, the URLs it drives, and its back-filled history: clicks per hour (live delivery pings for itself). */
export interface PlanDrive {
  platform: AdPlatform;
  advertiserId: string;
  campaignId: string;
  planId: string;
  creativeIds: string[];
  urls: string[];
  hours: Array<{ hour: number; clicks: number }>;
}

/** Remember the URL a plan's landing page jumps to (the last one seen). */
export function recordTarget(world: World, platform: AdPlatform, planId: string, url: string): void {
  world.store.run(
    `INSERT INTO plan_targets (platform, plan_id, url, learned_at) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET url = excluded.url, learned_at = excluded.learned_at`,
    platform,
    planId,
    url,
    world.now(),
  );
}

/** Every plan that drives a URL, with its history hours that had clicks. */
export function drivers(world: World): PlanDrive[] {
  const plans = world.store.all<{
    platform: AdPlatform;
    id: string;
    advertiser_id: string;
    campaign_id: string | null;
    show_url: string | null;
    click_url: string | null;
    landing_url: string | null;
    target: string | null;
  }>(
    `SELECT e.platform, e.id, e.advertiser_id, e.campaign_id, e.show_url, e.click_url, e.landing_url, t.url AS target
     FROM entities e LEFT JOIN plan_targets t ON t.platform = e.platform AND t.plan_id = e.id
     WHERE e.level = 'plan' AND e.deleted = 0 AND coalesce(e.show_url, e.click_url, e.landing_url) IS NOT NULL
     ORDER BY e.platform, e.id`,
  );
  const hours = new Map<string, Array<{ hour: number; clicks: number }>>();
  for (const r of world.store.all<{ platform: string; plan_id: string; hour: number; c: number }>(
    'SELECT platform, plan_id, hour, hist_clicks AS c FROM delivery WHERE hist_clicks > 0 ORDER BY hour',
  )) {
    const key = `${r.platform}\n${r.plan_id}`;
    const list = hours.get(key) ?? [];
    list.push({ hour: Number(r.hour), clicks: Number(r.c) });
    hours.set(key, list);
  }
  const creatives = new Map<string, string[]>();
  for (const c of world.store.all<{ platform: string; plan_id: string; id: string }>(
    "SELECT platform, plan_id, id FROM entities WHERE level = 'creative' AND deleted = 0 ORDER BY id",
  )) {
    const key = `${c.platform}\n${c.plan_id}`;
    creatives.set(key, [...(creatives.get(key) ?? []), String(c.id)]);
  }
  return plans.map((p) => {
    const key = `${p.platform}\n${p.id}`;
    return {
      platform: p.platform,
      advertiserId: String(p.advertiser_id),
      campaignId: p.campaign_id ?? '',
      planId: String(p.id),
      creativeIds: creatives.get(key) ?? [],
      urls: [p.click_url, p.show_url, p.landing_url, p.target].filter((u): u is string => !!u),
      hours: hours.get(key) ?? [],
    };
  });
}
