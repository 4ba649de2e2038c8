/**
 * Tracking wiring for the server process: one event batcher (monitor pings and landing visits) and the
 * monitor fast path; the batcher's commits drive `deps.pressure`, so background jobs yield to ingestion. The
 * processing itself is the `tracking-processor` job. Shutdown order: the HTTP server stops, the scheduler stops,
 * the batcher commits what it holds, then one last drain processes every raw row left (hooks run in reverse).
 */
import type { Deps } from '../deps.ts';
import { arrivalClock } from '../kernel/clock.ts';
import { errorFields, log } from '../kernel/log.ts';
import { type BatchOptions, defaultBatchOptions, EventBatcher } from './batch.ts';
import { createMonitorHandler } from './monitor.ts';
import { processAll } from './processor.ts';

export interface Tracking {
  batcher: EventBatcher;
  monitorFastPath: ReturnType<typeof createMonitorHandler>;
}

export function startTracking(
  deps: Pick<Deps, 'db' | 'engine' | 'lifecycle' | 'metrics' | 'pressure' | 'clock'>,
  opts: { trustProxy: boolean; batch?: Partial<BatchOptions> },
): Tracking {
  const batcher = new EventBatcher(deps.db, { ...defaultBatchOptions, ...opts.batch });
  // registered before the batcher's hook → runs after it at shutdown
  deps.lifecycle.onShutdown('tracking-drain', async () => {
    await processAll(deps.db, deps.engine).catch((err) => log.error('tracking final drain failed', errorFields(err)));
  });
  deps.lifecycle.onShutdown('tracking-batch', () => batcher.close());
  deps.pressure.watch(() => batcher.stats.committed);
  deps.metrics.registerGauge('tracking_batch_pending_rows', () => batcher.pending());
  deps.metrics.registerGauge('tracking_batch_refused_total', () => batcher.stats.refused);
  deps.metrics.registerGauge('tracking_batch_committed_total', () => batcher.stats.committed);
  deps.metrics.registerGauge('tracking_processor_backlog_rows', () => deps.pressure.backlog);
  return { batcher, monitorFastPath: createMonitorHandler(batcher, { trustProxy: opts.trustProxy, nowMs: arrivalClock(deps.clock) }) };
}
