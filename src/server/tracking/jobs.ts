/**
 * The tracking feature's jobs: the processor (raw pings and visits → events and rollups) and the retention of
 * processed raw rows. Both run on the scheduler's leader only.
 */
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { processAll } from './processor.ts';
import { pruneRawEvents } from './retention.ts';
import { rawBacklog } from './store.ts';

export const PROCESSOR_JOB = 'tracking-processor';
export const RETENTION_JOB = 'tracking-retention';

/** Rows per processor transaction (small: a slice holds the database for a few milliseconds). */
const SLICE = 500;

/**
 * Every 500 ms: process what is waiting, in slices, yielding to ingestion between them (while pings arrive
 * faster than 2 000/s it waits, up to a lag of 200 000 rows: `IngestPressure`). PostgreSQL nodes also serialise
 * on an advisory lock inside each slice, so the shutdown drain of another node never counts a row twice.
 * Its runs are recorded one row per minute.
 */
export function processorJob(deps: Pick<Deps, 'db' | 'engine' | 'pressure'>): JobDef {
  return {
    name: PROCESSOR_JOB,
    schedule: { everyMs: 500 },
    coalesceMs: 60_000,
    async run(ctx) {
      deps.pressure.backlog = await rawBacklog(deps.db);
      if (deps.pressure.backlog === 0) return { rows: 0 };
      const r = await processAll(deps.db, deps.engine, SLICE, ctx.yield, ctx.signal);
      deps.pressure.backlog = 0;
      return { rows: r.monitor + r.visits };
    },
  };
}

/** Hourly: processed raw rows older than RAW_RETENTION_DAYS go (parsed events, rejects and rollups stay). */
export function retentionJob(deps: Pick<Deps, 'db' | 'config'>): JobDef {
  return {
    name: RETENTION_JOB,
    schedule: { everyMs: 3600_000 },
    async run(ctx) {
      const r = await pruneRawEvents(deps.db, deps.config.RAW_RETENTION_DAYS, ctx.startedAt, ctx.yield);
      return { rows: r.monitor + r.visits };
    },
  };
}
