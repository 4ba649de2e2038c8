/**
 * Tracking wiring for the server process: one event batcher (monitor pings and landing visits), the monitor
 * fast path, and the background processor. Shutdown order: the HTTP server stops, the batcher commits what
 * it holds (hooks run in reverse), then the processor drains the raw tables.
 */
import type { Db } from '../db/index.ts';
import type { Engine } from '../db/dialect.ts';
import { EventBatcher, defaultBatchOptions, type BatchOptions } from './batch.ts';
import { createMonitorHandler } from './monitor.ts';
import { startProcessor } from './processor.ts';
import { onShutdown } from '../lifecycle.ts';
import { registerGauge } from '../metrics.ts';

export interface Tracking {
  batcher: EventBatcher;
  monitorFastPath: ReturnType<typeof createMonitorHandler>;
}

export function startTracking(db: Db, engine: Engine, opts: { trustProxy: boolean; batch?: Partial<BatchOptions>; processIntervalMs?: number }): Tracking {
  const batcher = new EventBatcher(db, { ...defaultBatchOptions, ...opts.batch });
  // registered before the batcher's hook → runs after it at shutdown
  startProcessor(db, engine, { intervalMs: opts.processIntervalMs ?? 500, ingested: () => batcher.stats.committed });
  onShutdown('tracking-batch', () => batcher.close());
  registerGauge('tracking_batch_pending_rows', () => batcher.pending());
  registerGauge('tracking_batch_refused_total', () => batcher.stats.refused);
  registerGauge('tracking_batch_committed_total', () => batcher.stats.committed);
  return { batcher, monitorFastPath: createMonitorHandler(batcher, { trustProxy: opts.trustProxy }) };
}
