/**
 * History: the last N China days of delivery for every plan of a platform that delivers now or could (switched on,
 * not rejected, out of audit: a paused, rejected or new plan has no past to report), as report facts only (nothing
 * is pinged), so a fresh authorisation has something to back-fill. Deterministic: the numbers of a
 * plan-hour depend only on the plan id, its bid and weight, and the hour; a day stops spending once the
 * plan's budget is reached. Re-running rewrites the same values (idempotent).
 */
import { createHash } from 'node:crypto';
import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import { chinaDayStart, hourStart } from '../../../shared/china-clock.ts';
import { dayShape } from './delivery.ts';
import type { World } from './world.ts';

/** A stable number in [0, 1) from a key. */
const unit = (key: string) => createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;

export function generateHistory(world: World, platform: AdPlatform, days: number): { hours: number; plans: number } {
  const now = world.now();
  const first = chinaDayStart(now) - days * 86400;
  const last = hourStart(now) - 3600;
  const plans = world.store.all<{ id: string; bid_fen: number | null; budget_fen: number | null; weight: number }>(
    `SELECT p.id, coalesce(p.bid_fen, c.bid_fen) AS bid_fen, p.budget_fen, p.weight FROM entities p
     LEFT JOIN entities c ON c.platform = p.platform AND c.level = 'campaign' AND c.id = p.campaign_id
     WHERE p.platform = ? AND p.level = 'plan' AND p.deleted = 0 AND p.enabled = 1 AND p.rejected = 0 AND p.audit_until <= ?`,
    platform,
    now,
  );
  let hours = 0;
  world.store.tx(() => {
    for (const p of plans) {
      let spentDay = -1;
      let spent = 0;
      for (let h = first; h <= last; h += 3600) {
        const day = chinaDayStart(h);
        if (day !== spentDay) (spentDay = day), (spent = 0);
        const r = unit(`${platform}:${p.id}:${h}`);
        const shows = Math.floor(60 * p.weight * dayShape(h) * (0.7 + 0.6 * r));
        let clicks = Math.floor(shows * (0.03 + 0.02 * unit(`${p.id}:${h}:c`)));
        const bid = p.bid_fen ?? 50;
        if (p.budget_fen && spent + clicks * bid > p.budget_fen) clicks = Math.max(0, Math.floor((p.budget_fen - spent) / bid));
        const visible = p.budget_fen && spent >= p.budget_fen ? 0 : shows;
        spent += clicks * bid;
        world.recordHistory(platform, String(p.id), h, visible, clicks, clicks * bid);
        hours += 1;
      }
    }
  });
  return { hours, plans: plans.length };
}
