import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostView } from '../../src/shared/admin-reports.ts';
import type { ExportView, KindView } from '../../src/shared/exports.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';
import { writeAdFacts } from '../support/factories-admin.ts';
import { download, readXlsx } from '../support/factories-exports.ts';

/** Export kinds other than links: each file equals its list's own answer for the same filters. */
describe.each(dialects())('export kinds on $name', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let c1Id = 0;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const admin = await makeUser(t.deps, { role: 2, email: 'kinds-admin@x.cn' });
    const c1 = await makeUser(t.deps, { role: 3, email: 'kinds-c1@x.cn', company: '甲公司' });
    const c2 = await makeUser(t.deps, { role: 3, email: 'kinds-c2@x.cn', company: '乙公司' });
    tok.admin = await loginAs(t, admin.email);
    tok.c1 = await loginAs(t, c1.email);
    c1Id = c1.id;
    await writeAdFacts(t.deps.db, { customerid: c1.id, advertiser_id: 'a1', date: '2026-11-18', platform: 2, cost_fen: 123456 });
    await writeAdFacts(t.deps.db, { customerid: c1.id, advertiser_id: 'a1', date: '2026-11-19', platform: 4, cost_fen: 5000 });
    await writeAdFacts(t.deps.db, { customerid: c2.id, advertiser_id: 'a2', date: '2026-11-19', platform: 10, cost_fen: 99 });
  });
  afterAll(() => t.close());

  it('the consumption overview (admins): the file is the overview’s rows — per customer, and per day when drilled in', async () => {
    const kinds = (await t.post<KindView[]>('/capi/napi/exporttemplate/full', {}, { token: tok.admin })).body.data;
    expect(kinds.map((k) => k.kind)).toEqual(['links', 'orders', 'plans', 'costOverview', 'dashboardDetail', 'itemAnalysis', 'ruleEvents']);
    const range = { start: '2026-11-17', end: '2026-11-20' };
    for (const filters of [range, { ...range, customerid: c1Id }]) {
      const screen = (await t.post<CostView>('/capi/napi/admin/cost/index', { ...filters, pagesize: 100 }, { token: tok.admin })).body.data;
      const made = await t.post<ExportView>(
        '/capi/napi/export/create',
        { kind: 'costOverview', format: 'xlsx', filters },
        { token: tok.admin },
      );
      expect(made.body.data).toMatchObject({ state: 'done', rows_total: screen.total_rows });
      const link = (await t.post<{ url: string }>('/capi/napi/export/link', { id: made.body.data.id }, { token: tok.admin })).body.data;
      const [sheet] = await readXlsx((await download(t, link.url, { token: tok.admin })).body);
      expect(sheet?.header).toEqual([
        '客户 / 日期',
        '客户编号',
        '巨量引擎（元）',
        '微博（元）',
        '腾讯（元）',
        '磁力引擎（元）',
        'UCID（元）',
        '小红书（元）',
        '合计（元）',
      ]);
      expect(sheet?.rows.map((r) => [r[0], r[1], r[2], r[4], r[7], r[8]])).toEqual(
        screen.rows.map((r) => [r.label, r.customerid, r.cost['2'] ?? 0, r.cost['4'] ?? 0, r.cost['10'] ?? 0, r.total]),
      );
    }
    const reversed = { start: '2026-11-20', end: '2026-11-17' };
    expect(
      (await t.post('/capi/napi/export/create', { kind: 'costOverview', filters: reversed }, { token: tok.admin })).body,
    ).toMatchObject({
      code: 4000,
      msg: '结束日期不能早于开始日期',
    });
    expect((await t.post('/capi/napi/export/create', { kind: 'costOverview', filters: range }, { token: tok.c1 })).body).toMatchObject({
      code: 4003,
      msg: '没有权限导出消耗概览',
    });
  });
});
