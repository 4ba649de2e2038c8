import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

const PW = 'secret123';
const good = { platform: 2, state: 2, item: '612345678901', isdirect: 1 };
const bad = (msg: string, data: unknown = { field: expect.any(String), issues: expect.any(Number) }) => ({
  status: 400,
  body: { code: 4000, msg, data },
});

describe.each(dialects())('links input validation on $name', (dialect) => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await createUser(t.deps, { email: 'c1@x.cn', password: PW, role: 3 });
    token = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: 'c1@x.cn', password: PW })).body.data.jwt;
  });
  afterAll(() => t.close());

  it.each([
    [
      'malformed JSON',
      { raw: '{"platform": 2,' },
      { status: 400, body: { code: 4001, msg: '请求体不是合法的 JSON，请检查后重试', data: null } },
    ],
    ['array body', { raw: '[1]' }, { status: 400, body: { code: 4000, msg: '请求体必须是 JSON 对象', data: null } }],
    ['empty body', { raw: '' }, bad('请选择商品平台')],
    ['platform as text', { body: { ...good, platform: 'taobao' } }, bad('请选择商品平台')],
    ['unknown platform', { body: { ...good, platform: 9 } }, bad('商品平台只能是 2/3/4/5/6/7/8')],
    ['unknown channel', { body: { ...good, state: 1 } }, bad('投放渠道只能是 2/3/4/5/6/7/8/9/10')],
    ['isdirect 3', { body: { ...good, isdirect: 3 } }, bad('跳转方式只能是 1（直跳）或 2（非直跳）')],
    ['jumptype unknown', { body: { ...good, jumptype: 'jump' } }, bad('跳转类型只能是 detail、taojimu 或 smart')],
    ['item missing', { body: { ...good, item: '' } }, bad('请输入商品 ID 或商品链接')],
    ['item as object', { body: { ...good, item: { id: 1 } } }, bad('商品必须是文本')],
    ['huge title', { body: { ...good, title: '长'.repeat(101) } }, bad('链接名称不能超过 100 个字符')],
    [
      'huge item',
      { body: { ...good, item: `https://item.taobao.com/item.htm?id=1&x=${'a'.repeat(3000)}` } },
      bad('商品不能超过 2000 个字符'),
    ],
    ['coupon not a URL', { body: { ...good, couponlink: 'javascript:alert(1)' } }, bad('优惠券链接必须是 http:// 或 https:// 开头的网址')],
    ['advertisers not digits', { body: { ...good, relate_advertiser_ids: '12,ab' } }, bad('关联广告主只能是逗号分隔的数字')],
    [
      'bad item URL',
      { body: { ...good, item: 'https://example.com/item/1' } },
      bad('无法识别的商品链接：支持淘宝、天猫、京东、拼多多的商品详情页或店铺链接', null),
    ],
    [
      'short link',
      { body: { ...good, item: 'https://m.tb.cn/h.abc123' } },
      bad('短链接需要联网解析，暂不支持；请在浏览器打开后粘贴商品详情页链接，或直接输入商品 ID', null),
    ],
    [
      'JD URL on taobao',
      { body: { ...good, item: 'https://item.jd.com/100012043978.html' } },
      bad('该链接属于京东，与所选商品平台（淘宝/天猫）不一致', null),
    ],
    ['item id too short', { body: { ...good, item: '12' } }, bad('商品 ID 应为 4–20 位数字', null)],
    [
      'wxminiapp without pagepath',
      { body: { ...good, platform: 6 } },
      bad('微信小程序链接必须填写小程序页面路径（pagepath）', { field: 'pagepath' }),
    ],
    [
      'taojimu without link',
      { body: { ...good, jumptype: 'taojimu' } },
      bad('跳转类型为淘积木时必须填写淘积木链接（taojimulink）', { field: 'taojimulink' }),
    ],
    [
      'taojimu on JD',
      { body: { ...good, platform: 3, jumptype: 'taojimu', taojimulink: 'https://a.cn' } },
      bad('淘积木跳转只适用于淘宝平台', { field: 'jumptype' }),
    ],
    [
      'smart without link',
      { body: { ...good, jumptype: 'smart' } },
      bad('跳转类型为智能链接时必须填写智能链接（smartlink）', { field: 'smartlink' }),
    ],
  ])('create with %s', async (_n, req, expected) => {
    const r = await t.post('/capi/napi/link/create', 'body' in req ? req.body : undefined, {
      token,
      raw: 'raw' in req ? req.raw : undefined,
    });
    expect(r).toEqual(expected);
  });

  it.each([
    ['detail', { pageid: 'abc' }, '推广链接编号只能是数字'],
    ['detail', {}, '请指定推广链接'],
    ['update', { pageid: [1] }, '请指定推广链接'],
    ['index', { pagesize: 1000 }, '每页条数只能是 1–100'],
    ['index', { page: 0 }, '页码必须是正整数'],
    ['index', { exact: 'x'.repeat(101) }, '搜索内容不能超过 100 个字符'],
    ['log', { pageid: '1', pagesize: 'many' }, '每页条数必须是整数'],
  ])('%s with %o answers 4000', async (path, body, msg) => {
    expect(await t.post(`/capi/napi/link/${path}`, body, { token })).toEqual(bad(msg));
  });

  it('accepts digit strings from the old console and a numeric pageid', async () => {
    const r = await t.post<LinkView>(
      '/capi/napi/link/create',
      { platform: '2', state: '4', item: ' 612345678901 ', isdirect: '2', type: '3' },
      { token },
    );
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({ platform: 2, state: 4, isdirect: 2, type: 3, itemid: '612345678901' });
    const d = await t.post<LinkView>('/capi/napi/link/detail', { pageid: Number(r.body.data.pageid) }, { token });
    expect(d.body.data.pageid).toBe(r.body.data.pageid);
  });

  it('the old-version aliases reach the same services', async () => {
    const c = await t.post<LinkView>('/capi/api/land/v2/create', good, { token });
    expect(c.body.code).toBe(1);
    const pageid = c.body.data.pageid;
    expect((await t.post<LinkView>('/capi/api/land/detail', { pageid }, { token })).body.data.pageid).toBe(pageid);
    expect((await t.post<LinkView>('/capi/api/land/update', { pageid, title: '旧版改名' }, { token })).body.data.title).toBe('旧版改名');
    expect((await t.post<LinkView>('/capi/api/land/v2/detail', { pageid }, { token })).body.data.title).toBe('旧版改名');
    expect((await t.post('/capi/api/land/index', { pageid }, { token })).body.data).toMatchObject({ total: 1 });
    expect((await t.post('/capi/api/land/v2/delete', { pageid }, { token })).body.code).toBe(1);
    expect((await t.post('/capi/api/land/delete', { pageid }, { token })).body.code).toBe(4004);
    expect(await t.post('/capi/api/land/adlist', {}, { token })).toEqual({ status: 200, body: { code: 1, msg: '成功', data: [] } });
    expect(await t.post('/capi/api/land/report', { orderid: '123' }, { token })).toEqual({
      status: 404,
      body: { code: 4004, msg: '订单不存在', data: null },
    });
  });
});
