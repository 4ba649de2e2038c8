import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { linksKind } from '../../src/server/exports/kinds/links.ts';
import { produceExport, usesWorker } from '../../src/server/exports/produce.ts';
import { EXPORT_JOB } from '../../src/server/exports/service.ts';
import { findExport, insertExport, updateExport } from '../../src/server/exports/store.ts';
import { workerStats } from '../../src/server/exports/worker.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { ExportView } from '../../src/shared/exports.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { type DialectCase, dialects, sqliteFileCase, type TestHandle } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';
import { download, insertLinkRows, readXlsx } from '../support/factories-exports.ts';

/** 2 500 links: three pages of the links kind. */
const ROWS = 2500;

/**
 * SQLite in a file (the suite's SQLite is in memory, which a worker thread cannot open); PostgreSQL as the suite
 * opens it; PGlite stays in the server's thread (one in-process engine, no second connection).
 */
const workerDialect = (d: DialectCase): DialectCase => (d.name === 'sqlite' ? sqliteFileCase() : d);

describe.each(dialects().map(workerDialect))('exports on a worker thread on $name', (dialect) => {
  let db: TestHandle;
  let t: TestApp;
  let owner: UserRow;
  let token: string;
  const clock = new ManualClock();
  const inWorker = dialect.name !== 'pglite';
  beforeAll(async () => {
    db = await dialect.open();
    t = await makeTestApp(dialect, { EXPORT_INLINE_ROWS: '100', EXPORT_WORKER_MIN_ROWS: '1000' }, { handle: db, clock });
    owner = await makeUser(t.deps, { email: 'worker-owner@x.cn' });
    token = await loginAs(t, owner.email);
    await insertLinkRows(t.deps.db, owner.id, ROWS);
  });
  afterAll(async () => {
    await t.close();
    await db.close();
  });

  const queuedRow = async (format = 'csv', filters = '{}', userId = owner.id) =>
    insertExport(t.deps.db, {
      user_id: userId,
      kind: 'links',
      format,
      title: '推广链接-测试',
      columns: JSON.stringify(linksKind.columns.map((c) => c.key)),
      filters,
      state: 'queued',
      rows_total: ROWS,
      created_at: clock.now(),
    });
  const status = async (id: number) => (await t.post<ExportView>('/capi/napi/export/status', { id }, { token })).body.data;
  const fileOf = async (id: number) =>
    (await download(t, (await t.post<{ url: string }>('/capi/napi/export/link', { id }, { token })).body.data.url, { token })).body;

  it(`the export job writes the file ${inWorker ? 'on a worker thread' : 'in the server thread (PGlite)'}`, async () => {
    const csv = await queuedRow('csv');
    expect(usesWorker(t.deps, csv, { worker: true })).toBe(inWorker);
    expect(usesWorker(t.deps, { ...csv, rows_total: 999 }, { worker: true })).toBe(false); // small: in the server's thread
    const started = workerStats.started;
    const xlsx = await queuedRow('xlsx');
    await t.deps.jobs.run(EXPORT_JOB);
    expect(workerStats.started - started).toBe(inWorker ? 2 : 0);
    for (const id of [csv.id, xlsx.id]) expect(await status(id)).toMatchObject({ state: 'done', rows_done: ROWS, percent: 100 });
    expect((await fileOf(csv.id)).toString('utf8').split('\r\n')).toHaveLength(ROWS + 2);
    const [sheet] = await readXlsx(await fileOf(xlsx.id));
    expect(sheet?.rows).toHaveLength(ROWS);
    await vi.waitFor(() => expect(workerStats.running).toBe(0));
  });

  it('a failure in the worker marks the export failed with a Chinese reason', async () => {
    const disabledOwner = await makeUser(t.deps, { email: 'worker-disabled@x.cn' });
    await t.deps.db.updateTable('users').set({ status: 0 }).where('id', '=', disabledOwner.id).execute();
    const refused = await queuedRow('xlsx', '{}', disabledOwner.id);
    const broken = await queuedRow('csv', '{not json');
    await t.deps.jobs.run(EXPORT_JOB);
    expect(await findExport(t.deps.db, refused.id)).toMatchObject({ state: 'failed', error: '账号已停用，导出已取消' });
    expect(await findExport(t.deps.db, broken.id)).toMatchObject({ state: 'failed', error: '导出失败，请稍后重试' });
    await vi.waitFor(() => expect(workerStats.running).toBe(0));
  });

  it('a stop (cancel, shutdown) ends the worker and puts the export back in the queue', async () => {
    const { id } = await queuedRow('xlsx');
    await updateExport(t.deps.db, id, { state: 'running' });
    const row = await findExport(t.deps.db, id);
    const ac = new AbortController();
    let pages = 0;
    const run = produceExport(t.deps, row!, {
      worker: true,
      signal: ac.signal,
      pause: async () => {
        pages += 1;
        if (pages === 1) ac.abort(); // as the job's signal does when the process shuts down
      },
    });
    await expect(run).rejects.toThrow('stopped');
    expect(await findExport(t.deps.db, id)).toMatchObject({ state: 'queued', rows_done: 0 });
    await vi.waitFor(() => expect(workerStats.running).toBe(0));
    // the next run writes it whole
    await t.deps.jobs.run(EXPORT_JOB);
    expect(await status(id)).toMatchObject({ state: 'done', rows_done: ROWS });
  });
});
