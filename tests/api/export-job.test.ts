import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { linksKind } from '../../src/server/exports/kinds/links.ts';
import { produceExport } from '../../src/server/exports/produce.ts';
import { EXPORT_JOB } from '../../src/server/exports/service.ts';
import { findExport, insertExport, updateExport } from '../../src/server/exports/store.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { ExportView } from '../../src/shared/exports.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects, type TestHandle } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';
import { download, insertLinkRows } from '../support/factories-exports.ts';

/** 2 500 links: three pages of the links kind (1 000 rows each), so progress shows between pages. */
const ROWS = 2500;

describe.each(dialects())('the export job on $name', (dialect) => {
  let db: TestHandle;
  let t: TestApp;
  let t2: TestApp;
  let owner: UserRow;
  let token: string;
  const clock = new ManualClock();
  beforeAll(async () => {
    db = await dialect.open();
    const env = { EXPORT_INLINE_ROWS: '100' };
    t = await makeTestApp(dialect, env, { handle: db, clock });
    t2 = await makeTestApp(dialect, env, { handle: await db.second(), clock });
    owner = await makeUser(t.deps, { email: 'bulk-owner@x.cn' });
    token = await loginAs(t, owner.email);
    await insertLinkRows(t.deps.db, owner.id, ROWS);
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
    await db.close();
  });

  const queue = async (format = 'csv'): Promise<ExportView> => {
    const r = await t.post<ExportView>('/capi/napi/export/create', { kind: 'links', format }, { token });
    expect(r.body.data).toMatchObject({ state: 'queued', rows_total: ROWS });
    await t.deps.jobs.idle();
    return r.body.data;
  };
  /** A queued export as create leaves it, without the kick (so the test decides who runs the job). */
  const queuedRow = async (format = 'csv') =>
    insertExport(t.deps.db, {
      user_id: owner.id,
      kind: 'links',
      format,
      title: '推广链接-测试',
      columns: JSON.stringify(linksKind.columns.map((c) => c.key)),
      filters: '{}',
      state: 'queued',
      rows_total: ROWS,
      created_at: clock.now(),
    });
  const status = async (id: number) => (await t.post<ExportView>('/capi/napi/export/status', { id }, { token })).body.data;

  it('reports rows done and percent between pages while it writes', async () => {
    expect((await queue()).state).toBe('queued');
    const { id } = await queuedRow();
    const row = await findExport(t.deps.db, id);
    await updateExport(t.deps.db, id, { state: 'running' });
    const seen: Array<[number, number]> = [];
    await produceExport(t.deps, row!, {
      pause: async () => {
        clock.advance(2000);
        const s = await status(id);
        seen.push([s.rows_done, s.percent]);
      },
    });
    // written after page 2 and 3 (page 1 is within the first second)
    expect(seen).toEqual([
      [0, 0],
      [2000, 80],
      [2500, 99.9],
    ]);
    expect(await status(id)).toMatchObject({ state: 'done', rows_done: ROWS, percent: 100 });
  });

  it('two nodes running the job write each queued export once', async () => {
    const a = await queuedRow();
    const b = await queuedRow('xlsx');
    await Promise.all([t.deps.jobs.run(EXPORT_JOB), t2.deps.jobs.run(EXPORT_JOB)]);
    for (const id of [a.id, b.id]) expect(await status(id)).toMatchObject({ state: 'done', rows_done: ROWS });
    const csv = (
      await download(t, (await t.post<{ url: string }>('/capi/napi/export/link', { id: a.id }, { token })).body.data.url, { token })
    ).body;
    expect(csv.toString('utf8').split('\r\n')).toHaveLength(ROWS + 2);
  });

  it('an export left running by a dead node is started again; a stopped one goes back to the queue', async () => {
    const { id } = await queuedRow();
    await updateExport(t.deps.db, id, { state: 'running', rows_done: 1000, heartbeat_at: clock.now() - 600 });
    await t.deps.jobs.run(EXPORT_JOB);
    expect(await status(id)).toMatchObject({ state: 'done', rows_done: ROWS });

    const stopped = await queuedRow();
    const row = await findExport(t.deps.db, stopped.id);
    const ac = new AbortController();
    ac.abort();
    await expect(produceExport(t.deps, row!, { signal: ac.signal })).rejects.toThrow('stopped');
    expect(await status(stopped.id)).toMatchObject({ state: 'queued', rows_done: 0 });
  });

  it('refuses a fourth background export while three wait, and exports over the row limit', async () => {
    for (let i = 0; i < 3; i++) await queuedRow();
    const r = await t.post('/capi/napi/export/create', { kind: 'links' }, { token });
    expect(r.body).toMatchObject({ code: 4029, msg: '已有 3 个导出在进行中，请完成后再导出' });
    await t.deps.jobs.run(EXPORT_JOB);
    const small = await makeTestApp(dialect, { EXPORT_MAX_ROWS: '2000' }, { handle: await db.second(), clock });
    try {
      const refused = await small.post('/capi/napi/export/create', { kind: 'links' }, { token });
      expect(refused.body).toMatchObject({ code: 4000, msg: `共 ${ROWS} 行，超过单次导出上限 2000 行，请缩小筛选范围` });
    } finally {
      await small.close();
    }
  });
});
