/** Rollup buckets, and the in-memory sums of one processing run (written by `addRollups` in the store). */

import type { Insertable } from 'kysely';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import type { RollupDailyTable, RollupHourlyTable } from './tables.ts';

export const hourOf = (epochSeconds: number): number => Math.floor(epochSeconds / 3600) * 3600;
/** Start of the China-time day (00:00 +08:00) as epoch seconds. */
export const dayOf = (epochSeconds: number): number =>
  Math.floor((epochSeconds + CHINA_OFFSET_SECONDS) / 86400) * 86400 - CHINA_OFFSET_SECONDS;

export interface Counts {
  shows: number;
  clicks: number;
  visits: number;
  invalid_shows: number;
  invalid_clicks: number;
  invalid_visits: number;
}
const COUNTS = ['shows', 'clicks', 'visits', 'invalid_shows', 'invalid_clicks', 'invalid_visits'] as const;
export interface RollupKey {
  pageid: string;
  customerid: number;
  adv: string;
  aid: string;
}

/** Accumulates counts per (bucket, pageid, adv, aid) in memory for one processing run. */
export class RollupAccumulator {
  readonly hourly = new Map<string, RollupKey & Counts & { bucket: number }>();
  readonly daily = new Map<string, RollupKey & Counts & { bucket: number }>();

  add(at: number, key: RollupKey, counts: Partial<Counts>): void {
    for (const [map, bucket] of [
      [this.hourly, hourOf(at)],
      [this.daily, dayOf(at)],
    ] as const) {
      const k = `${bucket}|${key.pageid}|${key.adv}|${key.aid}`;
      let row = map.get(k);
      if (!row) {
        row = { ...key, bucket, shows: 0, clicks: 0, visits: 0, invalid_shows: 0, invalid_clicks: 0, invalid_visits: 0 };
        map.set(k, row);
      }
      for (const c of COUNTS) row[c] += counts[c] ?? 0;
    }
  }

  /** The accumulated rows, ready for `addRollups`. */
  rows(): { hourly: Array<Insertable<RollupHourlyTable>>; daily: Array<Insertable<RollupDailyTable>> } {
    return {
      hourly: [...this.hourly.values()].map(({ bucket, ...r }) => ({ hour: bucket, ...r })),
      daily: [...this.daily.values()].map(({ bucket, ...r }) => ({ day: bucket, ...r })),
    };
  }
}
