import type { Clock } from '../kernel/clock.ts';
import type { Db } from '../kernel/executor.ts';
import { errorFields, log } from '../kernel/log.ts';
import type { IngestPressure } from '../kernel/pressure.ts';
import * as store from './store.ts';
import type { JobContext, JobDef, JobResult } from './types.ts';

/** What one run of `def` sees: its abort signal, the ingestion-aware yield, its cursors and keyed sub-runs. */
export function jobContext(
  deps: { db: Db; clock: Clock; nodeId: string; pressure?: IngestPressure },
  def: JobDef,
  signal: AbortSignal,
  startedMs: number,
): JobContext {
  const { db, clock, nodeId, pressure } = deps;
  return {
    signal,
    startedAt: Math.floor(startedMs / 1000),
    yield: async () => {
      if (pressure) await pressure.yield(signal, def.name);
      else await new Promise((r) => setImmediate(r));
    },
    cursor: (key = '') => store.readCursor(db, def.name, key),
    setCursor: (value, key = '') => store.writeCursor(db, def.name, key, value, clock.now()),
    forKey: async (key, part) => {
      const started = clock.now();
      let result: JobResult = {};
      try {
        result = await part();
      } catch (err) {
        result = { rows: 0, error: err instanceof Error ? err.message : String(err) };
        log.warn('job part failed', { job: def.name, key, ...errorFields(err) });
      }
      await store.insertRun(db, {
        job: def.name,
        key,
        node: nodeId,
        started_at: started,
        finished_at: clock.now(),
        rows: result.rows ?? 0,
        error: result.error ?? '',
      });
      return result;
    },
  };
}
