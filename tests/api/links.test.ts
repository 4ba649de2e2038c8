import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import type { CustomerOption, LinkLogEntry, LinkView } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

const PW = 'secret123';
const VIEW_FIELDS = [
  'pageid',
  'customerid',
  'customer',
  'platform',
  'state',
  'itemid',
  'ispro',
  'isdirect',
  'jumptype',
  'detaillink',
  'smartlink',
  'taojimulink',
  'couponlink',
  'transedlink',
  'monitor_touch_url',
  'monitor_show_url',
  'social_id',
  'type',
  'report_type',
  'page_type',
  'relate_advertiser_ids',
  'appid',
  'pagepath',
  'title',
  'item_title',
  'item_image',
  'item_price',
  'landing_url',
  'created_at',
  'updated_at',
].sort();

describe.each(dialects())('links API on $name', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await makeTestApp(dialect, { PUBLIC_BASE_URL: 'https://tf.example.cn' });
    const users: [string, number, string?][] = [
      ['admin', 2],
      ['c1', 3],
      ['c2', 3],
      ['agent', 4],
      ['sub', 3, 'agent@x.cn'],
      ['ud', 5],
    ];
    for (const [name, role, parentEmail] of users) {
      const u = await createUser(t.deps, { email: `${name}@x.cn`, password: PW, role, company: `${name}公司`, parentEmail });
      ids[name] = u.id;
      tok[name] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}@x.cn`, password: PW })).body.data.jwt;
    }
  });
  afterAll(() => t.close());

  const call = <T = LinkView>(who: string, path: string, body: unknown) => t.post<T>(`/capi/napi/link/${path}`, body, { token: tok[who] });
  const create = (who: string, extra: Record<string, unknown> = {}) =>
    call(who, 'create', { platform: 2, state: 2, item: '612345678901', isdirect: 1, title: '夏季T恤', ...extra });

  it('creates a link with every field, item data and monitor URLs', async () => {
    const changed: string[] = [];
    const off = t.deps.linkEvents.on((p) => void changed.push(p));
    const r = await create('c1', { relate_advertiser_ids: '111,222' });
    off();
    expect(r.body.code).toBe(1);
    const v = r.body.data;
    expect(Object.keys(v).sort()).toEqual(VIEW_FIELDS);
    expect(v.pageid).toMatch(/^\d{9}$/);
    expect(changed).toEqual([v.pageid]);
    expect(v).toMatchObject({
      customerid: ids.c1,
      customer: 'c1公司',
      platform: 2,
      state: 2,
      itemid: '612345678901',
      isdirect: 1,
      jumptype: 'detail',
    });
    expect(v.item_title).not.toBe('');
    expect(v.item_price).toBeGreaterThan(0);
    expect(v.detaillink).toBe('https://item.taobao.com/item.htm?id=612345678901');
    expect(v.transedlink).toMatch(new RegExp(`^${t.unions.url}/sandbox/taobao/s\\.click/t\\?e=`));
    expect(v.landing_url).toBe(`https://tf.example.cn/pub/${v.pageid}`);
    expect(v.monitor_touch_url).toMatch(new RegExp(`^https://tf\\.example\\.cn/m/c/${v.pageid}\\?ch=2&`));
    expect(v.monitor_touch_url).toContain('cb=__CALLBACK_PARAM__');
    expect(v.monitor_show_url).toMatch(new RegExp(`^https://tf\\.example\\.cn/m/s/${v.pageid}\\?ch=2&`));
    const again = await create('c1');
    expect(again.body.data.item_title).toBe(v.item_title);
    expect(again.body.data.pageid).not.toBe(v.pageid);
  });

  it('a failing change listener never fails the request; listeners hear update and delete too', async () => {
    const heard: string[] = [];
    const offBad = t.deps.linkEvents.on(() => {
      throw new Error('renderer down');
    });
    const offGood = t.deps.linkEvents.on(async (p) => void heard.push(p));
    try {
      const v = (await create('c1')).body.data;
      expect((await call('c1', 'update', { pageid: v.pageid, title: '改' })).body.code).toBe(1);
      expect((await call('c1', 'delete', { pageid: v.pageid })).body.code).toBe(1);
      expect(heard).toEqual([v.pageid, v.pageid, v.pageid]);
    } finally {
      offBad();
      offGood();
    }
  });

  it.each([
    [{ platform: 2, state: 3 }, '/pwb/'],
    [{ platform: 2, state: 8 }, '/puc/'],
    [{ platform: 2, state: 2, jumptype: 'taojimu', taojimulink: 'https://m.duanqu.com/?id=1' }, '/xtb/'],
    [{ platform: 3, state: 2, item: 'https://item.jd.com/100012043978.html' }, '/pjd/'],
    [{ platform: 8, state: 2, item: '100012043978' }, '/pjd/'],
    [{ platform: 5, state: 2, item: 'https://mobile.yangkeduo.com/goods.html?goods_id=12345678' }, '/pud/'],
    [{ platform: 4, state: 2 }, '/new/'],
    [{ platform: 6, state: 2, pagepath: 'pages/item/index?id=1', appid: 'wx1234567890abcdef' }, '/new/wx/'],
  ])('landing_url for %o starts %s', async (extra, prefix) => {
    const r = await create('c1', extra);
    expect(r.body.code).toBe(1);
    expect(r.body.data.landing_url).toBe(`https://tf.example.cn${prefix}${r.body.data.pageid}`);
  });

  it('tengxun monitor URLs carry its click and impression macros; weibo gets a plain URL', async () => {
    const tx = (await create('c1', { state: 4 })).body.data;
    expect(tx.monitor_touch_url).toContain('clickid=__CLICK_ID__');
    expect(tx.monitor_show_url).toContain('imp=__IMPRESSION_ID__');
    const wb = (await create('c1', { state: 3 })).body.data;
    expect(wb.monitor_touch_url).toBe(`https://tf.example.cn/m/c/${wb.pageid}?ch=3`);
  });

  it('updates, re-derives the item and monitor URLs, logs only changed fields', async () => {
    const v = (await create('c1')).body.data;
    const u = await call('c1', 'update', {
      pageid: v.pageid,
      title: '新名称',
      state: 5,
      item: 'https://detail.tmall.com/item.htm?id=700000000001&spm=a',
    });
    expect(u.body.code).toBe(1);
    expect(u.body.data).toMatchObject({ title: '新名称', state: 5, itemid: '700000000001', isdirect: 1 });
    expect(u.body.data.monitor_touch_url).toContain('cb=__CALLBACK__');
    expect(u.body.data.item_title).not.toBe(v.item_title);
    const same = await call('c1', 'update', { pageid: v.pageid, title: '新名称' });
    expect(same.body.code).toBe(1);
    expect((await call('c1', 'delete', { pageid: v.pageid })).body).toEqual({ code: 1, msg: '删除成功', data: null });
    expect((await call('c1', 'detail', { pageid: v.pageid })).body.code).toBe(4004);
    const admin = await call<{ list: LinkLogEntry[]; total: number }>('admin', 'log', { pageid: v.pageid });
    expect(admin.body.code).toBe(4004);
  });

  it('a platform change re-derives the item from the stored id; a shop link keeps its shop', async () => {
    const v = (await create('c1', { item: '100012043978' })).body.data;
    const jd = await call('c1', 'update', { pageid: v.pageid, platform: 3 });
    expect(jd.body.data).toMatchObject({ platform: 3, itemid: '100012043978', detaillink: 'https://item.jd.com/100012043978.html' });
    expect(jd.body.data.landing_url).toMatch(/\/pjd\/\d{9}$/);
    const shop = (await create('c1', { item: 'https://shop123456.taobao.com/' })).body.data;
    expect(shop).toMatchObject({ itemid: 'shop123456', detaillink: 'https://shop123456.taobao.com' });
    const moved = await call('c1', 'update', { pageid: shop.pageid, platform: 5 });
    expect(moved.body).toEqual({ code: 4000, msg: '该链接属于淘宝/天猫，与所选商品平台（拼多多）不一致', data: null });
  });

  it('a 微信小程序 link has no price rather than ¥0.00, the same in the detail and the change log (issue 15 item 9)', async () => {
    const wx = (
      await create('c1', {
        platform: 6,
        state: 4,
        item: '686789012345',
        appid: 'wx1234567890abcdef',
        pagepath: 'pages/goods/detail?id=1',
        title: '礼盒装坚果',
      })
    ).body.data;
    expect(wx).toMatchObject({ item_price: null, item_title: '', itemid: '686789012345', title: '礼盒装坚果' });
    const created = (await call<{ list: LinkLogEntry[] }>('c1', 'log', { pageid: wx.pageid })).body.data.list[0]!;
    expect(created.action).toBe('create');
    expect(created.after).not.toHaveProperty('item_price');
    const tb = (await call('c1', 'update', { pageid: wx.pageid, platform: 2, item: '612345678901' })).body.data;
    expect(tb.item_price).toBeGreaterThan(0);
    const updated = (await call<{ list: LinkLogEntry[] }>('c1', 'log', { pageid: wx.pageid })).body.data.list[0]!;
    expect([updated.before.item_price, updated.after.item_price]).toEqual([null, tb.item_price]);
  });

  it('log lists create and update with actor, before and after', async () => {
    const v = (await create('c1')).body.data;
    await call('c1', 'update', { pageid: v.pageid, title: '改名', isdirect: 2 });
    await call('admin', 'update', { pageid: v.pageid, couponlink: 'https://uland.taobao.com/coupon/edetail?e=x' });
    const r = await call<{ list: LinkLogEntry[]; total: number }>('c1', 'log', { pageid: v.pageid, page: 1, pagesize: 10 });
    expect(r.body.code).toBe(1);
    expect(r.body.data.total).toBe(3);
    const [last, mid, first] = r.body.data.list;
    expect(last).toMatchObject({
      action: 'update',
      actor: 'admin@x.cn',
      before: { couponlink: '' },
      after: { couponlink: 'https://uland.taobao.com/coupon/edetail?e=x' },
    });
    expect(mid).toMatchObject({
      action: 'update',
      actor: 'c1@x.cn',
      before: { title: '夏季T恤', isdirect: 1 },
      after: { title: '改名', isdirect: 2 },
    });
    expect(Object.keys(mid!.after).sort()).toEqual(['isdirect', 'title']);
    expect(first).toMatchObject({ action: 'create', actor: 'c1@x.cn', before: {} });
    expect(first!.after).toMatchObject({ title: '夏季T恤', platform: 2, itemid: '612345678901' });
    expect(typeof first!.at).toBe('number');
  });

  it('lists with filters, search and paging', async () => {
    const a = (await create('c2', { title: '独一无二的名字 Summer', isdirect: 2, relate_advertiser_ids: '5001,5002' })).body.data;
    await create('c2', { title: '另一个' });
    const list = (b: unknown) => call<{ list: LinkView[]; total: number }>('c2', 'index', b);
    expect((await list({})).body.data.total).toBe(2);
    expect((await list({ isdirect: 2 })).body.data.list.map((l) => l.pageid)).toEqual([a.pageid]);
    expect((await list({ exact: '独一无二' })).body.data.total).toBe(1);
    expect((await list({ exact: a.pageid.slice(2, 7) })).body.data.total).toBe(1);
    expect((await list({ exact: '%' })).body.data.total).toBe(0);
    expect((await list({ exact: 'sUMMER' })).body.data.total).toBe(1);
    expect((await list({ advertiser_id: '5002' })).body.data.total).toBe(1);
    expect((await list({ advertiser_id: '500' })).body.data.total).toBe(0);
    expect((await list({ pageid: a.pageid })).body.data.total).toBe(1);
    const p2 = await list({ pagesize: 1, page: 2 });
    expect(p2.body.data).toMatchObject({ total: 2 });
    expect(p2.body.data.list).toHaveLength(1);
    expect(p2.body.data.list[0]!.pageid).toBe(a.pageid);
    const old = await t.post<{ list: LinkView[]; total: number }>(
      '/capi/api/land/v2/index',
      { jump_type: 2, page: 1, pagesize: 20 },
      { token: tok.c2 },
    );
    expect(old.body.data.list.map((l) => l.pageid)).toEqual([a.pageid]);
  });

  it('customers: agents get themselves and sub-customers, admins every customer, others none', async () => {
    const agent = await call<CustomerOption[]>('agent', 'customers', {});
    expect(agent.body.data).toEqual([
      { customerid: ids.agent, company: 'agent公司', email: 'agent@x.cn', advertisers: {} },
      { customerid: ids.sub, company: 'sub公司', email: 'sub@x.cn', advertisers: {} },
    ]);
    expect((await call<CustomerOption[]>('admin', 'customers', {})).body.data.map((c) => c.customerid)).toEqual([
      ids.c1,
      ids.c2,
      ids.agent,
      ids.sub,
    ]);
    expect((await call('c1', 'customers', {})).body.data).toEqual([]);
    expect((await call('ud', 'customers', {})).body.data).toEqual([]);
  });
});
