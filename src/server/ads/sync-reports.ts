import type { Insertable } from 'kysely';
import { chinaDayStart, hourStart } from '../../shared/china-clock.ts';
import type { HourlyFact } from '../connectors/ad-platform.ts';
import type { Deps } from '../deps.ts';
import type { JobContext } from '../jobs/types.ts';
import type { Executor } from '../kernel/executor.ts';
import { withCallAuth } from './credentials.ts';
import { hourSums, rollupDay, upsertHourly } from './store-facts.ts';
import * as sync from './store-sync.ts';
import type { AdFactsHourlyTable } from './tables.ts';

/** A new account back-fills this many China days (plus today). */
export const BACKFILL_DAYS = 14;
/** Every sync re-pulls this many hours before its watermark: platforms revise recent hours (late data). */
export const REPULL_HOURS = 3;

/** Where an account's next report pull starts: 14 days back when new, else a few hours before the watermark. */
export function reportStart(syncedTo: number, now: number): number {
  const floor = chinaDayStart(now) - BACKFILL_DAYS * 86400;
  return syncedTo > 0 ? Math.max(floor, hourStart(syncedTo) - REPULL_HOURS * 3600) : floor;
}

/** Due once the plans are known (the first entity pass), when the watermark has not covered the current hour (once an hour). */
export const reportDue = (a: sync.SyncAccount, now: number): boolean => a.entity_synced_at > 0 && a.report_synced_to <= hourStart(now);

/** China days asked for in one report call (the per-day commits inside it keep a killed sync resumable). */
export const WINDOW_DAYS = 3;

/**
 * One account's report sync: hourly facts from the report connector, a few China days per call; each day
 * upserts its hours (keyed by platform, plan and hour), recomputes that day's daily rows from the hours and
 * moves the watermark, in one transaction — so a process killed mid-sync resumes from the last committed day
 * and writes no fact twice. Returns the hourly rows written.
 */
export async function syncAccountReport(deps: Deps, ctx: Pick<JobContext, 'signal' | 'yield'>, account: sync.SyncAccount): Promise<number> {
  return withCallAuth(deps, { platform: account.platform, advertiserId: account.advertiser_id }, async (auth, connector) => {
    const current = hourStart(deps.clock.now());
    const links = await sync.planLinks(deps.db, account.platform, account.advertiser_id);
    let rows = 0;
    // Read again: a retry after a token refresh continues where the first attempt got.
    let from = reportStart(await sync.readWatermark(deps.db, account.id), deps.clock.now());
    while (from <= current) {
      if (ctx.signal.aborted) throw new Error('同步已中止（服务停止），下次运行从已完成的部分继续');
      const to = Math.min(chinaDayStart(from) + WINDOW_DAYS * 86400 - 3600, current);
      const facts = await connector.hourlyReport(auth, account.advertiser_id, from, to);
      for (let day = chinaDayStart(from); day <= to; day += 86400) {
        const at = deps.clock.now();
        const dayEnd = Math.min(day + 86400 - 3600, to);
        const values: Row[] = facts
          .filter((f) => f.hour >= day && f.hour <= dayEnd)
          .map((f) => ({
            platform: account.platform,
            advertiser_id: account.advertiser_id,
            customerid: account.customerid,
            campaign_id: f.campaignId,
            plan_id: f.planId,
            pageid: links.get(f.planId) ?? '',
            hour: f.hour,
            cost_fen: f.costFen,
            shows: f.shows,
            clicks: f.clicks,
            conversions: f.conversions,
            synced_at: at,
            dayToDate: f.dayToDate,
          }));
        await deps.db.transaction().execute(async (tx) => {
          await hourOfDayToDate(tx, account, facts, values, day);
          await upsertHourly(tx, deps.engine, values);
          await rollupDay(tx, account.platform, account.advertiser_id, day, at);
          await sync.setReportWatermark(tx, account.id, dayEnd + 3600);
        });
        rows += values.length;
        await ctx.yield();
      }
      from = to + 3600;
    }
    return rows;
  });
}

type Row = Insertable<AdFactsHourlyTable> & { dayToDate?: true };

/**
 * A day-to-date fact (`HourlyFact.dayToDate`: the platform gives today's totals so far, not per hour) becomes its
 * hour's figures: the totals minus what the day's earlier hours already hold (never below zero; the platform's own
 * hourly figures replace the day once it has them). Rewritten in place; the marker is dropped before storing.
 */
async function hourOfDayToDate(tx: Executor, account: sync.SyncAccount, facts: HourlyFact[], rows: Row[], day: number): Promise<void> {
  const cumulative = rows.filter((r) => r.dayToDate);
  for (const r of rows) delete r.dayToDate;
  if (!cumulative.length || !facts.length) return;
  const hour = Math.min(...cumulative.map((r) => r.hour));
  const earlier = await hourSums(tx, account.platform, account.advertiser_id, day, hour);
  for (const r of cumulative) {
    const e = earlier.get(r.plan_id);
    if (!e) continue;
    r.cost_fen = Math.max(0, Number(r.cost_fen) - e.cost);
    r.shows = Math.max(0, Number(r.shows) - e.shows);
    r.clicks = Math.max(0, Number(r.clicks) - e.clicks);
    r.conversions = Math.max(0, Number(r.conversions) - e.conversions);
  }
}
