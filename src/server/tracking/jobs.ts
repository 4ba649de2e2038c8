/**
 * The tracking feature's jobs: the processor (raw pings and visits → events and rollups) and the retention of
 * processed raw rows. Both run on the scheduler's leader only.
 */
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { processingLag } from './lag.ts';
import { processAll } from './processor.ts';
import { pruneRawEvents } from './retention.ts';

export const PROCESSOR_JOB = 'tracking-processor';
export const RETENTION_JOB = 'tracking-retention';

/**
 * Rows per slice (and raw table). While pings arrive (`pressure.arriving()`) slices stay small: a slice's write holds
 * the database — SQLite's one connection, and the event loop, node:sqlite being synchronous — so pings that arrive
 * meanwhile wait for it (their p99); with nothing arriving slices grow to drain a backlog with fewer transactions
 * (bench/README.md "Tracking processor").
 */
export const SLICE_WHILE_BUSY = 500;
export const SLICE_WHEN_IDLE = 3000;

/**
 * Every 500 ms: process what is waiting, in slices, yielding to ingestion between them (`pressure.keepPace` waits while pings
 * arrive faster than 10 000/s — a burst — until the lag passes its bound: `IngestPressure`). The lag is measured from ids after
 * every slice (`tracking_processor_backlog_rows`, `…_lag_seconds`). Nodes sharing one PostgreSQL never count a row
 * twice: each slice moves the high-water marks with a compare-and-set (processor.ts). Runs recorded one row a minute.
 */
export function processorJob(deps: Pick<Deps, 'db' | 'engine' | 'pressure' | 'clock' | 'ipRegion'>): JobDef {
  const measure = async () => {
    const lag = await processingLag(deps.db, deps.clock.now());
    deps.pressure.setLag(lag.rows, lag.seconds);
    return lag;
  };
  return {
    name: PROCESSOR_JOB,
    schedule: { everyMs: 500 },
    coalesceMs: 60_000,
    async run(ctx) {
      if ((await measure()).rows === 0) return { rows: 0 };
      const r = await processAll(deps.db, deps.engine, {
        slice: () => (deps.pressure.arriving() ? SLICE_WHILE_BUSY : SLICE_WHEN_IDLE),
        pause: () => deps.pressure.keepPace(ctx.signal),
        signal: ctx.signal,
        now: () => deps.clock.now(),
        region: deps.ipRegion,
        onSlice: async () => {
          await measure();
        },
      });
      return { rows: r.monitor + r.visits };
    },
  };
}

/**
 * Hourly: processed raw rows older than RAW_RETENTION_DAYS go (parsed events, rejects and rollups stay); on PostgreSQL
 * only those outside the day partitions, which the `partitions` job drops whole.
 */
export function retentionJob(deps: Pick<Deps, 'db' | 'config' | 'engine'>): JobDef {
  return {
    name: RETENTION_JOB,
    schedule: { everyMs: 3600_000 },
    async run(ctx) {
      const r = await pruneRawEvents(deps.db, deps.engine, deps.config.RAW_RETENTION_DAYS, ctx.startedAt, ctx.yield);
      return { rows: r.monitor + r.visits };
    },
  };
}
