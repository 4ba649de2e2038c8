import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../deps.ts';
import { AppError } from '../kernel/errors.ts';
import { log } from '../kernel/log.ts';
import * as store from './store.ts';
import { writeInWorker } from './worker.ts';
import { writeExportFile } from './write-file.ts';

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** The export was stopped (the process is shutting down): it goes back to the queue. */
export class ExportStopped extends Error {}

export interface ProduceOptions {
  signal?: AbortSignal;
  /** Between pages (the job's `ctx.yield`: monitor ingestion goes first). */
  pause?: () => Promise<void>;
  /** Progress is written at most this often (ms). */
  progressEveryMs?: number;
  /**
   * Write the file on an export worker thread (worker.ts: its own heap limits and database connection) when the
   * database allows one (a SQLite file or a PostgreSQL server, not memory or PGlite), EXPORT_WORKER is on and the
   * export has at least EXPORT_WORKER_MIN_ROWS rows.
   */
  worker?: boolean;
}

/** Whether an export is written on a worker thread or in the server's thread (tests ask). */
export const usesWorker = (deps: Deps, row: store.ExportRow, opts: ProduceOptions): boolean =>
  opts.worker === true &&
  deps.config.EXPORT_WORKER &&
  deps.dbSource != null &&
  Number(row.rows_total) >= deps.config.EXPORT_WORKER_MIN_ROWS;

/**
 * Write one export (write-file.ts) into a temporary file, then into object storage. Progress (rows done) and a
 * heartbeat are written as it goes. Ends `done` with the file's key and expiry, or `failed` with the reason; a
 * stop (`signal`) puts it back in the queue and throws ExportStopped.
 */
export async function produceExport(deps: Deps, row: store.ExportRow, opts: ProduceOptions = {}): Promise<void> {
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const format = row.format === 'csv' ? 'csv' : 'xlsx';
  const tmp = path.join(tmpDir, `export-${row.id}-${randomBytes(6).toString('hex')}.${format}`);
  let reportedAt = deps.clock.nowMs();
  const afterPage = async (done: number): Promise<void> => {
    if (opts.signal?.aborted) throw new ExportStopped('stopped');
    if (deps.clock.nowMs() - reportedAt >= (opts.progressEveryMs ?? 1000)) {
      reportedAt = deps.clock.nowMs();
      await store.updateExport(deps.db, row.id, { rows_done: done, heartbeat_at: deps.clock.now() });
    }
    await opts.pause?.();
  };
  try {
    const done = usesWorker(deps, row, opts)
      ? await writeInWorker(deps, row, tmp, afterPage, opts.signal, () => new ExportStopped('stopped'))
      : await writeExportFile(deps, row, tmp, afterPage);
    const key = `exports/${row.user_id}/${row.id}-${randomBytes(8).toString('hex')}.${format}`;
    const bytes = await deps.storage.putFile(key, tmp, CONTENT_TYPES[format]);
    const now = deps.clock.now();
    await store.updateExport(deps.db, row.id, {
      state: 'done',
      rows_done: done,
      rows_total: done,
      bytes,
      storage_key: key,
      finished_at: now,
      heartbeat_at: now,
      expires_at: now + deps.config.EXPORT_KEEP_HOURS * 3600,
      error: '',
    });
  } catch (err) {
    if (err instanceof ExportStopped) {
      await store.updateExport(deps.db, row.id, { state: 'queued', rows_done: 0 });
      throw err;
    }
    const reason = err instanceof AppError ? err.message : '导出失败，请稍后重试';
    if (!(err instanceof AppError))
      log.error('export failed', { id: row.id, kind: row.kind, err: err instanceof Error ? err.message : String(err) });
    await store.updateExport(deps.db, row.id, { state: 'failed', error: reason, finished_at: deps.clock.now() });
  } finally {
    await rm(tmp, { force: true });
  }
}
