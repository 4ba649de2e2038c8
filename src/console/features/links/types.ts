export type { CustomerOption, LinkLogEntry, LinkView } from '../../../shared/links.ts';
export type { Granularity, StatsPoint, StatsResult as LinkStats } from '../../../shared/stats.ts';
