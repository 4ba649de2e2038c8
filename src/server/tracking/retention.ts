/**
 * Retention of the raw event tables. Raw pings and visits are only the write-ahead form of the parsed events
 * and rollups; once processed, they are kept `RAW_RETENTION_DAYS` for audits and re-processing, then deleted.
 * Deletion walks the oldest processed rows in id order (index `…_todo` on (processed, id)) in small slices and
 * stops at the first row younger than the cutoff, so a run costs what it deletes, never a table scan.
 * One node at a time (lease `tracking-retention`).
 */
import type { Db } from '../kernel/executor.ts';
import { acquireLease } from '../cluster/lease.ts';
import { pruneProcessedSlice, type RawTable } from './store.ts';
import type { Deps } from '../deps.ts';
import { log, errorFields } from '../kernel/log.ts';

const SLICE = 2000;
const MAX_SLICES_PER_RUN = 500;

async function pruneTable(db: Db, table: RawTable, cutoff: number): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < MAX_SLICES_PER_RUN; i++) {
    const [n, reachedYounger] = await pruneProcessedSlice(db, table, cutoff, SLICE);
    deleted += n;
    if (reachedYounger) break; // reached rows younger than the cutoff (or the end)
  }
  return deleted;
}

/** Delete processed raw rows received before `now - days`. Returns how many went, per table. */
export async function pruneRawEvents(db: Db, days: number, now: number): Promise<{ monitor: number; visits: number }> {
  const cutoff = now - days * 86400;
  return { monitor: await pruneTable(db, 'monitor_raw', cutoff), visits: await pruneTable(db, 'landing_visits', cutoff) };
}

/** Hourly, on the node that holds the lease; `days = 0` keeps raw rows forever. */
export function startRetention(deps: Pick<Deps, 'db' | 'clock' | 'nodeId' | 'lifecycle'>, days: number, intervalMs = 3600_000): void {
  const { db, clock } = deps;
  if (days <= 0) return;
  const run = async () => {
    try {
      if (!(await acquireLease(db, 'tracking-retention', Math.floor(intervalMs / 1000) - 60, deps.nodeId, clock.now()))) return;
      const result = await pruneRawEvents(db, days, clock.now());
      if (result.monitor + result.visits > 0) log.info('raw events pruned', { days, ...result });
    } catch (err) {
      log.error('raw event retention failed', errorFields(err));
    }
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  deps.lifecycle.onShutdown('tracking-retention', () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
