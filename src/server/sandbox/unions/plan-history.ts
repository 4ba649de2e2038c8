/**
 * The demo world's back-filled orders come from the ad plans' delivered clicks: the union sandbox asks the ad
 * sandbox's world (through the world API main.ts wires, `PlanSource`) which plans drive which URL and how many
 * clicks each delivered per hour of its back-filled history. A plan drives a union link when one of its URLs is the
 * link's — UD's click monitor or landing click URL (a UDSmart link), or the promotion URL its landing page jumps to.
 * For each such plan-hour, the shoppers who reached the union (HISTORY_REACH of the clicks: the delivery engine's
 * landing rate × follow rate) are recorded as history clicks within the hour, and the shoppers decide as for any
 * click (world.ts: 10 % order). UD's clicks carry the plan's own advertiser, campaign, plan and creative ids (UD
 * returns them on the order). Live delivery needs none of this: its shoppers really follow the jump.
 *
 * Each (link, plan) is back-filled up to the last hour done (`plan_history`), so asking again adds only new hours;
 * the orders are indexed when they are made (world.ts `indexed_at`), so an update-time query lists them from then.
 */
import type { DatabaseSync } from 'node:sqlite';
import { seeded } from '../seed.ts';
import { type LinkRow, row, type UnionName } from './store.ts';
import type { UnionHooks, World } from './world.ts';

/** One plan that drives URLs, with its history clicks per hour (the ad sandbox's drivers.ts `PlanDrive`). */
export interface DrivingPlan {
  platform: string;
  advertiserId: string;
  campaignId: string;
  planId: string;
  creativeIds: string[];
  urls: string[];
  hours: Array<{ hour: number; clicks: number }>;
}
export type PlanSource = () => DrivingPlan[];

/** Share of a plan's clicks whose shopper reaches the union: landing 0.8 × follow 0.35 (adplatforms/delivery.ts). */
export const HISTORY_REACH = 0.28;
/** Asking the ad world again within this many milliseconds does nothing (an order sync pulls many pages). */
const THROTTLE_MS = 2000;

const SCHEMA = `CREATE TABLE IF NOT EXISTS plan_history (
  link_token TEXT NOT NULL, platform TEXT NOT NULL, plan_id TEXT NOT NULL, through_hour INTEGER NOT NULL,
  PRIMARY KEY (link_token, platform, plan_id))`;

/**
 * The union link a URL points at, by the routes each union serves under its base path: 淘宝 `/s.click/t?e=`, 京东
 * `/union-click/jdc?e=` and `/u/{token}`, 拼多多 `?cpsSign=` and `/p/{token}`, UD `/cm|/pv|/c/{monitor id}`.
 */
export function linkOfUrl(db: DatabaseSync, basePath: (union: UnionName) => string, url: string): LinkRow | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const byToken = (token: string | null) => (token ? row<LinkRow>(db, 'SELECT * FROM links WHERE token = ?', token) : undefined);
  for (const union of ['taobao', 'jd', 'pdd', 'ud'] as const) {
    const prefix = basePath(union).replace(/\/$/, '');
    if (!u.pathname.startsWith(`${prefix}/`)) continue;
    const rest = u.pathname.slice(prefix.length);
    const m = /^\/(u|p|cm|pv|c)\/([^/]+)$/.exec(rest);
    if (union === 'taobao' && rest === '/s.click/t') return byToken(u.searchParams.get('e'));
    if (union === 'jd') return rest === '/union-click/jdc' ? byToken(u.searchParams.get('e')) : m?.[1] === 'u' ? byToken(m[2]!) : undefined;
    if (union === 'pdd')
      return rest === '/duo_coupon_landing.html' ? byToken(u.searchParams.get('cpsSign')) : m?.[1] === 'p' ? byToken(m[2]!) : undefined;
    if (union === 'ud' && m && ['cm', 'pv', 'c'].includes(m[1]!))
      return row<LinkRow>(db, "SELECT * FROM links WHERE union_name = 'ud' AND tracking_key = ?", `ud:${m[2]}`);
  }
  return undefined;
}

export function planHistory(
  world: World,
  source: PlanSource,
  basePath: (union: UnionName) => string,
  hooks: Partial<Record<UnionName, UnionHooks>>,
): { sync(force?: boolean): number } {
  const db = world.db;
  db.exec(SCHEMA);
  let lastMs = 0;
  const done = db.prepare('SELECT through_hour FROM plan_history WHERE link_token = ? AND platform = ? AND plan_id = ?');
  const mark = db.prepare(
    `INSERT INTO plan_history (link_token, platform, plan_id, through_hour) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET through_hour = excluded.through_hour`,
  );
  return {
    /** Back-fill what the plans delivered since last time; returns the history clicks recorded. */
    sync(force = false) {
      if (!force && Date.now() - lastMs < THROTTLE_MS) return 0;
      lastMs = Date.now();
      let clicks = 0;
      const now = world.now();
      for (const plan of source()) {
        const link = plan.urls.map((url) => linkOfUrl(db, basePath, url)).find((l) => l !== undefined);
        if (!link || plan.hours.length === 0) continue;
        const through = Number(
          (done.get(link.token, plan.platform, plan.planId) as { through_hour?: number } | undefined)?.through_hour ?? 0,
        );
        const hours = plan.hours.filter((h) => h.hour > through && h.hour + 3600 <= now);
        if (hours.length === 0) continue;
        db.exec('BEGIN');
        try {
          for (const h of hours) {
            const r = seeded(`plan-history:${link.token}:${plan.platform}:${plan.planId}:${h.hour}`);
            const n = Math.floor(h.clicks * HISTORY_REACH + r.next());
            for (let i = 0; i < n; i++) {
              const params = hooks[link.union_name]?.planParams?.(link, plan, `${plan.planId}:${h.hour}:${i}`) ?? {};
              world.recordClick(link, 'history', params, '', '', h.hour + Math.floor(3600 * r.next()));
              clicks += 1;
            }
          }
          mark.run(link.token, plan.platform, plan.planId, hours[hours.length - 1]!.hour);
          db.exec('COMMIT');
        } catch (err) {
          db.exec('ROLLBACK');
          throw err;
        }
      }
      return clicks;
    },
  };
}
