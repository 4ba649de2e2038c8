import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { log } from '../kernel/log.ts';
import { ExportStopped, produceExport } from './produce.ts';
import { EXPORT_JOB } from './service.ts';
import * as store from './store.ts';

/** A running export whose heartbeat is older than this was left by a node that died: it is started again. */
const STALE_SECONDS = 120;
/** Export records (expired or failed) are forgotten after this many days. */
const RECORD_DAYS = 30;

/**
 * Background exports: every 15 s and whenever one is queued (any node kicks it), one run at a time across the
 * nodes; each run writes the queued exports oldest first, yielding to monitor ingestion between pages. A stop
 * puts the export being written back in the queue; the next run starts it over. Each file is written on an export
 * worker thread where the database allows (produce.ts, worker.ts).
 */
export function exportJob(deps: Deps): JobDef {
  return {
    name: EXPORT_JOB,
    schedule: { everyMs: 15_000 },
    leaseSeconds: 60,
    async run(ctx) {
      const requeued = await store.requeueStale(deps.db, deps.clock.now() - STALE_SECONDS);
      if (requeued) log.warn('exports requeued after a stopped writer', { requeued });
      let rows = 0;
      while (!ctx.signal.aborted) {
        const next = await store.claimNextQueued(deps.db, deps.clock.now());
        if (!next) break;
        try {
          await produceExport(deps, next, { signal: ctx.signal, pause: () => ctx.yield(), worker: true });
        } catch (err) {
          if (err instanceof ExportStopped) break;
          throw err;
        }
        rows += Number((await store.findExport(deps.db, next.id))?.rows_done ?? 0);
      }
      return { rows };
    },
  };
}

/** Hourly: finished files past `EXPORT_KEEP_HOURS` are deleted from object storage; old records are forgotten. */
export function exportCleanupJob(deps: Deps): JobDef {
  return {
    name: 'exports-cleanup',
    schedule: { cron: '17 * * * *' },
    async run(ctx) {
      let removed = 0;
      for (;;) {
        const due = await store.expiredFiles(deps.db, deps.clock.now(), 100);
        for (const f of due) {
          await deps.storage.delete(f.storage_key);
          await store.updateExport(deps.db, f.id, { state: 'expired', storage_key: '' });
          removed += 1;
        }
        if (due.length < 100 || ctx.signal.aborted) break;
        await ctx.yield();
      }
      await store.deleteOldRecords(deps.db, deps.clock.now() - RECORD_DAYS * 86400);
      return { rows: removed };
    },
  };
}
