/**
 * Tracking wiring for the server process: one event batcher (monitor pings and landing visits), the monitor
 * fast path, and the background processor. Shutdown order: the HTTP server stops, the batcher commits what
 * it holds (hooks run in reverse), then the processor drains the raw tables.
 */
import type { Deps } from '../deps.ts';
import { EventBatcher, defaultBatchOptions, type BatchOptions } from './batch.ts';
import { createMonitorHandler } from './monitor.ts';
import { startProcessor } from './processor.ts';

export interface Tracking {
  batcher: EventBatcher;
  monitorFastPath: ReturnType<typeof createMonitorHandler>;
}

export function startTracking(deps: Pick<Deps, 'db' | 'engine' | 'lifecycle' | 'metrics'>, opts: { trustProxy: boolean; batch?: Partial<BatchOptions>; processIntervalMs?: number }): Tracking {
  const batcher = new EventBatcher(deps.db, { ...defaultBatchOptions, ...opts.batch });
  // registered before the batcher's hook → runs after it at shutdown
  startProcessor(deps, { intervalMs: opts.processIntervalMs ?? 500, ingested: () => batcher.stats.committed });
  deps.lifecycle.onShutdown('tracking-batch', () => batcher.close());
  deps.metrics.registerGauge('tracking_batch_pending_rows', () => batcher.pending());
  deps.metrics.registerGauge('tracking_batch_refused_total', () => batcher.stats.refused);
  deps.metrics.registerGauge('tracking_batch_committed_total', () => batcher.stats.committed);
  return { batcher, monitorFastPath: createMonitorHandler(batcher, { trustProxy: opts.trustProxy }) };
}
