/**
 * The sandbox world: the entities (entities.ts) plus what happens to them — live delivery and back-filled
 * history per plan-hour, spend charged to the advertiser's balance, the clicks that were sent, received
 * conversions, budget-change counters — and the reports built from it, with the documented excess.
 */
import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import { chinaDay } from '../../../shared/china-clock.ts';
import { type Entity, WorldEntities } from './entities.ts';

export type { Advertiser, Entity, NewEntity, WorldState } from './entities.ts';

export interface ReportRow {
  campaignId: string;
  planId: string;
  hour: number;
  shows: number;
  clicks: number;
  costFen: number;
  conversions: number;
}

/** Platform counts exceed what was pinged by a small deterministic margin (documented in docs/ad-platforms.md). */
export const EXCESS = { showsPct: 3, clicksPct: 2, costPct: 2 } as const;
export const withExcess = (n: number, pct: number): number => n + Math.ceil((n * pct) / 100);

export class World extends WorldEntities {
  /** Live delivery (what the engine pinged): counts and spend, charged to the advertiser's balance. */
  recordDelivery(platform: AdPlatform, plan: Entity, hour: number, shows: number, clicks: number, costFen: number): void {
    this.store.tx(() => {
      this.store.run(
        `INSERT INTO delivery (platform, plan_id, hour, live_shows, live_clicks, live_cost_fen) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET live_shows = live_shows + excluded.live_shows, live_clicks = live_clicks + excluded.live_clicks,
         live_cost_fen = live_cost_fen + excluded.live_cost_fen`,
        platform,
        plan.id,
        hour,
        shows,
        clicks,
        costFen,
      );
      if (costFen)
        this.store.run(
          'UPDATE advertisers SET balance_fen = balance_fen - ? WHERE platform = ? AND id = ?',
          costFen,
          platform,
          plan.advertiserId,
        );
    });
  }
  /** Back-filled history (report facts only, nothing pinged). Idempotent per plan-hour. */
  recordHistory(platform: AdPlatform, planId: string, hour: number, shows: number, clicks: number, costFen: number): void {
    this.store.run(
      `INSERT INTO delivery (platform, plan_id, hour, hist_shows, hist_clicks, hist_cost_fen) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET hist_shows = excluded.hist_shows, hist_clicks = excluded.hist_clicks, hist_cost_fen = excluded.hist_cost_fen`,
      platform,
      planId,
      hour,
      shows,
      clicks,
      costFen,
    );
  }

  /** What the platform reports for one advertiser's plans and hours: live delivery plus the excess, plus history. */
  report(platform: AdPlatform, advertiserId: string, fromHour: number, toHour: number): ReportRow[] {
    return this.store
      .all(
        // The advertiser's plans first (CROSS JOIN fixes the order), then each plan's hours by the delivery key:
        // left to itself SQLite scans every delivery row of the platform per report call.
        `SELECT d.*, e.campaign_id FROM entities e CROSS JOIN delivery d ON d.platform = e.platform AND d.plan_id = e.id
         WHERE e.platform = ? AND e.advertiser_id = ? AND e.level = 'plan' AND d.hour >= ? AND d.hour <= ? ORDER BY d.hour, d.plan_id`,
        platform,
        advertiserId,
        fromHour,
        toHour,
      )
      .map((r) => ({
        campaignId: String(r.campaign_id ?? ''),
        planId: String(r.plan_id),
        hour: Number(r.hour),
        shows: withExcess(Number(r.live_shows), EXCESS.showsPct) + Number(r.hist_shows),
        clicks: withExcess(Number(r.live_clicks), EXCESS.clicksPct) + Number(r.hist_clicks),
        costFen: withExcess(Number(r.live_cost_fen), EXCESS.costPct) + Number(r.hist_cost_fen),
        conversions: Number(r.conversions),
      }));
  }
  /** What the engine really pinged (no excess), for tests and the admin API. */
  pinged(platform: AdPlatform, planId: string): { shows: number; clicks: number } {
    const r = this.store.get<{ s: number; c: number }>(
      'SELECT coalesce(sum(live_shows), 0) AS s, coalesce(sum(live_clicks), 0) AS c FROM delivery WHERE platform = ? AND plan_id = ?',
      platform,
      planId,
    )!;
    return { shows: Number(r.s), clicks: Number(r.c) };
  }

  recordClick(platform: AdPlatform, clickId: string, planId: string, callback: string): void {
    this.store.run(
      'INSERT OR IGNORE INTO clicks (platform, click_id, plan_id, callback, at) VALUES (?, ?, ?, ?, ?)',
      platform,
      clickId,
      planId,
      callback,
      this.now(),
    );
  }
  click(platform: AdPlatform, by: { clickId?: string; callback?: string }): { clickId: string; planId: string; at: number } | undefined {
    const r = by.clickId
      ? this.store.get('SELECT * FROM clicks WHERE platform = ? AND click_id = ?', platform, by.clickId)
      : this.store.get('SELECT * FROM clicks WHERE platform = ? AND callback = ?', platform, by.callback ?? '');
    return r ? { clickId: String(r.click_id), planId: String(r.plan_id), at: Number(r.at) } : undefined;
  }
  /** A received conversion; an accepted one is counted on the clicked plan's hour. */
  recordConversion(platform: AdPlatform, accepted: boolean, reason: string, planId: string | null, payload: unknown): void {
    this.store.run(
      'INSERT INTO conversions (platform, at, accepted, reason, plan_id, payload) VALUES (?, ?, ?, ?, ?, ?)',
      platform,
      this.now(),
      accepted ? 1 : 0,
      reason,
      planId,
      JSON.stringify(payload),
    );
    if (accepted && planId) {
      const hour = this.now() - (this.now() % 3600);
      this.store.run(
        `INSERT INTO delivery (platform, plan_id, hour, conversions) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET conversions = conversions + 1`,
        platform,
        planId,
        hour,
      );
    }
  }
  conversions(platform: AdPlatform): Array<{ at: number; accepted: boolean; reason: string; planId: string | null; payload: unknown }> {
    return this.store.all('SELECT * FROM conversions WHERE platform = ? ORDER BY id', platform).map((r) => ({
      at: Number(r.at),
      accepted: r.accepted === 1,
      reason: String(r.reason),
      planId: r.plan_id as string | null,
      payload: JSON.parse(String(r.payload)),
    }));
  }

  /** Count one budget change of an entity today; returns the count after it. */
  countBudgetChange(platform: AdPlatform, id: string): number {
    const d = chinaDay(this.now());
    this.store.run(
      'INSERT INTO budget_changes (platform, entity_id, day, n) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1',
      platform,
      id,
      d,
    );
    return Number(
      this.store.get<{ n: number }>('SELECT n FROM budget_changes WHERE platform = ? AND entity_id = ? AND day = ?', platform, id, d)!.n,
    );
  }
  budgetChangesToday(platform: AdPlatform, id: string): number {
    return Number(
      this.store.get<{ n: number }>(
        'SELECT n FROM budget_changes WHERE platform = ? AND entity_id = ? AND day = ?',
        platform,
        id,
        chinaDay(this.now()),
      )?.n ?? 0,
    );
  }
}
