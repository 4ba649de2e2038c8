import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { ConnectorError } from '../../src/server/connectors/errors.ts';
import { landingKey } from '../../src/server/publish/storage.ts';
import type { ConversionView as Conversion } from '../../src/shared/affiliate.ts';
import type { Envelope } from '../../src/shared/codes.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

const PW = 'secret123';

describe.each(dialects())('/tfc on $name', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let pageid = '';
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    for (const [name, role] of [
      ['c1', 3],
      ['c2', 3],
      ['ud', 5],
    ] as const) {
      await createUser(t.deps, { email: `${name}@x.cn`, password: PW, role });
      tok[name] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}@x.cn`, password: PW })).body.data.jwt;
    }
    pageid = (
      await t.post<LinkView>('/capi/napi/link/create', { platform: 2, state: 2, item: '612345678901', isdirect: 1 }, { token: tok.c1 })
    ).body.data.pageid;
  });
  afterAll(() => t.close());

  const get = async <T = Conversion>(path: string, who = 'c1') => {
    const res = await t.app.request(path, { headers: who ? { authorization: tok[who]! } : {} });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };

  it('geturl converts a taobao item through the 淘宝联盟 connector into item data and an s.click link, deterministically', async () => {
    const r = await get(`/tfc/newputoth/geturl?item=${encodeURIComponent('https://item.taobao.com/item.htm?id=612345678901&spm=x')}`);
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({
      platform: 2,
      kind: 'item',
      itemid: '612345678901',
      detail_url: 'https://item.taobao.com/item.htm?id=612345678901',
    });
    expect(r.body.data.promotion_url).toMatch(new RegExp(`^${t.unions.url}/sandbox/taobao/s\\.click/t\\?e=`));
    expect(r.body.data.image).toBe(`${t.unions.url}/sandbox/taobao/img/612345678901.svg`);
    expect(r.body.data.price).toBeGreaterThan(0);
    expect(Object.keys(r.body.data).sort()).toEqual([
      'coupon',
      'detail_url',
      'image',
      'itemid',
      'kind',
      'platform',
      'price',
      'promotion_url',
      'shopid',
      'title',
    ]);
    expect((await get('/tfc/newputoth/geturl?item=612345678901')).body.data).toEqual(r.body.data);
  });

  it("pinduoduo, JD and item_conver answer in each union's link shape", async () => {
    const pdd = await get('/tfc/newputpdd/geturl?item=https%3A%2F%2Fmobile.yangkeduo.com%2Fgoods.html%3Fgoods_id%3D12345678');
    expect(pdd.body.data.promotion_url).toMatch(
      new RegExp(`^${t.unions.url}/sandbox/pdd/(duo_coupon_landing\\.html\\?goods_id=12345678&pid=|p/)`),
    );
    const jd = await t.post<Conversion>('/tfc/jdpromotion', { item: 'https://item.m.jd.com/product/100012043978.html' }, { token: tok.c1 });
    expect(jd.body.data.promotion_url).toMatch(new RegExp(`^${t.unions.url}/sandbox/jd/union-click/jdc\\?e=`));
    const shop = await get('/tfc/newputoth/item_conver?url=https%3A%2F%2Fshop123456.taobao.com%2F');
    expect(shop.body.data).toMatchObject({ platform: 2, kind: 'shop', shopid: '123456', itemid: '' });
    const bare = await get('/tfc/newputoth/item_conver?url=12345678&platform=5');
    expect(bare.body.data).toMatchObject({ platform: 5, itemid: '12345678' });
    expect((await get('/tfc/newputoth/item_conver?url=12345678')).body).toEqual({
      code: 4000,
      msg: '请粘贴完整的商品链接，或同时指定商品平台（platform）',
      data: null,
    });
  });

  it('jdgetshopid answers the shop id of a shop URL or an item', async () => {
    expect((await get('/tfc/jdgetshopid?url=https%3A%2F%2Fmall.jd.com%2Findex-1000004123.html')).body.data).toEqual({
      shopid: '1000004123',
      shop_url: 'https://mall.jd.com/index-1000004123.html',
    });
    const item = await get<{ shopid: string }>('/tfc/jdgetshopid?url=https%3A%2F%2Fitem.jd.com%2F100012043978.html');
    expect(item.body.data.shopid).toMatch(/^\d+$/);
  });

  it.each([
    ['/tfc/newputoth/geturl', { code: 4000, msg: '请输入商品 ID 或商品链接' }],
    [
      '/tfc/newputoth/geturl?item=https%3A%2F%2Fm.tb.cn%2Fh.xyz',
      { code: 4000, msg: '短链接需要联网解析，暂不支持；请在浏览器打开后粘贴商品详情页链接，或直接输入商品 ID' },
    ],
    [
      '/tfc/newputpdd/geturl?item=https%3A%2F%2Fitem.jd.com%2F100012043978.html',
      { code: 4000, msg: '该链接属于京东，与所选商品平台（拼多多）不一致' },
    ],
    ['/tfc/newputoth/item_conver?url=ftp%3A%2F%2Fitem.taobao.com%2F', { code: 4000, msg: '商品链接必须是 http:// 或 https:// 开头' }],
    [
      '/tfc/jdgetshopid?url=https%3A%2F%2Fexample.com',
      { code: 4000, msg: '无法识别的商品链接：支持淘宝、天猫、京东、拼多多的商品详情页或店铺链接' },
    ],
  ])('GET %s answers 4000', async (path, expected) => {
    const r = await get(path);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject(expected);
  });

  it('requires a token', async () => {
    expect((await get('/tfc/newputoth/geturl?item=612345678901', '')).body.code).toBe(1009);
  });

  it('an upstream failure answers 5020 without details; the union refusing the item answers 4000 in its words', async () => {
    const refuse = (err: Error) => async () => {
      throw err;
    };
    const broken = (err: Error) => ({
      ...t.deps.affiliates,
      taobao: { ...t.deps.affiliates.taobao, convert: refuse(err) },
    });
    const down = await makeTestApp(dialect, {}, { handle: t.handle, affiliates: broken(new Error('ECONNRESET secret-host')) });
    const no = await makeTestApp(
      dialect,
      {},
      {
        handle: t.handle,
        affiliates: broken(new ConnectorError('taobao', 'refused', '淘宝联盟未找到该商品，或该商品不参与推广', 'not_found')),
      },
    );
    try {
      const r = await down.app.request('/tfc/newputoth/geturl?item=612345678901', { headers: { authorization: tok.c1! } });
      expect({ status: r.status, body: await r.json() }).toEqual({
        status: 502,
        body: { code: 5020, msg: '商品转链失败：联盟接口暂时不可用，请稍后再试', data: null },
      });
      const n = await no.app.request('/tfc/newputoth/geturl?item=612345678901', { headers: { authorization: tok.c1! } });
      expect({ status: n.status, body: await n.json() }).toEqual({
        status: 400,
        body: { code: 4000, msg: '淘宝联盟未找到该商品，或该商品不参与推广', data: null },
      });
    } finally {
      await down.close();
      await no.close();
    }
  });

  it('htmltoss stores the landing HTML for the owner under both paths', async () => {
    const html = '<!doctype html><title></title><p>落地页</p>';
    const r = await t.post('/tfc/htmltoss', { pageid, html }, { token: tok.c1 });
    expect(r.body).toEqual({ code: 1, msg: '发布成功', data: { pageid, key: `landing/${pageid}.html`, bytes: Buffer.byteLength(html) } });
    const stored = await t.deps.storage.get(landingKey(pageid));
    expect(stored?.body.toString('utf8')).toBe(html);
    expect(stored?.contentType).toBe('text/html; charset=utf-8');
    expect((await t.post('/tfc/newputoth/htmloss', { pageid, html: 'v2' }, { token: tok.c1 })).body.code).toBe(1);
    expect((await t.deps.storage.get(landingKey(pageid)))?.body.toString()).toBe('v2');
  });

  it.each([
    ['c2', { pageid: '', html: 'x' }, 404, 4004, '推广链接不存在'],
    ['ud', { pageid: '', html: 'x' }, 403, 4003, 'UDSmart 账号没有推广链接功能'],
    ['c1', { pageid: '../../etc', html: 'x' }, 400, 4000, '推广链接编号只能是数字'],
    ['c1', { pageid: '', html: '' }, 400, 4000, '请提供落地页 HTML'],
    ['c1', { pageid: '', html: 42 }, 400, 4000, '请提供落地页 HTML'],
  ])('htmltoss by %s with %o answers %i/%i', async (who, b, status, code, msg) => {
    const r = await t.post('/tfc/htmltoss', { ...b, pageid: b.pageid || pageid }, { token: tok[who] });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ code, msg });
  });

  it('htmltoss refuses an oversized page', async () => {
    const big = await makeTestApp(dialect, { MAX_BODY_BYTES: String(2 * 1024 * 1024) });
    try {
      await createUser(big.deps, { email: 'c@x.cn', password: PW, role: 3 });
      const token = (await big.post<{ jwt: string }>('/capi/api/user/login', { email: 'c@x.cn', password: PW })).body.data.jwt;
      const p = (
        await big.post<LinkView>('/capi/napi/link/create', { platform: 2, state: 2, item: '612345678901', isdirect: 1 }, { token })
      ).body.data.pageid;
      const r = await big.post('/tfc/htmltoss', { pageid: p, html: 'x'.repeat(600 * 1024) }, { token });
      expect(r).toEqual({ status: 413, body: { code: 4013, msg: '落地页 HTML 过大（上限 512 KB）', data: null } });
    } finally {
      await big.close();
    }
  });
});
