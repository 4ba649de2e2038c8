import { sql } from 'kysely';
import { expect } from 'vitest';
import { PERIOD_SOURCES } from '../../src/server/ads/plan-period-sums.ts';
import { PERIOD_DAYS, planPeriodsThrough } from '../../src/server/ads/plan-periods.ts';
import { periodSums } from '../../src/server/facts/period-sums.ts';
import type { FactFilter, KeyPart } from '../../src/server/facts/query.ts';
import { type FactRow, sumsBy } from '../../src/server/facts/sums.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { expectGroupedExact } from './per-customer-rows.ts';

const DAY = 86_400;

/**
 * `plan_period_sums` (src/server/ads/plan-period-sums.ts) equals, for every preset period ending at the watermark, the
 * daily ad facts and the daily order facts of its days added up per channel, account, plan and customer, row for row (a
 * group whose sums are zero included). Returns how many rows it holds (0 and nothing checked while the watermark is 0).
 */
export async function expectPlanPeriodSumsExact(db: Db): Promise<number> {
  const through = await planPeriodsThrough(db);
  if (through === 0) return 0;
  let rows = 0;
  for (const days of PERIOD_DAYS)
    for (const s of Object.values(PERIOD_SOURCES))
      rows += await expectGroupedExact(db, {
        derived: 'plan_period_sums',
        source: s.table,
        key: ['channel', 'advertiser_id', 'plan_id', 'customerid'],
        sourceKey: [s.channel, 'advertiser_id', 'plan_id', 'customerid'],
        sums: s.sums,
        sourceWhere: sql`day > ${through - days * DAY} and day <= ${through}`,
        derivedWhere: sql`days = ${days} and source = ${s.code}`,
      });
  const { rows: all } = await sql<{ n: number | string }>`select count(*) as n from plan_period_sums`.execute(db);
  if (Number(all[0]?.n) !== rows) throw new Error(`plan_period_sums holds ${all[0]?.n} rows, ${rows} of the periods`);
  return rows;
}

/**
 * Admins' reads the period rows answer — by plan (the plan list; by plan and customer) — and two they leave to the
 * per-customer days (by customer, the total); of every channel or one.
 */
const GROUPINGS: KeyPart[][] = [['channel', 'advertiser', 'plan'], ['channel', 'plan', 'customer'], ['customer'], []];
const FILTERS: FactFilter[] = [{ customers: null }, { customers: null, channels: [2] }];

const sorted = (m: Map<string, FactRow>) => Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)));

/** Every preset period with today up to `now` and without it, by each grouping and filter. */
function periodCases(now: number) {
  const today = chinaDayStart(now);
  return PERIOD_DAYS.flatMap((days) =>
    [now, today].flatMap((to) =>
      GROUPINGS.flatMap((parts) =>
        FILTERS.map((f) => ({
          name: `${days} days to ${to} by ${parts.join(',')} of ${JSON.stringify(f)}`,
          span: { from: today - days * DAY, to },
          f,
          parts,
        })),
      ),
    ),
  );
}

/** The answers of every read of `periodCases` (with the period rows when they answer). */
export async function periodReads(db: Db, now: number): Promise<Record<string, Record<string, FactRow>>> {
  const out: Record<string, Record<string, FactRow>> = {};
  for (const c of periodCases(now)) out[c.name] = sorted(await sumsBy(db, c.span, c.f, c.parts));
  return out;
}

/**
 * Every read of `periodCases` with the period rows and from the daily facts (`periodSums` off): equal, customer of each
 * group included. Returns how many reads took the period rows (half of them when the watermark is yesterday).
 */
export async function expectPeriodReadsEqualDaily(db: Db, now: number): Promise<number> {
  const before = periodSums.taken;
  for (const c of periodCases(now)) {
    const quick = await sumsBy(db, c.span, c.f, c.parts);
    periodSums.on = false;
    try {
      expect(sorted(quick), c.name).toEqual(sorted(await sumsBy(db, c.span, c.f, c.parts)));
    } finally {
      periodSums.on = true;
    }
  }
  return periodSums.taken - before;
}

/** How many reads of `periodCases` take the period rows when the watermark is yesterday: those by plan. */
export const PERIOD_READS = periodCases(0).filter((c) => c.parts.includes('plan')).length;
