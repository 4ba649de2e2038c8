/**
 * The data-lifecycle job: daily at 03:30 China time, delete what has outlived its retention period (policy.ts),
 * in slices with `ctx.yield()` between them (monitor ingestion goes first) and at most a bounded number of slices
 * per table per run, so a first run over a large backlog spreads over a few nights instead of one long lock.
 */
import { pruneCustomerHours } from '../ads/customer-hours.ts';
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { partitionsOf } from './partitions.ts';
import { HOUR_TABLES, ID_TABLES, retentionOf } from './policy.ts';
import { type HourTable, pruneClickKeys, pruneOldestById, pruneOldestHour } from './store.ts';

export const LIFECYCLE_JOB = 'data-retention';
const SLICE = 2000;
const MAX_SLICES = 500;
const DAY = 86400;

/**
 * Where hourly rows are deleted one hour at a time: the tables themselves on SQLite (and on a PostgreSQL table not
 * partitioned); on a partitioned one only its upgrade's legacy part and its DEFAULT part — month partitions are
 * dropped whole by the partitions job (partition-job.ts).
 */
async function rowAgedTables(deps: Pick<Deps, 'db' | 'engine'>, tables: readonly HourTable[]): Promise<string[]> {
  if (deps.engine !== 'postgres') return [...tables];
  const out: string[] = [];
  for (const table of tables) {
    const parts = await partitionsOf(deps.db, table);
    if (parts.length === 0) out.push(table);
    else out.push(...parts.filter((p) => p.isDefault || p.from === Number.NEGATIVE_INFINITY).map((p) => p.name));
  }
  return out;
}

export function lifecycleJob(deps: Pick<Deps, 'db' | 'config' | 'engine'>): JobDef {
  const keep = retentionOf(deps.config);
  return {
    name: LIFECYCLE_JOB,
    schedule: { cron: '30 3 * * *' },
    leaseSeconds: 120,
    async run(ctx) {
      let rows = 0;
      for (const [table, period] of ID_TABLES) {
        const days = keep[period];
        if (days <= 0) continue;
        for (let i = 0; i < MAX_SLICES && !ctx.signal.aborted; i++) {
          const [n, done] = await pruneOldestById(deps.db, table, ctx.startedAt - days * DAY, SLICE);
          rows += n;
          if (done) break;
          await ctx.yield();
        }
      }
      if (keep.eventDays > 0) {
        for (let i = 0; i < MAX_SLICES && !ctx.signal.aborted; i++) {
          const n = await pruneClickKeys(deps.db, ctx.startedAt - keep.eventDays * DAY, SLICE);
          rows += n;
          if (n < SLICE) break;
          await ctx.yield();
        }
      }
      if (keep.hourlyDays > 0) {
        for (const table of await rowAgedTables(deps, HOUR_TABLES)) {
          for (let i = 0; i < MAX_SLICES && !ctx.signal.aborted; i++) {
            const n = await pruneOldestHour(deps.db, table, ctx.startedAt - keep.hourlyDays * DAY);
            if (n === 0) break;
            rows += n;
            await ctx.yield();
          }
        }
        // the per-customer hours of the ad facts lose the hours those lost (ads/customer-hours.ts)
        if (!ctx.signal.aborted) rows += await pruneCustomerHours(deps.db);
      }
      return { rows };
    },
  };
}
