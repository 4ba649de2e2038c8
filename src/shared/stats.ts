/** Shows, clicks and visits over time, as the stats API answers them (server and console share these shapes). */
export type Granularity = 'hour' | 'day';

export interface StatsPoint {
  /** 'YYYY-MM-DD HH:00' (hour) or 'YYYY-MM-DD' (day), China time. */
  time: string;
  /** Bucket start, epoch seconds. */
  ts: number;
  shows: number;
  clicks: number;
  visits: number;
}

export interface StatsResult {
  series: StatsPoint[];
  /** ctr = clicks / shows × 100, two decimals, 0 without shows. */
  totals: { shows: number; clicks: number; visits: number; ctr: number };
}
