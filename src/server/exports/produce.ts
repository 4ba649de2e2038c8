import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { actorOf } from '../accounts/actor.ts';
import { findUserById } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import { AppError, forbidden, invalid } from '../kernel/errors.ts';
import { log } from '../kernel/log.ts';
import { kindFor } from './kinds/index.ts';
import * as store from './store.ts';
import { templateColumns } from './templates.ts';
import { csvWriter, type SheetWriter } from './writers.ts';
import { xlsxWriter } from './xlsx.ts';

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
}

/**
 * Write one export: the owner's rows of its kind for its stored filters (the owner's scope, as if they listed
 * them now), streamed page by page into a temporary file, then into object storage. Progress (rows done) and
 * a heartbeat are written as it goes. Ends `done` with the file's key and expiry, or `failed` with the reason.
 */
export async function produceExport(deps: Deps, row: store.ExportRow, opts: ProduceOptions = {}): Promise<void> {
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const format = row.format === 'csv' ? 'csv' : 'xlsx';
  const tmp = path.join(tmpDir, `export-${row.id}-${randomBytes(6).toString('hex')}.${format}`);
  try {
    const owner = await findUserById(deps.db, row.user_id);
    if (owner?.status !== 1) throw forbidden('账号已停用，导出已取消');
    const actor = actorOf(owner, `export:${row.id}`);
    const kind = kindFor(row.kind, actor.role);
    const keys = templateColumns(kind, row.columns);
    if (keys.length === 0) throw invalid('模板中的列已不再提供，请重新选择列');
    const columns = keys.map((k) => kind.columns.find((c) => c.key === k)).filter((c) => c !== undefined);
    const out = createWriteStream(tmp);
    let diskError: Error | null = null;
    out.on('error', (e) => {
      diskError = e;
    });
    const writer: SheetWriter = format === 'xlsx' ? await xlsxWriter(out, columns, kind.label) : csvWriter(out, columns);
    let done = 0;
    let reportedAt = deps.clock.nowMs();
    for await (const page of kind.rows(deps, actor, JSON.parse(row.filters), keys)) {
      await writer.write(page);
      if (diskError) throw diskError;
      done += page.length;
      if (opts.signal?.aborted) throw new ExportStopped('stopped');
      if (deps.clock.nowMs() - reportedAt >= (opts.progressEveryMs ?? 1000)) {
        reportedAt = deps.clock.nowMs();
        await store.updateExport(deps.db, row.id, { rows_done: done, heartbeat_at: deps.clock.now() });
      }
      await opts.pause?.();
    }
    await writer.finish();
    if (!out.writableEnded) out.end();
    await finished(out);
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
