/**
 * How long each kind of data is kept (docs/data-lifecycle.md): the one table of retention periods, read from the
 * configuration. 0 keeps that kind for ever. Raw pings and visits have their own job (tracking-retention).
 */
import type { Config } from '../kernel/config.ts';
import type { HourTable, IdTable } from './store.ts';

export interface Retention {
  /** Parsed monitor events, landing visits and their click de-duplication keys. */
  eventDays: number;
  /** Refused pings and visits (kept for diagnosis). */
  rejectDays: number;
  /** Hourly rollups and hourly ad and order facts; the daily ones are kept. */
  hourlyDays: number;
}

export const retentionOf = (c: Pick<Config, 'EVENT_RETENTION_DAYS' | 'REJECT_RETENTION_DAYS' | 'HOURLY_RETENTION_DAYS'>): Retention => ({
  eventDays: c.EVENT_RETENTION_DAYS,
  rejectDays: c.REJECT_RETENTION_DAYS,
  hourlyDays: c.HOURLY_RETENTION_DAYS,
});

/** Which tables each period applies to. */
export const ID_TABLES: ReadonlyArray<[IdTable, keyof Retention]> = [
  ['monitor_events', 'eventDays'],
  ['visit_events', 'eventDays'],
  ['monitor_rejects', 'rejectDays'],
];
export const HOUR_TABLES: readonly HourTable[] = ['rollup_hourly', 'ad_facts_hourly', 'order_facts_hourly'];
