/**
 * The previous period's sums, like with like (docs/metrics.md "Change against the previous period"). Facts are
 * hourly and the current period's running hour holds only the minutes elapsed in it (the platforms' reports of
 * the hour so far, the orders so far), so the previous period's last hour counts with the same weight: at 00:20
 * today is compared with yesterday's whole hours before 00:00 (none) plus 20/60 of its 00:00 hour, not with the
 * whole hour ("↓ -100.00%" on every card at midnight). Once the period is over its weight is 1 (`Period.elapsed`).
 */
import { type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import type { Period } from '../../shared/periods.ts';
import type { FactFilter, KeyPart } from '../facts/query.ts';
import { type FactRow, rowKey, sumsBy } from '../facts/sums.ts';
import type { Executor } from '../kernel/executor.ts';

const HOUR = 3600;

/** Every sum times `w`, rounded to whole units (fen, orders, clicks). */
export function weighted(s: Sums, w: number): Sums {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v * w)])) as unknown as Sums;
}

/** Sums of `period.previous` per group of `parts`, its last hour weighted by the part of the current hour elapsed. */
export async function previousSumsBy(
  db: Executor,
  period: Period,
  filter: FactFilter,
  parts: readonly KeyPart[],
): Promise<Map<string, FactRow>> {
  const { from, to } = period.previous;
  if (period.elapsed >= 1 || to - HOUR < from) return sumsBy(db, period.previous, filter, parts);
  const out = await sumsBy(db, { from, to: to - HOUR }, filter, parts);
  for (const row of (await sumsBy(db, { from: to - HOUR, to }, filter, parts)).values()) {
    const part = weighted(row.sums, period.elapsed);
    const commission = Math.round(row.commissionFen * period.elapsed);
    const k = rowKey(row.key);
    const into = out.get(k);
    if (!into) {
      out.set(k, { ...row, sums: part, commissionFen: commission });
      continue;
    }
    for (const f of Object.keys(part) as Array<keyof Sums>) into.sums[f] += part[f];
    into.commissionFen += commission;
  }
  return out;
}

/** The one total of `period.previous`, like with like. */
export async function previousTotal(db: Executor, period: Period, filter: FactFilter): Promise<Sums> {
  const [row] = (await previousSumsBy(db, period, filter, [])).values();
  return row?.sums ?? { ...ZERO_SUMS };
}
