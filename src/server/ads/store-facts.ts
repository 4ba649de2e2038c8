/**
 * The report sync's fact writers: an account's hourly facts, the per-plan sums of its earlier hours, and the daily
 * rows, blocks and per-customer days a synced day rolls up into (docs/data-model.md).
 */
import { sql } from 'kysely';
import { type Engine, insertRows, type JsonColumn } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import { refreshBlocks } from './blocks.ts';
import { accountsLosingPlans, refreshCustomerDays } from './customer-days.ts';
import { exactTo } from './exact-to.ts';
import type { AdFactsHourlyTable } from './tables.ts';

/** What a re-pulled hour or a re-rolled day replaces: every column of an hourly or daily row but its key. */
const REPLACED = [
  'advertiser_id',
  'customerid',
  'campaign_id',
  'pageid',
  'cost_fen',
  'shows',
  'clicks',
  'conversions',
  'synced_at',
] as const;
const replaced = (eb: { ref: (r: `excluded.${(typeof REPLACED)[number]}`) => unknown }) =>
  Object.fromEntries(REPLACED.map((c) => [c, eb.ref(`excluded.${c}`)]));

/** An hourly row's columns in the order `upsertHourly` binds them. */
const HOURLY_COLUMNS: readonly JsonColumn[] = [
  ['platform', 'int'],
  ['advertiser_id', 'text'],
  ['customerid', 'int'],
  ['campaign_id', 'text'],
  ['plan_id', 'text'],
  ['pageid', 'text'],
  ['hour', 'int'],
  ['cost_fen', 'int'],
  ['shows', 'int'],
  ['clicks', 'int'],
  ['conversions', 'int'],
  ['synced_at', 'int'],
];
const HOURLY_CONFLICT = `on conflict (platform, plan_id, hour) do update set ${REPLACED.map((c) => `${c} = excluded.${c}`).join(', ')}`;

/**
 * Hourly facts, keyed by (platform, plan, hour): a re-pulled hour replaces what was there. Through `insertRows`, not
 * the query builder: compiling its 500-row VALUES lists cost as much CPU as SQLite's insert itself (bench/README.md
 * "Ad sync", third pass).
 */
export async function upsertHourly(db: Executor, engine: Engine, rows: readonly AdFactsHourlyTable[]): Promise<void> {
  const values = rows.map((r) => HOURLY_COLUMNS.map(([c]) => r[c as keyof AdFactsHourlyTable]));
  await insertRows(db, engine, 'ad_facts_hourly', HOURLY_COLUMNS, values, HOURLY_CONFLICT);
}

/** Per plan, the sums of an account's stored hours in [from, before) (for day-to-date facts: today's earlier hours). */
export async function hourSums(
  db: Executor,
  platform: number,
  advertiserId: string,
  from: number,
  before: number,
): Promise<Map<string, { cost: number; shows: number; clicks: number; conversions: number }>> {
  const rows = await db
    .selectFrom('ad_facts_hourly')
    .select((eb) => [
      'plan_id',
      eb.fn.sum<number>('cost_fen').as('cost'),
      eb.fn.sum<number>('shows').as('shows'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('conversions').as('conversions'),
    ])
    .where('platform', '=', platform)
    .where('advertiser_id', '=', advertiserId)
    .where('hour', '>=', from)
    .where('hour', '<', before)
    .groupBy('plan_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.plan_id,
      { cost: Number(r.cost), shows: Number(r.shows), clicks: Number(r.clicks), conversions: Number(r.conversions) },
    ]),
  );
}

/**
 * Recompute one China day of an account's daily rows from its hours, the day blocks holding it and the per-customer
 * totals of the day (idempotent) — also those of the accounts a late re-pull moved a plan's day from.
 */
export async function rollupDay(db: Executor, platform: number, advertiserId: string, day: number, at: number): Promise<void> {
  const losing = await accountsLosingPlans(db, platform, advertiserId, day);
  await db
    .insertInto('ad_facts_daily')
    .columns([
      'platform',
      'advertiser_id',
      'customerid',
      'campaign_id',
      'plan_id',
      'pageid',
      'day',
      'cost_fen',
      'shows',
      'clicks',
      'conversions',
      'synced_at',
      'exact_to',
    ])
    .expression((eb) =>
      eb
        .selectFrom('ad_facts_hourly')
        .select((s) => [
          'platform',
          'advertiser_id',
          s.fn.max('customerid').as('customerid'),
          s.fn.max('campaign_id').as('campaign_id'),
          'plan_id',
          s.fn.max('pageid').as('pageid'),
          sql.lit(day).as('day'),
          s.fn.sum<number>('cost_fen').as('cost_fen'),
          s.fn.sum<number>('shows').as('shows'),
          s.fn.sum<number>('clicks').as('clicks'),
          s.fn.sum<number>('conversions').as('conversions'),
          sql.lit(at).as('synced_at'),
          exactTo(day).as('exact_to'),
        ])
        .where('platform', '=', platform)
        .where('advertiser_id', '=', advertiserId)
        .where('hour', '>=', day)
        .where('hour', '<', day + 86400)
        .groupBy(['platform', 'advertiser_id', 'plan_id']),
    )
    .onConflict((oc) =>
      oc.columns(['platform', 'plan_id', 'day']).doUpdateSet((eb) => ({ ...replaced(eb), exact_to: eb.ref('excluded.exact_to') })),
    )
    .execute();
  await refreshBlocks(db, platform, advertiserId, day);
  await refreshCustomerDays(db, platform, losing, day);
}
