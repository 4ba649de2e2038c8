/**
 * The `partitions` job (PostgreSQL only; docs/data-lifecycle.md "PostgreSQL at scale"): every 6 hours on the leader,
 * and at once when a node becomes leader, it keeps each hourly table's China-month partitions — this month and the
 * next two exist before a row needs them; a month the DEFAULT partition caught rows for (a first sync's backfill, a
 * node that wrote before this job ran) gets its partition with those rows moved in — and drops every partition whose
 * whole range has outlived HOURLY_RETENTION_DAYS, instead of deleting its rows. Rows of a partially expired month
 * wait for the month to end (kept at most one month longer); the upgrade's legacy part and the DEFAULT one are still
 * aged by the data-retention job's row deletes (jobs.ts). Registered on PostgreSQL only (boot.ts).
 */
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { createMonth, defaultSpan, dropPartition, monthStart, partitionsOf } from './partitions.ts';
import { HOUR_TABLES, retentionOf } from './policy.ts';

export const PARTITIONS_JOB = 'partitions';
const DAY = 86400;
/** Months created ahead of the current one. */
const AHEAD = 2;
/** With retention off, rows the DEFAULT partition holds more than this many months back stay there. */
const MAX_BACK = 36;

export function partitionsJob(deps: Pick<Deps, 'db' | 'config' | 'engine'>): JobDef {
  const keep = retentionOf(deps.config);
  return {
    name: PARTITIONS_JOB,
    schedule: { everyMs: 6 * 3600_000 },
    leaseSeconds: 120,
    async run(ctx) {
      if (deps.engine !== 'postgres') return { rows: 0 };
      const now = ctx.startedAt;
      const cutoff = keep.hourlyDays > 0 ? now - keep.hourlyDays * DAY : Number.NEGATIVE_INFINITY;
      let moved = 0;
      for (const table of HOUR_TABLES) {
        if (ctx.signal.aborted) break;
        const parts = await partitionsOf(deps.db, table);
        if (!parts.some((p) => p.isDefault)) continue;
        const months = new Set<number>();
        for (let m = monthStart(now); m <= monthStart(now, AHEAD); m = monthStart(m, 1)) months.add(m);
        const span = await defaultSpan(deps.db, table);
        if (span) {
          const first = monthStart(Math.max(span.min, cutoff, monthStart(now, -MAX_BACK)));
          for (let m = first; m <= Math.min(span.max, monthStart(now, AHEAD)); m = monthStart(m, 1))
            if (monthStart(m, 1) > cutoff) months.add(m);
        }
        for (const m of [...months].sort((a, b) => a - b)) {
          const end = monthStart(m, 1);
          if (parts.some((p) => !p.isDefault && p.from < end && p.to > m)) continue;
          moved += await createMonth(deps.db, table, m);
          await ctx.yield();
        }
        for (const p of parts) if (!p.isDefault && p.to <= cutoff) await dropPartition(deps.db, p.name);
      }
      return { rows: moved };
    },
  };
}
