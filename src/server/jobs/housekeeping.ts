import type { Deps } from '../deps.ts';
import { pruneRuns } from './store.ts';
import type { JobDef } from './types.ts';

/** Recorded runs are kept this long. */
export const JOB_RUNS_RETENTION_DAYS = 30;

/** Daily at 04:10 China time: recorded job runs older than 30 days go (cursors stay). */
export function jobRunsRetentionJob(deps: Pick<Deps, 'db'>): JobDef {
  return {
    name: 'job-runs-retention',
    schedule: { cron: '10 4 * * *' },
    async run(ctx) {
      return { rows: await pruneRuns(deps.db, ctx.startedAt - JOB_RUNS_RETENTION_DAYS * 86400) };
    },
  };
}
