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
export interface RollupKey {
  pageid: string;
  customerid: number;
  adv: string;
  aid: string;
}

type Row = RollupKey & Counts & { bucket: number };

/**
 * Accumulates counts per (bucket, pageid, adv, aid) in memory for one processing run. A ping of the same hour, link
 * and ad as the one before goes to the rows of that one without a lookup: a slice is in arrival order, and an ad's
 * pings come in runs (bench/README.md "SQLite drain, fourth pass").
 */
export class RollupAccumulator {
  readonly hourly = new Map<string, Row>();
  readonly daily = new Map<string, Row>();
  private last: { hour: number; day: number; key: RollupKey; hourly: Row; daily: Row } | null = null;

  add(at: number, key: RollupKey, counts: Partial<Counts>): void {
    const hour = hourOf(at);
    const day = dayOf(at);
    const last = this.last;
    let hourly: Row;
    let daily: Row;
    if (
      last &&
      last.hour === hour &&
      last.day === day &&
      last.key.pageid === key.pageid &&
      last.key.adv === key.adv &&
      last.key.aid === key.aid &&
      last.key.customerid === key.customerid
    ) {
      hourly = last.hourly;
      daily = last.daily;
    } else {
      hourly = rowOf(this.hourly, hour, key);
      daily = rowOf(this.daily, day, key);
      this.last = { hour, day, key, hourly, daily };
    }
    addCounts(hourly, counts);
    addCounts(daily, counts);
  }

  /** The accumulated rows, ready for `addRollups`. */
  rows(): { hourly: Array<Insertable<RollupHourlyTable>>; daily: Array<Insertable<RollupDailyTable>> } {
    return {
      hourly: [...this.hourly.values()].map(({ bucket, ...r }) => ({ hour: bucket, ...r })),
      daily: [...this.daily.values()].map(({ bucket, ...r }) => ({ day: bucket, ...r })),
    };
  }
}

/** The row of (`bucket`, `key`) in `map`, made with zero counts when new. */
function rowOf(map: Map<string, Row>, bucket: number, key: RollupKey): Row {
  const k = `${bucket}|${key.pageid}|${key.adv}|${key.aid}`;
  let row = map.get(k);
  if (!row) {
    row = { ...key, bucket, shows: 0, clicks: 0, visits: 0, invalid_shows: 0, invalid_clicks: 0, invalid_visits: 0 };
    map.set(k, row);
  }
  return row;
}

function addCounts(row: Counts, c: Partial<Counts>): void {
  if (c.shows) row.shows += c.shows;
  if (c.clicks) row.clicks += c.clicks;
  if (c.visits) row.visits += c.visits;
  if (c.invalid_shows) row.invalid_shows += c.invalid_shows;
  if (c.invalid_clicks) row.invalid_clicks += c.invalid_clicks;
  if (c.invalid_visits) row.invalid_visits += c.invalid_visits;
}
