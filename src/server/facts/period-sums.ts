/**
 * Whole days of a read that are a preset period (`PERIOD_DAYS` closed China days ending yesterday), read from every
 * plan's period rows (`plan_period_sums`, ads/plan-period-sums.ts) instead of the daily facts: ≈ one row per plan,
 * account and customer for the period. Only for reads of every customer's facts (admins) narrowed by nothing but the
 * channel and grouped by plan (and by nothing but channel, account, plan and customer: what those rows keep); a read of
 * some customers takes its (customerid, day) ranges of the daily facts, which are short already. On the engines that
 * keep the rows (SQLite: ads/plan-period-sums.ts `periodSumsKept`).
 */
import { sql } from 'kysely';
import { PERIOD_SOURCES, periodSumsKept } from '../ads/plan-period-sums.ts';
import { PERIOD_DAYS, planPeriodsThrough } from '../ads/plan-periods.ts';
import { engineOf } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import { type FactFilter, type FactPart, type KeyPart, keyNames } from './query.ts';

const DAY = 86_400;

/**
 * Whether whole days are read from the period rows where they can (always, in the product; off in benchmarks and A/B
 * tests), and how many reads took them (tests).
 */
export const periodSums = { on: true, taken: 0 };

/** Each key part the period rows keep, and its column. */
const COLUMNS: Partial<Record<KeyPart, string>> = {
  channel: 'channel',
  advertiser: 'advertiser_id',
  plan: 'plan_id',
  customer: 'customerid',
};

/**
 * Whether the period rows answer a read narrowed by `f` and grouped by `parts`, by what they keep — and by plan: a read
 * by channel, account or customer alone takes the per-customer days (facts/days.ts), fewer rows than one per plan.
 */
function answerable(f: FactFilter, parts: readonly KeyPart[]): boolean {
  if (!periodSums.on || f.customers !== null || !parts.includes('plan') || !parts.every((p) => COLUMNS[p])) return false;
  const unkept = [f.accounts, f.shops, f.advertiserId, f.campaignId, f.planId, f.planIds, f.pageids, f.itemId];
  return unkept.every((v) => v === undefined || v === null);
}

/** The watermark the rows of a read were taken at: the read is good only if it did not move meanwhile. */
export type PeriodRead = { days: number; through: number };

/** The preset period `part` (whole days) is, with the watermark, when the period rows answer the read; else null. */
export async function periodOfPart(
  db: Executor,
  part: FactPart | undefined,
  f: FactFilter,
  parts: readonly KeyPart[],
): Promise<PeriodRead | null> {
  if (part?.grain !== 'day' || part.cut || !answerable(f, parts) || !periodSumsKept[engineOf(db)]) return null;
  const days = (part.to - part.from) / DAY;
  if (!(PERIOD_DAYS as readonly number[]).includes(days)) return null;
  const through = part.to - DAY;
  if ((await planPeriodsThrough(db)) !== through) return null;
  periodSums.taken += 1;
  return { days, through };
}

/** Whether the watermark is still where the read found it (a roll moves it forward only, in one transaction). */
export const periodStillAt = async (db: Executor, read: PeriodRead): Promise<boolean> => (await planPeriodsThrough(db)) === read.through;

/** A group of the period rows: its key parts as text, its customer (max), and the ad sums then the order sums. */
export interface PeriodRow {
  key: string[];
  customerid: number;
  /** cost fen, shows, clicks, conversions, orders, order fen, paid orders, paid fen, commission fen (0 for a source not asked). */
  sums: number[];
}
const SUM_COLUMNS = [...PERIOD_SOURCES.ad.sums, ...PERIOD_SOURCES.order.sums];
const SUM_NAMES = SUM_COLUMNS.map((_, i) => `s${i}`);
/** The key's columns in its order (migration 0079): a grouping by a prefix of them adds up as it reads. */
const KEY_ORDER = ['channel', 'plan_id', 'advertiser_id', 'customerid'];

/**
 * The sums of the asked sources over the period, grouped by `parts`: one statement for both sources (their rows of a
 * plan are neighbours in the key), one row per group.
 */
export async function periodPartSums(
  db: Executor,
  sources: readonly ('ad' | 'order')[],
  read: PeriodRead,
  f: FactFilter,
  parts: readonly KeyPart[],
): Promise<PeriodRow[]> {
  if (f.channels?.length === 0 || sources.length === 0) return [];
  const columns = parts.map((p) => COLUMNS[p] as string);
  const keys = sql.join(columns.map((c, i) => sql`cast(${sql.ref(c)} as text) as ${sql.ref(`k${i}`)}`));
  const sums = sql.raw(SUM_COLUMNS.map((c, i) => `sum(${c}) as ${SUM_NAMES[i]}`).join(', '));
  const source = sources.length === 1 ? sql`and source = ${PERIOD_SOURCES[sources[0] as 'ad' | 'order'].code}` : sql``;
  const channels = f.channels ? sql`and channel in (${sql.join(f.channels.map((c) => sql`${c}`))})` : sql``;
  const group = sql.join([...columns].sort((a, b) => KEY_ORDER.indexOf(a) - KEY_ORDER.indexOf(b)).map((c) => sql.ref(c)));
  const { rows } = await sql<Record<string, string | number | null>>`select ${keys}, max(customerid) as customerid, ${sums}
    from plan_period_sums where days = ${read.days} ${source} ${channels} group by ${group}`.execute(db);
  const names = keyNames(parts.length);
  return rows.map((r) => ({
    key: names.map((n) => String(r[n] ?? '')),
    customerid: Number(r.customerid ?? 0),
    sums: SUM_NAMES.map((n) => Number(r[n] ?? 0)),
  }));
}
