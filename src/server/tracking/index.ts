/**
 * Tracking wiring for the server process: one event batcher (monitor pings and landing visits) and the
 * monitor fast path; the batcher's commits drive `deps.pressure`, so background jobs yield to ingestion. The
 * processing itself is the `tracking-processor` job. Shutdown order: the HTTP server stops, the scheduler stops
 * (the processor ends its current slice), the batcher commits what it holds, then the processor works for at most
 * `drainMs` more — raw rows are durable, so whatever is left waits for the next start or another node
 * (hooks run in reverse).
 */
import type { Deps } from '../deps.ts';
import { arrivalClock } from '../kernel/clock.ts';
import { errorFields, log } from '../kernel/log.ts';
import { type BatchOptions, defaultBatchOptions, EventBatcher } from './batch.ts';
import { SLICE_WHILE_BUSY } from './jobs.ts';
import { createMonitorHandler } from './monitor.ts';
import { processAll } from './processor.ts';

export interface Tracking {
  batcher: EventBatcher;
  monitorFastPath: ReturnType<typeof createMonitorHandler>;
}

/** How long the shutdown drain may process (docs/api-tracking.md "Shutdown"). */
export const SHUTDOWN_DRAIN_MS = 1500;

export function startTracking(
  deps: Pick<Deps, 'db' | 'engine' | 'lifecycle' | 'metrics' | 'pressure' | 'clock' | 'ipRegion'>,
  opts: { trustProxy: boolean; batch?: Partial<BatchOptions>; drainMs?: number },
): Tracking {
  const batcher = new EventBatcher(deps.db, deps.engine, { ...defaultBatchOptions, ...opts.batch });
  // registered before the batcher's hook → runs after it at shutdown
  deps.lifecycle.onShutdown('tracking-drain', async () => {
    const until = performance.now() + (opts.drainMs ?? SHUTDOWN_DRAIN_MS);
    const r = await processAll(deps.db, deps.engine, {
      slice: () => SLICE_WHILE_BUSY,
      until,
      now: () => deps.clock.now(),
      region: deps.ipRegion,
    }).catch((err) => {
      log.error('tracking final drain failed', errorFields(err));
      return null;
    });
    if (r) log.info('tracking final drain', { rows: r.monitor + r.visits });
  });
  deps.lifecycle.onShutdown('tracking-batch', () => batcher.close());
  deps.pressure.watch(
    () => batcher.stats.committed,
    () => batcher.pending(),
  );
  deps.metrics.registerGauge('tracking_batch_pending_rows', () => batcher.pending());
  deps.metrics.registerGauge('tracking_batch_refused_total', () => batcher.stats.refused);
  deps.metrics.registerGauge('tracking_batch_committed_total', () => batcher.stats.committed);
  deps.metrics.registerGauge('tracking_processor_backlog_rows', () => deps.pressure.lag().rows);
  deps.metrics.registerGauge('tracking_processor_lag_seconds', () => deps.pressure.lag().seconds);
  return { batcher, monitorFastPath: createMonitorHandler(batcher, { trustProxy: opts.trustProxy, nowMs: arrivalClock(deps.clock) }) };
}
