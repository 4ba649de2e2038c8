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

export type { Granularity, StatsPoint, StatsResult as LinkStats } from '../../../shared/stats.ts';
