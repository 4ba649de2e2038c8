import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { actorOf } from '../accounts/actor.ts';
import { findUserById } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import { forbidden, invalid } from '../kernel/errors.ts';
import { loadKind } from './kinds/load.ts';
import type { ExportRow } from './store.ts';
import { templateColumns } from './template-columns.ts';
import type { SheetWriter } from './writers.ts';

/**
 * Write one export's file to `tmp`: the owner's rows of its kind for its stored filters (the owner's scope, as if
 * they listed them now), page by page through the writer. `afterPage` hears the rows written so far after each
 * page (progress, a stop, yielding to ingestion). Returns the rows written; a domain error (AppError) carries the
 * Chinese reason. Runs in the server's thread or on an export worker thread (worker.ts) alike; the kind's module
 * and the format's writer are imported when needed, so a worker loads only those (kinds/load.ts).
 */
export async function writeExportFile(
  deps: Deps,
  row: ExportRow,
  tmp: string,
  afterPage: (done: number) => Promise<void>,
): Promise<number> {
  const format = row.format === 'csv' ? 'csv' : 'xlsx';
  const owner = await findUserById(deps.db, row.user_id);
  if (owner?.status !== 1) throw forbidden('账号已停用，导出已取消');
  const actor = actorOf(owner, `export:${row.id}`);
  const kind = await loadKind(row.kind, actor.role);
  const keys = templateColumns(kind, row.columns);
  if (keys.length === 0) throw invalid('模板中的列已不再提供，请重新选择列');
  const columns = keys.map((k) => kind.columns.find((c) => c.key === k)).filter((c) => c !== undefined);
  const out = createWriteStream(tmp);
  let diskError: Error | null = null;
  out.on('error', (e) => {
    diskError = e;
  });
  const writer: SheetWriter =
    format === 'xlsx'
      ? await (await import('./xlsx.ts')).xlsxWriter(out, columns, kind.label)
      : (await import('./writers.ts')).csvWriter(out, columns);
  let done = 0;
  try {
    for await (const page of kind.rows(deps, actor, JSON.parse(row.filters), keys)) {
      await writer.write(page);
      if (diskError) throw diskError;
      done += page.length;
      await afterPage(done);
    }
    await writer.finish();
    if (!out.writableEnded) out.end();
    await finished(out);
  } catch (err) {
    out.destroy(); // the file is removed by the caller
    throw err;
  }
  return done;
}
