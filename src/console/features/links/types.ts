import type { LinkLogEntry, LinkView } from '../../../shared/links.ts';

export type { CustomerOption, LinkLogEntry, LinkView } from '../../../shared/links.ts';

/** Answers of the links API the shared module does not name (napi/link/index, log, stats). */
export interface LinkList {
  list: LinkView[];
  total: number;
}

export interface LinkLogList {
  list: LinkLogEntry[];
  total: number;
}

export type Granularity = 'hour' | 'day';

export interface StatsPoint {
  /** 'YYYY-MM-DD HH:00' (hour) or 'YYYY-MM-DD' (day), China time */
  time: string;
  /** bucket start, epoch seconds */
  ts: number;
  shows: number;
  clicks: number;
  visits: number;
}

export interface LinkStats {
  series: StatsPoint[];
  /** ctr is a percentage already (clicks / shows × 100) */
  totals: { shows: number; clicks: number; visits: number; ctr: number };
}
