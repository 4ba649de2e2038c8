/**
 * Whole days of a read that are a preset period (`PERIOD_DAYS` closed China days ending yesterday), read from every
 * plan's period rows (`plan_period_sums`, ads/plan-period-sums.ts) instead of the daily facts: ≈ one row per plan,
 * account and customer for the period. Only for reads of every customer's facts (admins) narrowed by nothing but the
 * channel and grouped by nothing but channel, account, plan and customer — what those rows keep; a read of some
 * customers takes its (customerid, day) ranges of the daily facts, which are short already.
 */
import { sql } from 'kysely';
import { PERIOD_SOURCES } from '../ads/plan-period-sums.ts';
import { PERIOD_DAYS, planPeriodsThrough } from '../ads/plan-periods.ts';
import type { Executor } from '../kernel/executor.ts';
import type { FactFilter, FactPart, KeyPart, PartRow } from './query.ts';

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
  if (part?.grain !== 'day' || part.cut || !answerable(f, parts)) return null;
  const days = (part.to - part.from) / DAY;
  if (!(PERIOD_DAYS as readonly number[]).includes(days)) return null;
  const through = part.to - DAY;
  if ((await planPeriodsThrough(db)) !== through) return null;
  periodSums.taken += 1;
  return { days, through };
}

/** Whether the watermark is still where the read found it (a roll moves it forward only, in one transaction). */
export const periodStillAt = async (db: Executor, read: PeriodRead): Promise<boolean> => (await planPeriodsThrough(db)) === read.through;

/** The sums of one source over the period, grouped by `parts`, as `partSums` (query.ts) gives them. */
export async function periodPartSums(
  db: Executor,
  source: 'ad' | 'order',
  read: PeriodRead,
  f: FactFilter,
  parts: readonly KeyPart[],
): Promise<PartRow[]> {
  if (f.channels?.length === 0) return [];
  const s = PERIOD_SOURCES[source];
  const columns = parts.map((p) => COLUMNS[p] as string);
  const keys = columns.length ? sql.join(columns.map((c, i) => sql`cast(${sql.ref(c)} as text) as ${sql.ref(`k${i}`)}`)) : sql`'' as k0`;
  // five sums as partSums gives them: a source with four has a fifth of 0
  const sums = [...'abcde'].map((alias, i) => (s.sums[i] ? `sum(${s.sums[i]}) as ${alias}` : `0 as ${alias}`));
  const channels = f.channels ? sql`and channel in (${sql.join(f.channels.map((c) => sql`${c}`))})` : sql``;
  const group = columns.length ? sql`group by ${sql.join(columns.map((c) => sql.ref(c)))}` : sql``;
  const { rows } = await sql<
    Record<string, string | number | null>
  >`select ${keys}, max(customerid) as customerid, ${sql.raw(sums.join(', '))}
    from plan_period_sums where days = ${read.days} and source = ${s.code} ${channels} ${group}`.execute(db);
  return rows.map((r) => ({
    key: parts.map((_, i) => String(r[`k${i}`] ?? '')),
    customerid: Number(r.customerid ?? 0),
    sums: [Number(r.a ?? 0), Number(r.b ?? 0), Number(r.c ?? 0), Number(r.d ?? 0), Number(r.e ?? 0)],
  }));
}
