import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { PageOrdersView } from '../../src/shared/admin-reports.ts';
import type { AccountRow, BrandView, PreviewView, SubView, UdAccountView } from '../../src/shared/udsmart.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { insertOrder, makeAdAccount, writeAdFacts, writeOrderFacts } from '../support/factories-admin.ts';

/** UDSmart brands, account bindings, sub-account assignments and numbers; tenants are UDSmart admins. */
describe.each(dialects())('UDSmart on $name', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-11-20T10:00:00+08:00'));
  const tok: Record<string, string> = {};
  const acc: Record<string, { id: number; advertiser_id: string }> = {};
  const ids: Record<string, number> = {};
  let pageid = '';
  const post = <T>(path: string, body: unknown, who: string) => t.post<T>(path, body, { token: tok[who] });
  const range = { start: '2026-11-14', end: '2026-11-20' };

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock });
    for (const [name, role, parentEmail] of [
      ['ud', 5],
      ['ud2', 5],
      ['sub', 6, 'ud@u.cn'],
      ['sub2', 6, 'ud@u.cn'],
      ['other', 6, 'ud2@u.cn'],
      ['c', 3],
      ['admin', 1],
    ] as [string, 1 | 3 | 5 | 6, string?][]) {
      ids[name] = (await makeUser(t.deps, { email: `${name}@u.cn`, role, company: `${name}公司`, parentEmail })).id;
      tok[name] = await loginAs(t, `${name}@u.cn`);
    }
    const c = { id: ids.c! };
    acc.j = await makeAdAccount(t.deps.db, { customerid: c.id, platform: 2, name: '巨量店铺号' });
    acc.t = await makeAdAccount(t.deps.db, { customerid: c.id, platform: 4, name: '腾讯号', state: 'reauth' });
    acc.k = await makeAdAccount(t.deps.db, { customerid: c.id, platform: 5, name: '快手号' });
    acc.uc = await makeAdAccount(t.deps.db, { customerid: c.id, platform: 8, name: 'UC号' });
    pageid = (await makeLink(t.deps, await t.deps.db.selectFrom('users').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow()))
      .pageid;
    await writeAdFacts(t.deps.db, {
      customerid: c.id,
      platform: 2,
      advertiser_id: acc.j.advertiser_id,
      pageid,
      date: '2026-11-20',
      cost_fen: 10_000,
      shows: 2000,
      clicks: 100,
    });
    await writeAdFacts(t.deps.db, {
      customerid: c.id,
      platform: 4,
      advertiser_id: acc.t.advertiser_id,
      date: '2026-11-19',
      cost_fen: 4000,
      shows: 400,
      clicks: 20,
    });
    await writeAdFacts(t.deps.db, {
      customerid: c.id,
      platform: 5,
      advertiser_id: acc.k.advertiser_id,
      date: '2026-11-18',
      cost_fen: 1000,
    });
    await writeOrderFacts(t.deps.db, {
      customerid: c.id,
      channel: 2,
      advertiser_id: acc.j.advertiser_id,
      pageid,
      date: '2026-11-20',
      orders: 3,
      order_fen: 30_000,
      paid_orders: 2,
      paid_fen: 20_000,
    });
    await insertOrder(t.deps.db, { pageid, customerid: c.id, channel: 2, advertiser_id: acc.j.advertiser_id, union_name: 'ud' });
    await insertOrder(t.deps.db, { pageid, customerid: c.id, channel: 4, advertiser_id: acc.t.advertiser_id, union_name: 'ud' });
  });
  afterAll(() => t.close());

  let brandA = 0;
  let brandB = 0;

  it('a UDSmart admin creates, renames and lists its brands; names are unique per admin', async () => {
    const a = await post<BrandView>('/capi/napi/udsmart/brand/create', { name: '品牌甲', logo_text: '甲' }, 'ud');
    expect(a.body).toMatchObject({
      code: 1,
      msg: '创建成功',
      data: { name: '品牌甲', logo_text: '甲', owner: 'ud@u.cn', accounts: [], sub_count: 0 },
    });
    brandA = a.body.data.id;
    brandB = (await post<BrandView>('/capi/napi/udsmart/brand/create', { name: '品牌乙' }, 'ud')).body.data.id;
    expect((await post('/capi/napi/udsmart/brand/create', { name: '品牌甲' }, 'ud')).body).toMatchObject({
      code: 4009,
      msg: '品牌“品牌甲”已存在',
    });
    expect((await post('/capi/napi/udsmart/brand/create', { name: '品牌甲' }, 'ud2')).body.code).toBe(1);
    const up = await post<BrandView>('/capi/napi/udsmart/brand/update', { id: brandB, name: '品牌乙二', logo_text: '乙' }, 'ud');
    expect(up.body.data).toMatchObject({ name: '品牌乙二', logo_text: '乙' });
    expect((await post('/capi/napi/udsmart/brand/update', { id: brandB, name: '品牌甲' }, 'ud')).body.code).toBe(4009);
    const list = await post<{ list: BrandView[]; total: number }>('/capi/napi/udsmart/brand/index', {}, 'ud');
    expect(list.body.data.list.map((b) => b.name)).toEqual(['品牌乙二', '品牌甲']);
    const found = await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', { exact: '乙' }, 'ud');
    expect(found.body.data.list.map((b) => b.id)).toEqual([brandB]);
  });

  it.each([
    ['/capi/napi/udsmart/brand/create', { name: '' }, '请输入品牌名称'],
    ['/capi/napi/udsmart/brand/create', { name: '名'.repeat(51) }, '品牌名称不能超过 50 个字符'],
    ['/capi/napi/udsmart/brand/create', { name: '甲', logo_text: 'x'.repeat(9) }, 'Logo 文字不能超过 8 个字符'],
    ['/capi/napi/udsmart/brand/update', { id: 'abc' }, '请指定品牌'],
    ['/capi/napi/udsmart/brand/bind', { id: 1, account_ids: 'all' }, '广告账户必须是编号列表'],
    ['/capi/napi/udsmart/brand/bind', { id: 1, account_ids: Array.from({ length: 501 }, (_, i) => i + 1) }, '一次最多 500 个广告账户'],
    ['/capi/napi/udsmart/sub/assign', { sub_id: 1, brand_ids: [-1], account_ids: [] }, '品牌编号必须是正整数'],
    ['/capi/napi/udsmart/preview', { start: '2026-11-20', end: '2026-11-01' }, '结束日期不能早于开始日期'],
  ])('refuses bad input to %s %#', async (path, body, msg) => {
    expect((await post(path, body, 'ud')).body).toMatchObject({ code: 4000, msg });
  });

  it('binds 巨量, 腾讯 and 快手 accounts; an account belongs to one brand and never to another admin', async () => {
    const cands = await post<UdAccountView[]>('/capi/napi/udsmart/brand/candidates', {}, 'ud');
    expect(cands.body.data.map((a) => a.name).sort()).toEqual(['巨量店铺号', '快手号', '腾讯号']);
    const bound = await post<BrandView>('/capi/napi/udsmart/brand/bind', { id: brandA, account_ids: [acc.j!.id, acc.t!.id] }, 'ud');
    expect(bound.body.data.accounts.map((a) => [a.name, a.customer, a.brand])).toEqual([
      ['巨量店铺号', 'c公司', '品牌甲'],
      ['腾讯号', 'c公司', '品牌甲'],
    ]);
    await post('/capi/napi/udsmart/brand/bind', { id: brandB, account_ids: [acc.k!.id] }, 'ud');
    expect((await post('/capi/napi/udsmart/brand/bind', { id: brandA, account_ids: [acc.uc!.id] }, 'ud')).body).toMatchObject({
      code: 4004,
    });
    expect((await post('/capi/napi/udsmart/brand/bind', { id: brandA, account_ids: [999_999] }, 'ud')).body).toMatchObject({ code: 4004 });
    const theirs = (await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', {}, 'ud2')).body.data.list[0]!;
    expect((await post('/capi/napi/udsmart/brand/bind', { id: theirs.id, account_ids: [acc.j!.id] }, 'ud2')).body).toMatchObject({
      code: 4009,
      msg: `广告账户 ${acc.j!.id} 已绑定到其他 UDSmart 管理员的品牌`,
    });
    expect((await post<UdAccountView[]>('/capi/napi/udsmart/brand/candidates', {}, 'ud2')).body.data).toEqual([]);
    // another admin's brand reads as missing, whatever the call
    for (const [path, body] of [
      ['/capi/napi/udsmart/brand/update', { id: brandA, name: '抢' }],
      ['/capi/napi/udsmart/brand/delete', { id: brandA }],
      ['/capi/napi/udsmart/brand/bind', { id: brandA, account_ids: [] }],
    ] as const) {
      expect((await post(path, body, 'ud2')).body, path).toMatchObject({ code: 4004, msg: '品牌不存在' });
    }
  });

  it('assigns brands or single accounts to its own sub-accounts only', async () => {
    const subs = await post<SubView[]>('/capi/napi/udsmart/sub/index', {}, 'ud');
    expect(subs.body.data.map((s) => s.email)).toEqual(['sub@u.cn', 'sub2@u.cn']);
    const a = await post<SubView>('/capi/napi/udsmart/sub/assign', { sub_id: ids.sub, brand_ids: [brandA], account_ids: [] }, 'ud');
    expect(a.body.data).toMatchObject({ brand_ids: [brandA], account_ids: [] });
    const b = await post<SubView>('/capi/napi/udsmart/sub/assign', { sub_id: ids.sub2, brand_ids: [], account_ids: [acc.t!.id] }, 'ud');
    expect(b.body.data.account_ids).toEqual([acc.t!.id]);
    expect((await post('/capi/napi/udsmart/sub/assign', { sub_id: ids.other, brand_ids: [], account_ids: [] }, 'ud')).body).toMatchObject({
      code: 4004,
      msg: '子账号不存在',
    });
    expect((await post('/capi/napi/udsmart/sub/assign', { sub_id: ids.c, brand_ids: [], account_ids: [] }, 'ud')).body.code).toBe(4004);
    const theirs = (await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', {}, 'ud2')).body.data.list[0]!;
    expect(
      (await post('/capi/napi/udsmart/sub/assign', { sub_id: ids.sub, brand_ids: [theirs.id], account_ids: [] }, 'ud')).body.code,
    ).toBe(4004);
    expect(
      (await post('/capi/napi/udsmart/sub/assign', { sub_id: ids.sub, brand_ids: [], account_ids: [acc.uc!.id] }, 'ud')).body.code,
    ).toBe(4004);
    const list = await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', {}, 'ud');
    expect(list.body.data.list.find((x) => x.id === brandA)!.sub_count).toBe(2);
  });

  it('a sub-account sees only what it is assigned, and changes nothing', async () => {
    const mine = await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', {}, 'sub');
    expect(mine.body.data.list.map((b) => [b.name, b.accounts.length])).toEqual([['品牌甲', 2]]);
    const viaAccount = await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', {}, 'sub2');
    expect(viaAccount.body.data.list.map((b) => [b.name, b.accounts.map((a) => a.name)])).toEqual([['品牌甲', ['腾讯号']]]);
    expect((await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', {}, 'other')).body.data.list).toEqual([]);
    // an unassigned brand cannot be read
    const unassigned = await post('/capi/napi/udsmart/preview', { ...range, brand_id: brandB }, 'sub');
    expect(unassigned.body).toMatchObject({ code: 4004, msg: '品牌不存在' });
    const accounts = await post<{ list: AccountRow[] }>('/capi/napi/udsmart/account/index', { ...range, brand_id: brandB }, 'sub');
    expect(accounts.body.code).toBe(4004);
    for (const [path, body] of [
      ['/capi/napi/udsmart/brand/create', { name: '子账号品牌' }],
      ['/capi/napi/udsmart/brand/update', { id: brandA, name: '改' }],
      ['/capi/napi/udsmart/brand/bind', { id: brandA, account_ids: [] }],
      ['/capi/napi/udsmart/sub/assign', { sub_id: ids.sub, brand_ids: [brandB], account_ids: [] }],
      ['/capi/napi/udsmart/sub/index', {}],
      ['/capi/napi/udsmart/brand/candidates', {}],
    ] as const) {
      expect((await post(path, body, 'sub')).body.code, path).toBe(4003);
    }
  });

  it('shows brand-level numbers from the facts of the visible accounts', async () => {
    const all = await post<PreviewView>('/capi/napi/udsmart/preview', range, 'ud');
    expect(all.body.data.brands.map((b) => [b.brand, b.accounts, b.sum_cost, b.order_price, b.ordernum])).toEqual([
      ['品牌乙二', 1, 10, 0, 0],
      ['品牌甲', 2, 140, 300, 3],
    ]);
    expect(all.body.data.totals).toMatchObject({ sum_cost: 150, sum_show_cnt: 2400, order_price: 300, ordernum: 3, roi: 2 });
    expect(all.body.data.series).toHaveLength(7);
    expect(all.body.data.series.at(-1)).toMatchObject({ day: '2026-11-20', sum_cost: 100, order_price: 300 });
    expect(all.body.data.pages).toEqual([expect.objectContaining({ pageid, sum_cost: 100, order_price: 300 })]);
    const sub2 = await post<PreviewView>('/capi/napi/udsmart/preview', range, 'sub2');
    expect(sub2.body.data.brands.map((b) => [b.brand, b.accounts, b.sum_cost])).toEqual([['品牌甲', 1, 40]]);
    expect(sub2.body.data.totals).toMatchObject({ sum_cost: 40, order_price: 0 });
    const other = await post<PreviewView>('/capi/napi/udsmart/preview', range, 'other');
    expect(other.body.data).toMatchObject({ brands: [], totals: { sum_cost: 0 }, pages: [] });
  });

  it('lists ad accounts with state, spend and last sync', async () => {
    const r = await post<{ list: AccountRow[]; total: number }>('/capi/napi/udsmart/account/index', range, 'ud');
    expect(r.body.data.list.map((a) => [a.name, a.brand, a.state, a.sum_cost])).toEqual([
      ['巨量店铺号', '品牌甲', 'active', 100],
      ['腾讯号', '品牌甲', 'reauth', 40],
      ['快手号', '品牌乙二', 'active', 10],
    ]);
    expect(r.body.data.list[0]!.last_sync_at).toBeGreaterThan(0);
    const tencent = await post<{ list: AccountRow[] }>('/capi/napi/udsmart/account/index', { ...range, platform: 4 }, 'ud');
    expect(tencent.body.data.list.map((a) => a.name)).toEqual(['腾讯号']);
    const sub2 = await post<{ list: AccountRow[]; total: number }>('/capi/napi/udsmart/account/index', range, 'sub2');
    expect(sub2.body.data.list.map((a) => a.name)).toEqual(['腾讯号']);
  });

  it("shows a page's orders through the visible accounts only", async () => {
    const r = await post<PageOrdersView>('/capi/napi/udsmart/page/orders', { pageid }, 'ud');
    expect(r.body.data).toMatchObject({ pageid, customer: 'c公司', total: 2 });
    const sub2 = await post<PageOrdersView>('/capi/napi/udsmart/page/orders', { pageid }, 'sub2');
    expect(sub2.body.data.list.map((o) => o.channel)).toEqual([4]);
    expect((await post('/capi/napi/udsmart/page/orders', { pageid }, 'other')).body).toMatchObject({ code: 4004 });
    expect((await post('/capi/napi/udsmart/page/orders', { pageid: '99999' }, 'ud')).body).toMatchObject({ code: 4004 });
  });

  it('a page the data view lists opens before its first order; one no visible account drove stays 4004', async () => {
    const c = await t.deps.db.selectFrom('users').selectAll().where('id', '=', ids.c!).executeTakeFirstOrThrow();
    const quiet = (await makeLink(t.deps, c)).pageid;
    await writeAdFacts(t.deps.db, {
      customerid: c.id,
      platform: 5,
      advertiser_id: acc.k!.advertiser_id,
      pageid: quiet,
      date: '2026-11-20',
      clicks: 7,
    });
    const listed = await post<PreviewView>('/capi/napi/udsmart/preview', range, 'ud');
    expect(listed.body.data.pages.map((p) => p.pageid)).toContain(quiet);
    const r = await post<PageOrdersView>('/capi/napi/udsmart/page/orders', { pageid: quiet }, 'ud');
    expect(r.body).toMatchObject({ code: 1, data: { pageid: quiet, customer: 'c公司', total: 0, list: [] } });
    expect((await post('/capi/napi/udsmart/page/orders', { pageid: quiet }, 'sub2')).body).toMatchObject({ code: 4004 });
    expect((await post('/capi/napi/udsmart/page/orders', { pageid: quiet }, 'other')).body).toMatchObject({ code: 4004 });
  });

  it('unbinding an account drops its direct assignments; deleting a brand drops everything under it', async () => {
    await post('/capi/napi/udsmart/brand/bind', { id: brandA, account_ids: [acc.j!.id] }, 'ud');
    expect((await post<SubView[]>('/capi/napi/udsmart/sub/index', {}, 'ud')).body.data.find((s) => s.id === ids.sub2)!.account_ids).toEqual(
      [],
    );
    expect((await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', {}, 'sub2')).body.data.list).toEqual([]);
    expect((await post('/capi/napi/udsmart/brand/delete', { id: brandA }, 'ud')).body).toMatchObject({ code: 1, msg: '删除成功' });
    expect((await post<{ list: BrandView[] }>('/capi/napi/udsmart/brand/index', {}, 'sub')).body.data.list).toEqual([]);
    expect((await post<SubView[]>('/capi/napi/udsmart/sub/index', {}, 'ud')).body.data.find((s) => s.id === ids.sub)!.brand_ids).toEqual(
      [],
    );
    const log = await post<{ list: { action: string; target: string }[] }>(
      '/capi/napi/admin/audit/index',
      { event: 'brand_deleted' },
      'admin',
    );
    expect(log.body.data.list[0]).toMatchObject({ action: '删除品牌', target: '品牌 品牌甲' });
  });
});
