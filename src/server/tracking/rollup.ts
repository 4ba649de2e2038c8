/** Rollup buckets and the upsert that adds counts (insert … on conflict do update, same on SQLite and PostgreSQL). */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';

export const hourOf = (epochSeconds: number): number => Math.floor(epochSeconds / 3600) * 3600;
/** Start of the China-time day (00:00 +08:00) as epoch seconds. */
export const dayOf = (epochSeconds: number): number => Math.floor((epochSeconds + CHINA_OFFSET_SECONDS) / 86400) * 86400 - CHINA_OFFSET_SECONDS;

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
      if (!row) map.set(k, (row = { ...key, bucket, shows: 0, clicks: 0, visits: 0 }));
      row.shows += counts.shows ?? 0;
      row.clicks += counts.clicks ?? 0;
      row.visits += counts.visits ?? 0;
    }
  }

  async write(trx: Transaction<Database>): Promise<void> {
    const hourly = [...this.hourly.values()].map(({ bucket, ...r }) => ({ hour: bucket, ...r }));
    const daily = [...this.daily.values()].map(({ bucket, ...r }) => ({ day: bucket, ...r }));
    for (let i = 0; i < hourly.length; i += 300) {
      await trx
        .insertInto('rollup_hourly')
        .values(hourly.slice(i, i + 300))
        .onConflict((oc) =>
          oc.columns(['hour', 'pageid', 'adv', 'aid']).doUpdateSet({
            shows: sql`rollup_hourly.shows + excluded.shows`,
            clicks: sql`rollup_hourly.clicks + excluded.clicks`,
            visits: sql`rollup_hourly.visits + excluded.visits`,
          }),
        )
        .execute();
    }
    for (let i = 0; i < daily.length; i += 300) {
      await trx
        .insertInto('rollup_daily')
        .values(daily.slice(i, i + 300))
        .onConflict((oc) =>
          oc.columns(['day', 'pageid', 'adv', 'aid']).doUpdateSet({
            shows: sql`rollup_daily.shows + excluded.shows`,
            clicks: sql`rollup_daily.clicks + excluded.clicks`,
            visits: sql`rollup_daily.visits + excluded.visits`,
          }),
        )
        .execute();
    }
  }
}
