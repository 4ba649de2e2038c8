import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KindView, TemplateView } from '../../src/shared/exports.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';

describe.each(dialects())('export templates on $name', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    for (const [name, role] of [
      ['c1', 3],
      ['c2', 3],
      ['admin', 2],
      ['ud', 5],
    ] as const) {
      const u = await makeUser(t.deps, { role, email: `${name}-tpl@x.cn` });
      tok[name] = await loginAs(t, u.email);
    }
  });
  afterAll(() => t.close());

  const call = <T = TemplateView>(who: string, action: string, body: unknown) =>
    t.post<T>(`/capi/napi/exporttemplate/${action}`, body, { token: tok[who] });

  it('full lists every column of the kinds the caller may export, with Chinese labels and types', async () => {
    const r = await call<KindView[]>('c1', 'full', {});
    expect(r.body.code).toBe(1);
    const links = r.body.data.find((k) => k.kind === 'links');
    expect(links?.label).toBe('推广链接');
    expect(links?.columns[0]).toEqual({ key: 'pageid', label: '链接编号', type: 'text' });
    expect(links?.columns.find((c) => c.key === 'item_price')).toEqual({ key: 'item_price', label: '商品价格（元）', type: 'money' });
    expect(links?.columns.find((c) => c.key === 'created_at')?.type).toBe('datetime');
    // UDSmart accounts export their order lists only (the orders rule); links are not theirs
    expect((await call<KindView[]>('ud', 'full', {})).body.data.map((k) => k.kind)).toEqual(['orders']);
    expect((await call('ud', 'full', { kind: 'links' })).body).toMatchObject({ code: 4003, msg: '没有权限导出推广链接' });
    expect((await call('c1', 'full', { kind: 'nothing' })).body).toMatchObject({ code: 4000, msg: '导出的数据类型不存在' });
  });

  it('creates, lists, updates and deletes a template, keeping the column order', async () => {
    const made = await call('c1', 'create', { name: ' 日报 ', kind: 'links', columns: ['title', 'pageid', 'created_at'] });
    expect(made.body).toMatchObject({ code: 1, msg: '创建成功' });
    expect(made.body.data).toMatchObject({
      name: '日报',
      kind: 'links',
      kind_label: '推广链接',
      columns: ['title', 'pageid', 'created_at'],
      labels: ['链接名称', '链接编号', '创建时间'],
    });
    const id = made.body.data.id;
    const list = await call<{ list: TemplateView[]; total: number }>('c1', 'index', { kind: 'links' });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]?.id).toBe(id);
    const renamed = await call('c1', 'update', { id, name: '周报', columns: ['pageid', 'item_price'] });
    expect(renamed.body).toMatchObject({ code: 1, msg: '保存成功', data: { name: '周报', columns: ['pageid', 'item_price'] } });
    expect((await call('c1', 'update', { id, name: '只改名' })).body.data.columns).toEqual(['pageid', 'item_price']);
    expect((await call('c1', 'delete', { id })).body).toMatchObject({ code: 1, msg: '删除成功', data: null });
    expect((await call<{ total: number }>('c1', 'index', {})).body.data.total).toBe(0);
  });

  it("refuses another user's template ids as if they did not exist", async () => {
    const id = (await call('c1', 'create', { name: '私有', kind: 'links', columns: ['pageid'] })).body.data.id;
    for (const who of ['c2', 'admin']) {
      expect((await call(who, 'update', { id, name: 'x' })).body).toEqual({ code: 4004, msg: '导出模板不存在', data: null });
      expect((await call(who, 'delete', { id })).body).toEqual({ code: 4004, msg: '导出模板不存在', data: null });
      expect((await call<{ total: number }>(who, 'index', {})).body.data.total).toBe(0);
    }
    expect((await call('c1', 'update', { id, name: '仍在' })).body.code).toBe(1);
  });

  it('refuses the same name twice for one kind (4009) but not for another user', async () => {
    expect((await call('c1', 'create', { name: '重名', kind: 'links', columns: ['pageid'] })).body.code).toBe(1);
    expect((await call('c1', 'create', { name: '重名', kind: 'links', columns: ['title'] })).body).toMatchObject({
      code: 4009,
      msg: '同一数据类型下已有同名模板',
    });
    expect((await call('c2', 'create', { name: '重名', kind: 'links', columns: ['title'] })).body.code).toBe(1);
  });

  const bad: [string, unknown, number, string][] = [
    ['no name', { kind: 'links', columns: ['pageid'] }, 4000, '请输入模板名称'],
    ['blank name', { name: '   ', kind: 'links', columns: ['pageid'] }, 4000, '请输入模板名称'],
    ['long name', { name: '名'.repeat(41), kind: 'links', columns: ['pageid'] }, 4000, '模板名称不能超过 40 个字符'],
    ['no columns', { name: 'a', kind: 'links', columns: [] }, 4000, '请至少选择一列'],
    ['columns not a list', { name: 'a', kind: 'links', columns: 'pageid' }, 4000, '请选择要导出的列'],
    ['unknown column', { name: 'a', kind: 'links', columns: ['pageid', 'password_hash'] }, 4000, '推广链接没有「password_hash」这一列'],
    ['column twice', { name: 'a', kind: 'links', columns: ['pageid', 'pageid'] }, 4000, '同一列不能选择两次'],
    ['bad column key', { name: 'a', kind: 'links', columns: ['Robert"); drop'] }, 4000, '列名不合法'],
    ['too many columns', { name: 'a', kind: 'links', columns: Array.from({ length: 81 }, (_, i) => `c${i}`) }, 4000, '最多选择 80 列'],
    ['unknown kind', { name: 'a', kind: 'orders2', columns: ['pageid'] }, 4000, '导出的数据类型不存在'],
    ['kind of wrong type', { name: 'a', kind: 7, columns: ['pageid'] }, 4000, '请选择导出的数据类型'],
  ];
  it.each(bad)('create: %s', async (_case, body, code, msg) => {
    expect((await call('c1', 'create', body)).body).toMatchObject({ code, msg });
  });

  it('update and delete: bad ids, empty patches, huge bodies, no session, UDSmart', async () => {
    expect((await call('c1', 'update', { id: 'abc', name: 'x' })).body).toMatchObject({ code: 4000, msg: '模板编号必须是整数' });
    expect((await call('c1', 'delete', { id: -3 })).body).toMatchObject({ code: 4000, msg: '模板编号必须是正整数' });
    expect((await call('c1', 'delete', {})).body).toMatchObject({ code: 4000, msg: '模板编号必须是整数' });
    expect((await call('c1', 'update', { id: 999999, name: 'x' })).body.code).toBe(4004);
    expect((await call('c1', 'create', { name: 'x'.repeat(70_000), kind: 'links', columns: ['pageid'] })).body.code).toBe(4013);
    expect((await t.post('/capi/napi/exporttemplate/index', {})).body.code).toBe(1009);
    expect((await call('ud', 'create', { name: 'u', kind: 'links', columns: ['pageid'] })).body).toMatchObject({
      code: 4003,
      msg: '没有权限导出推广链接',
    });
    expect((await call('c1', 'index', { page: 0 })).body.code).toBe(4000);
  });
});
