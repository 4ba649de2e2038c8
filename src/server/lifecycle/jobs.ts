/**
 * The data-lifecycle job: daily at 03:30 China time, delete what has outlived its retention period (policy.ts),
 * in slices with `ctx.yield()` between them (monitor ingestion goes first) and at most a bounded number of slices
 * per table per run, so a first run over a large backlog spreads over a few nights instead of one long lock.
 */
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { HOUR_TABLES, ID_TABLES, retentionOf } from './policy.ts';
import { pruneClickKeys, pruneOldestById, pruneOldestHour } from './store.ts';

export const LIFECYCLE_JOB = 'data-retention';
const SLICE = 2000;
const MAX_SLICES = 500;
const DAY = 86400;

export function lifecycleJob(deps: Pick<Deps, 'db' | 'config'>): JobDef {
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
        for (const table of HOUR_TABLES) {
          for (let i = 0; i < MAX_SLICES && !ctx.signal.aborted; i++) {
            const n = await pruneOldestHour(deps.db, table, ctx.startedAt - keep.hourlyDays * DAY);
            if (n === 0) break;
            rows += n;
            await ctx.yield();
          }
        }
      }
      return { rows };
    },
  };
}
