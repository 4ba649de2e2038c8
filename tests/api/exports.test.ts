import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { EXPORT_JOB } from '../../src/server/exports/service.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { CHANNELS, PLATFORMS } from '../../src/shared/catalog.ts';
import type { ExportView } from '../../src/shared/exports.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { download, readXlsx } from '../support/factories-exports.ts';

const CHINA = 8 * 3600;
const chinaWall = (sec: number) => new Date((sec + CHINA) * 1000);

describe.each(dialects())('exports on $name', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 2, 30, 0));
  const tok: Record<string, string> = {};
  const users: Record<string, UserRow> = {};
  beforeAll(async () => {
    t = await makeTestApp(dialect, { EXPORT_INLINE_ROWS: '4', PUBLIC_BASE_URL: 'https://tf.example.cn' }, { clock });
    for (const [name, role] of [
      ['c1', 3],
      ['c2', 3],
      ['admin', 2],
      ['ud', 5],
    ] as const) {
      users[name] = await makeUser(t.deps, { role, email: `${name}-exp@x.cn`, company: `${name}公司` });
      tok[name] = await loginAs(t, users[name].email);
    }
    const c1 = users.c1!;
    await makeLink(t.deps, c1, { title: '秋冬卫衣', platform: 2, state: 2 });
    await makeLink(t.deps, c1, { title: '=HYPERLINK("http://evil")', platform: 3, state: 4, item: '100012043978' });
    await makeLink(t.deps, c1, { title: '围巾, "羊毛"', platform: 5, state: 5 });
    await makeLink(t.deps, users.c2!, { title: '别人的链接', platform: 2, state: 2 });
  });
  afterAll(() => t.close());

  const post = <T = ExportView>(who: string, path: string, body: unknown) => t.post<T>(path, body, { token: tok[who] });
  const create = (who: string, body: Record<string, unknown>) => post(who, '/capi/napi/export/create', body);
  const linkOf = async (who: string, id: number) =>
    (await post<{ url: string; expires_at: number }>(who, '/capi/napi/export/link', { id })).body;
  const urlOf = async (who: string, id: number) => (await linkOf(who, id)).data;
  const listed = async (who: string, filters: Record<string, unknown> = {}) =>
    (await post<{ list: LinkView[] }>(who, '/capi/napi/link/index', { ...filters, pagesize: 100 })).body.data.list;

  it('an XLSX read back by exceljs equals the list: Chinese headers, typed cells, frozen header, widths', async () => {
    const r = await create('c1', { kind: 'links', format: 'xlsx' });
    expect(r.body).toMatchObject({ code: 1, data: { state: 'done', rows_total: 3, rows_done: 3, percent: 100, format: 'xlsx' } });
    expect(r.body.data.filename).toMatch(/^推广链接-20261121-1030\.xlsx$/);
    const link = await urlOf('c1', r.body.data.id);
    const file = await download(t, link.url, { token: tok.c1 });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(r.body.data.filename)}`);
    const [sheet] = await readXlsx(file.body);
    expect(sheet?.name).toBe('推广链接');
    expect(sheet?.frozenRows).toBe(1);
    expect(sheet?.header.slice(0, 5)).toEqual(['链接编号', '链接名称', '客户', '客户编号', '商品平台']);
    const rows = await listed('c1');
    expect(sheet?.rows).toHaveLength(rows.length);
    const col = (key: string) =>
      sheet!.header.indexOf(
        {
          pageid: '链接编号',
          customerid: '客户编号',
          item_price: '商品价格（元）',
          created_at: '创建时间',
          title: '链接名称',
          platform: '商品平台',
          state: '投放渠道',
        }[key]!,
      );
    rows.forEach((l, i) => {
      const row = sheet!.rows[i]!;
      expect(row[col('pageid')]).toBe(l.pageid);
      expect(row[col('title')]).toBe(l.title);
      expect(row[col('customerid')]).toBe(l.customerid);
      expect(row[col('platform')]).toBe(PLATFORMS[l.platform as keyof typeof PLATFORMS]);
      expect(row[col('state')]).toBe(CHANNELS[l.state as keyof typeof CHANNELS]);
      expect(row[col('item_price')]).toBe(l.item_price === null ? undefined : l.item_price / 100);
      expect(row[col('created_at')]).toEqual(chinaWall(l.created_at));
    });
    expect(sheet?.numFmts[col('item_price')]).toBe('#,##0.00');
    expect(sheet?.numFmts[col('created_at')]).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet?.widths[col('title')]).toBe(24);
  });

  it('a template decides the columns and their order; CSV has a BOM, quoting and no formulas', async () => {
    const tpl = (
      await post<{ id: number }>('c1', '/capi/napi/exporttemplate/create', {
        name: '简表',
        kind: 'links',
        columns: ['title', 'pageid', 'item_price'],
      })
    ).body.data;
    const r = await create('c1', { kind: 'links', format: 'csv', template_id: tpl.id, filters: { exact: '' } });
    expect(r.body.data.filename).toMatch(/^推广链接-简表-\d{8}-\d{4}\.csv$/);
    const file = await download(t, (await urlOf('c1', r.body.data.id)).url, { token: tok.c1 });
    expect([...file.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.body.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('链接名称,链接编号,商品价格（元）');
    const rows = await listed('c1');
    expect(lines.slice(1, -1)).toEqual(
      rows.map((l) => {
        const title = l.title.startsWith('=') ? `'${l.title}` : l.title;
        const quoted = /[",]/.test(title) ? `"${title.replace(/"/g, '""')}"` : title;
        return `${quoted},${l.pageid},${l.item_price === null ? '' : (l.item_price / 100).toFixed(2)}`;
      }),
    );
    expect(lines.at(-1)).toBe('');
  });

  it("exports only the caller's tenant, with the list's own filters (validated like the list)", async () => {
    const mine = await create('c2', { kind: 'links', format: 'csv', filters: { customerid: users.c1!.id } });
    expect(mine.body.data.rows_total).toBe(0);
    const csv = (await download(t, (await urlOf('c2', mine.body.data.id)).url, { token: tok.c2 })).body.toString('utf8');
    expect(csv).not.toContain('秋冬卫衣');
    const jd = await create('c1', { kind: 'links', format: 'csv', filters: { platform: 3 } });
    expect(jd.body.data.rows_total).toBe((await listed('c1', { platform: 3 })).length);
    expect((await create('c1', { kind: 'links', filters: { platform: 99 } })).body).toMatchObject({
      code: 4000,
      msg: expect.stringContaining('商品平台只能是'),
    });
    expect((await create('c1', { kind: 'links', filters: 'all' })).body).toMatchObject({ code: 4000, msg: '筛选条件必须是对象' });
    expect((await create('c1', { kind: 'links', format: 'pdf' })).body).toMatchObject({ code: 4000, msg: '导出格式只能是 xlsx 或 csv' });
    expect((await create('ud', { kind: 'links' })).body).toMatchObject({ code: 4003 });
    expect((await t.post('/capi/napi/export/create', { kind: 'links' })).body.code).toBe(1009);
    const other = (
      await post<{ id: number }>('c2', '/capi/napi/exporttemplate/create', { name: 'c2的', kind: 'links', columns: ['pageid'] })
    ).body.data;
    expect((await create('c1', { kind: 'links', template_id: other.id })).body).toMatchObject({ code: 4004, msg: '导出模板不存在' });
  });

  it('a download link works for its user only, and not after it expires', async () => {
    const id = (await create('c1', { kind: 'links', format: 'csv' })).body.data.id;
    const { url, expires_at } = await urlOf('c1', id);
    expect(url.startsWith(`https://tf.example.cn/capi/napi/export/file/${id}?`)).toBe(true);
    expect(expires_at).toBe(clock.now() + 600);
    expect((await download(t, url, { cookie: `sxTUUken=${tok.c1}` })).status).toBe(200);
    const asOther = await download(t, url, { token: tok.c2 });
    expect(JSON.parse(asOther.body.toString())).toEqual({ code: 4003, msg: '这个下载链接属于其他账号', data: null });
    expect(JSON.parse((await download(t, url)).body.toString())).toMatchObject({ code: 1009, msg: '请先登录后再下载' });
    const tampered = url.replace(`/file/${id}?`, `/file/${id + 1}?`);
    expect(JSON.parse((await download(t, tampered, { token: tok.c1 })).body.toString())).toMatchObject({
      code: 4003,
      msg: '下载链接无效，请在导出记录中重新下载',
    });
    expect(await linkOf('c2', id)).toMatchObject({ code: 4004, msg: '导出记录不存在' });
    expect((await post('c2', '/capi/napi/export/status', { id })).body.code).toBe(4004);
    // an admin may ask for a link to anyone's export; the link is then the admin's
    const adminLink = await urlOf('admin', id);
    expect((await download(t, adminLink.url, { cookie: `sxAminTUUken=${tok.admin}` })).status).toBe(200);
    expect((await download(t, adminLink.url, { token: tok.c1 })).status).toBe(403);
    clock.advance(601_000);
    expect(JSON.parse((await download(t, url, { token: tok.c1 })).body.toString())).toMatchObject({
      code: 4003,
      msg: '下载链接已过期，请在导出记录中重新下载',
    });
  });

  it('a larger export is queued, written by the export job with progress, then listed with its download', async () => {
    const made = await create('c1', { kind: 'links', format: 'xlsx' });
    expect(made.body.data.state).toBe('done');
    await makeLink(t.deps, users.c1!, { title: '第四条', platform: 2, state: 8 });
    await makeLink(t.deps, users.c1!, { title: '第五条', platform: 2, state: 10 });
    const queued = await create('c1', { kind: 'links', format: 'xlsx' });
    expect(queued.body.data).toMatchObject({ state: 'queued', rows_total: 5, rows_done: 0, percent: 0 });
    await t.deps.jobs.idle();
    // a record the job has not written yet has no file: the kicked job may already have written this one, so it is
    // put back in the queue first (the job below writes it again)
    await t.deps.db.updateTable('exports').set({ state: 'queued' }).where('id', '=', queued.body.data.id).execute();
    expect(await linkOf('c1', queued.body.data.id)).toMatchObject({ code: 4009, msg: '导出尚未完成，请稍后再下载' });
    await t.deps.jobs.run(EXPORT_JOB);
    const done = (await post('c1', '/capi/napi/export/status', { id: queued.body.data.id })).body.data;
    expect(done).toMatchObject({ state: 'done', rows_total: 5, rows_done: 5, percent: 100 });
    expect(done.bytes).toBeGreaterThan(1000);
    const [sheet] = await readXlsx((await download(t, (await urlOf('c1', done.id)).url, { token: tok.c1 })).body);
    expect(sheet?.rows.map((r) => r[1])).toEqual((await listed('c1')).map((l) => l.title));
    const history = (await post<{ list: ExportView[]; total: number }>('c1', '/capi/napi/export/index', {})).body.data;
    expect(history.list[0]?.id).toBe(done.id);
    expect(history.total).toBeGreaterThan(3);
  });

  it('files are deleted after EXPORT_KEEP_HOURS by the cleanup job', async () => {
    const id = (await create('c1', { kind: 'links', format: 'csv', filters: { platform: 3 } })).body.data.id;
    const { url } = await urlOf('c1', id);
    clock.advance(72 * 3600 * 1000 + 1000);
    await t.deps.jobs.run('exports-cleanup');
    expect((await post('c1', '/capi/napi/export/status', { id })).body.data.state).toBe('expired');
    expect(await linkOf('c1', id)).toMatchObject({ code: 4004, msg: '文件已过期删除，请重新导出' });
    expect((await download(t, url, { token: tok.c1 })).status).toBe(403);
  });
});
