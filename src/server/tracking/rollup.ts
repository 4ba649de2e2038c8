/** Rollup buckets, and the in-memory sums of one processing run (written by `addRollups` in the store). */

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
}
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
        row = { ...key, bucket, shows: 0, clicks: 0, visits: 0 };
        map.set(k, row);
      }
      row.shows += counts.shows ?? 0;
      row.clicks += counts.clicks ?? 0;
      row.visits += counts.visits ?? 0;
    }
  }

  /** The accumulated rows, ready for `addRollups`. */
  rows(): { hourly: RollupHourlyTable[]; daily: RollupDailyTable[] } {
    return {
      hourly: [...this.hourly.values()].map(({ bucket, ...r }) => ({ hour: bucket, ...r })),
      daily: [...this.daily.values()].map(({ bucket, ...r }) => ({ day: bucket, ...r })),
    };
  }
}
