/**
 * The `partitions` job (PostgreSQL only; docs/data-lifecycle.md "PostgreSQL at scale"): every 6 hours on the leader,
 * and at once when a node becomes leader, it keeps each partitioned table's periods — China months of `hour` for the
 * hourly tables, China days of `received_at` for the raw tracking tables: the current period and the next two exist
 * before a row needs them; a period the DEFAULT partition caught rows for (a first sync's backfill, a node that wrote
 * before this job ran) gets its partition with those rows moved in — and drops every partition whose whole range has
 * outlived the table's retention (HOURLY_RETENTION_DAYS, RAW_RETENTION_DAYS), instead of deleting its rows; a raw
 * part only once the processor has passed all of its ids (its rows are the processor's write-ahead log). Rows of a
 * partially expired period wait for the period to end; the upgrade's legacy part and the DEFAULT one are still aged
 * by the row deletes (lifecycle/jobs.ts, tracking/retention.ts). Registered on PostgreSQL only (boot.ts).
 */
import { pruneCustomerHours } from '../ads/customer-hours.ts';
import type { Deps } from '../deps.ts';
import type { JobContext, JobDef } from '../jobs/types.ts';
import { log } from '../kernel/log.ts';
import { type RawTable, readMarks } from '../tracking/progress.ts';
import {
  createPeriod,
  defaultSpan,
  dropPartition,
  HOURLY_PARTS,
  isMoveTooLong,
  MOVE_SECONDS,
  maxIdOf,
  type Partitioned,
  partitionsOf,
  periodStart,
  RAW_PARTS,
} from './partitions.ts';
import { HOUR_TABLES, retentionOf } from './policy.ts';

export const PARTITIONS_JOB = 'partitions';
const DAY = 86400;
/** Periods created ahead of the current one. */
const AHEAD = 2;
/** With retention off, rows the DEFAULT partition holds more than this far back stay there. */
const MAX_BACK_DAYS = 36 * 31;

/** Keep one table's partitions; returns the rows moved out of its DEFAULT partition. */
async function keepTable(
  deps: Pick<Deps, 'db'>,
  ctx: JobContext,
  t: Partitioned,
  days: number,
  mayDrop: (part: string) => Promise<boolean>,
): Promise<number> {
  const now = ctx.startedAt;
  const cutoff = days > 0 ? now - days * DAY : Number.NEGATIVE_INFINITY;
  const parts = await partitionsOf(deps.db, t.table);
  if (!parts.some((p) => p.isDefault)) return 0;
  const periods = new Set<number>();
  for (let m = periodStart(t, now); m <= periodStart(t, now, AHEAD); m = periodStart(t, m, 1)) periods.add(m);
  const span = await defaultSpan(deps.db, t);
  if (span) {
    const first = periodStart(t, Math.max(span.min, cutoff, now - MAX_BACK_DAYS * DAY));
    for (let m = first; m <= Math.min(span.max, periodStart(t, now, AHEAD)); m = periodStart(t, m, 1))
      if (periodStart(t, m, 1) > cutoff) periods.add(m);
  }
  let moved = 0;
  for (const m of [...periods].sort((a, b) => a - b)) {
    const end = periodStart(t, m, 1);
    if (parts.some((p) => !p.isDefault && p.from < end && p.to > m)) continue;
    if (ctx.signal.aborted) break;
    try {
      moved += await createPeriod(deps.db, t, m);
    } catch (err) {
      if (!isMoveTooLong(err)) throw err;
      log.warn('partition not created: its DEFAULT rows take too long to move', { table: t.table, from: m, seconds: MOVE_SECONDS });
    }
    await ctx.yield();
  }
  for (const p of parts) if (!p.isDefault && p.to <= cutoff && (await mayDrop(p.name))) await dropPartition(deps.db, p.name);
  return moved;
}

export function partitionsJob(deps: Pick<Deps, 'db' | 'config' | 'engine'>): JobDef {
  const keep = retentionOf(deps.config);
  return {
    name: PARTITIONS_JOB,
    schedule: { everyMs: 6 * 3600_000 },
    leaseSeconds: 120,
    async run(ctx) {
      if (deps.engine !== 'postgres') return { rows: 0 };
      let moved = 0;
      for (const table of HOUR_TABLES) {
        if (ctx.signal.aborted) break;
        moved += await keepTable(deps, ctx, HOURLY_PARTS(table), keep.hourlyDays, async () => true);
      }
      // the per-customer hours of the ad facts lose the hours a dropped partition took (ads/customer-hours.ts)
      if (!ctx.signal.aborted) await pruneCustomerHours(deps.db);
      for (const t of RAW_PARTS) {
        if (ctx.signal.aborted) break;
        const processedUpTo = async (part: string) => (await maxIdOf(deps.db, part)) <= (await readMarks(deps.db))[t.table as RawTable];
        moved += await keepTable(deps, ctx, t, deps.config.RAW_RETENTION_DAYS, processedUpTo);
      }
      return { rows: moved };
    },
  };
}
