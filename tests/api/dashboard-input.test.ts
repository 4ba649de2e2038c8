import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { seedBoardFacts } from '../support/factories-facts.ts';

const PW = 'secret123';
const NOW = parseChinaTime('2026-03-18 14:25:10');
const range = { start: '2026-03-01', end: '2026-03-18' };
const bad = (msg: string, data: unknown = { field: expect.any(String), issues: expect.any(Number) }) => ({
  status: 400,
  body: { code: 4000, msg, data },
});
const NO_CUSTOMER = { status: 404, body: { code: 4004, msg: '客户不存在', data: null } };
const NO_ITEM = { status: 404, body: { code: 4004, msg: '商品或推广链接不存在，或不属于当前账号', data: null } };

const ENDPOINTS: Array<[string, Record<string, unknown>]> = [
  ['/capi/api/index/board', { type: 1 }],
  ['/capi/api/index/detail', { type: 3, ad: 'plan' }],
  ['/capi/napi/board/card', { accounttype: 'multi', ...range }],
  ['/capi/napi/board/list', { accounttype: 'multi', method: 'day', ...range }],
  ['/capi/napi/itemanalyse/index', range],
  ['/capi/napi/itemanalyse/detail', { item_id: 'ITEM-S', ...range }],
  ['/capi/napi/itemanalyse/order', { item_id: 'ITEM-S', ...range }],
];

describe.each(dialects())('board inputs, rights and tenants ($name)', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock: new ManualClock(NOW * 1000) });
    for (const [name, role, parent] of [
      ['admin', 2],
      ['agent', 4],
      ['sub', 3, 'agent@x.cn'],
      ['other', 3],
      ['ud', 5],
    ] as const) {
      ids[name] = (await createUser(t.deps, { email: `${name}@x.cn`, password: PW, role, company: name, parentEmail: parent })).id;
      tok[name] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}@x.cn`, password: PW })).body.data.jwt;
    }
    await insertLinkRow(t.deps.db, { pageid: '8001', customerid: ids.sub!, itemid: 'ITEM-S', item_title: '子客户商品' });
    await insertLinkRow(t.deps.db, { pageid: '8002', customerid: ids.other!, itemid: 'ITEM-O', item_title: '他人商品' });
    await seedBoardFacts(t.deps.db, '8001', '2026-03-10 09:00');
    await seedBoardFacts(t.deps.db, '8002', '2026-03-10 09:00');
  });
  afterAll(() => t.close());

  it.each(ENDPOINTS)('%s: no token 1009, UDSmart 4003, malformed JSON 4001, not an object 4000', async (path, body) => {
    expect(await t.post(path, body)).toEqual({ status: 401, body: { code: 1009, msg: '登录信息已过期', data: null } });
    expect(await t.post(path, body, { token: tok.ud })).toEqual({
      status: 403,
      body: { code: 4003, msg: 'UDSmart 账号没有数据看板功能', data: null },
    });
    expect(await t.post(path, undefined, { token: tok.sub, raw: '{"start":' })).toEqual({
      status: 400,
      body: { code: 4001, msg: '请求体不是合法的 JSON，请检查后重试', data: null },
    });
    expect(await t.post(path, undefined, { token: tok.sub, raw: '[1]' })).toEqual({
      status: 400,
      body: { code: 4000, msg: '请求体必须是 JSON 对象', data: null },
    });
    expect((await t.post(path, body, { token: tok.sub })).body.code).toBe(1);
  });

  it.each(ENDPOINTS)("%s: another tenant's customer, and one that does not exist, read 4004 alike", async (path, body) => {
    expect(await t.post(path, { ...body, customerid: ids.other }, { token: tok.sub })).toEqual(NO_CUSTOMER);
    expect(await t.post(path, { ...body, customerid: ids.other }, { token: tok.agent })).toEqual(NO_CUSTOMER);
    expect(await t.post(path, { ...body, customerid: 987_654 }, { token: tok.admin })).toEqual(NO_CUSTOMER);
    expect((await t.post(path, { ...body, customerid: ids.sub }, { token: tok.agent })).body.code).toBe(1);
  });

  it("another tenant's item answers 4004 exactly like a missing one; admins see every item", async () => {
    for (const path of ['/capi/napi/itemanalyse/detail', '/capi/napi/itemanalyse/order']) {
      expect(await t.post(path, { item_id: 'ITEM-O', ...range }, { token: tok.sub })).toEqual(NO_ITEM);
      expect(await t.post(path, { item_id: 'ITEM-O', ...range }, { token: tok.agent })).toEqual(NO_ITEM);
      expect(await t.post(path, { item_id: 'NOPE', ...range }, { token: tok.sub })).toEqual(NO_ITEM);
      // a promotion link's pageid (spec §2's /collect/page/{pageId}) is refused alike when the link is another's
      expect(await t.post(path, { item_id: '8002', ...range }, { token: tok.sub })).toEqual(NO_ITEM);
      expect((await t.post(path, { item_id: '8001', ...range }, { token: tok.sub })).body.code).toBe(1);
      expect((await t.post(path, { item_id: 'ITEM-O', ...range }, { token: tok.admin })).body.code).toBe(1);
    }
  });

  it("a customer's board never holds another tenant's facts", async () => {
    const cost = async (who: string) =>
      (await t.post<{ metrics: { sum_cost: number } }>('/capi/napi/board/card', { accounttype: 'multi', ...range }, { token: tok[who] }))
        .body.data.metrics.sum_cost;
    expect(await cost('sub')).toBe(100);
    expect(await cost('other')).toBe(100);
    expect(await cost('agent')).toBe(100);
    expect(await cost('admin')).toBe(200);
    const items = await t.post<{ list: Array<{ item_id: string }> }>('/capi/napi/itemanalyse/index', range, { token: tok.other });
    expect(items.body.data.list.map((i) => i.item_id)).toEqual(['ITEM-O']);
    const plans = await t.post<{ list: Array<{ id: string }> }>(
      '/capi/api/index/detail',
      { type: 0, ...range, ad: 'plan' },
      { token: tok.agent },
    );
    expect(plans.body.data.list.map((p) => p.id)).toEqual(['P8001']);
  });

  it.each([
    ['/capi/napi/board/card', { accounttype: 'multi', start: 20260301, end: '2026-03-18' }, bad('开始日期必须是 YYYY-MM-DD 格式的日期')],
    [
      '/capi/napi/board/card',
      { accounttype: 'multi', start: '2026/03/01', end: '2026-03-18' },
      bad('开始日期必须是 YYYY-MM-DD 格式的日期'),
    ],
    [
      '/capi/napi/board/card',
      { accounttype: 'multi', start: '2026-02-30', end: '2026-03-18' },
      bad('开始日期不是有效日期', { field: 'start' }),
    ],
    [
      '/capi/napi/board/card',
      { accounttype: 'multi', start: '2026-03-10', end: '2026-03-09' },
      bad('结束日期不能早于开始日期', { field: 'end' }),
    ],
    [
      '/capi/napi/board/card',
      { accounttype: 'multi', start: '2026-03-10', end: '2026-03-19' },
      bad('结束日期不能晚于今天', { field: 'end' }),
    ],
    [
      '/capi/napi/board/card',
      { accounttype: 'multi', start: '2025-01-01', end: '2026-03-18' },
      bad('日期范围不能超过 92 天', { field: 'end' }),
    ],
    ['/capi/napi/board/card', { ...range }, bad('请选择账户类型（state）', { field: 'state' })],
    [
      '/capi/napi/board/card',
      { accounttype: 'multi', state: 2, ...range },
      bad('accounttype 为 multi 时汇总全部账户类型，不能再指定 state', { field: 'state' }),
    ],
    ['/capi/napi/board/card', { accounttype: 'all', ...range }, bad('accounttype 只能是 single（一个账户类型）或 multi（全部账户类型）')],
    ['/capi/napi/board/card', { state: 1, ...range }, bad('渠道编号不存在（2 巨量、3 微博、4 腾讯、5 快手、8 UCID、10 小红书 …）')],
    ['/capi/napi/board/card', { state: '巨量', ...range }, bad('渠道必须是整数')],
    ['/capi/napi/board/card', { accounttype: 'multi', method: 'week', ...range }, bad('卡片趋势的 method 只能是 hour 或 day')],
    ['/capi/napi/board/card', { accounttype: 'multi', platform: 9, ...range }, bad('商品平台编号不存在（2 淘宝、3 京东、4 淘宝新链接 …）')],
    ['/capi/napi/board/card', { accounttype: 'multi', platform: '2;drop', ...range }, bad('商品平台只能是平台编号或逗号分隔的编号')],
    ['/capi/napi/board/card', { accounttype: 'multi', advertiser_id: 'a'.repeat(65), ...range }, bad('广告主编号不能超过 64 个字符')],
    [
      '/capi/napi/board/card',
      { accounttype: 'multi', advertiser_id: "1' or 1=1", ...range },
      bad('广告主编号只能是字母、数字、下划线和短横线'),
    ],
    ['/capi/napi/board/card', { accounttype: 'multi', customerid: 'me', ...range }, bad('客户编号必须是整数')],
    [
      '/capi/napi/board/list',
      { accounttype: 'multi', method: 'plan', ...range },
      bad('method 只能是 hour、day、channel、customer 或 advertiser'),
    ],
    ['/capi/napi/board/list', { accounttype: 'multi', pagesize: 51, ...range }, bad('每页条数只能是 1–50')],
    ['/capi/napi/board/list', { accounttype: 'multi', page: 0, ...range }, bad('页码必须是正整数')],
    [
      '/capi/napi/board/list',
      { accounttype: 'multi', sort_field: 'cost; drop', ...range },
      bad('排序字段只能是指标字段（如 sum_cost、roi）或 name、time、visits'),
    ],
    ['/capi/napi/board/list', { accounttype: 'multi', sort: 'up', ...range }, bad('排序方向只能是 asc 或 desc')],
    ['/capi/api/index/board', { type: 9 }, bad('type 只能是 0（自定义）或 1–8（今天、昨天、最近7天、最近30天、本周、上周、本月、上月）')],
    ['/capi/api/index/board', { type: 0 }, bad('自定义时段（type 0）请填写开始日期', { field: 'start' })],
    ['/capi/api/index/board', { type: 0, start: '2026-03-01' }, bad('自定义时段（type 0）请填写结束日期', { field: 'end' })],
    ['/capi/api/index/board', { social: [2] }, bad('渠道必须是整数')],
    ['/capi/api/index/detail', { ad: 'creative' }, bad('ad 只能是 advertiser、campaign、plan、link、item 或 customer')],
    ['/capi/api/index/detail', { pagesize: 100 }, bad('每页条数只能是 1–50')],
    ['/capi/napi/itemanalyse/index', { ...range, exact: '长'.repeat(101) }, bad('搜索内容不能超过 100 个字符')],
    ['/capi/napi/itemanalyse/index', { ...range, pagesize: 101 }, bad('每页条数只能是 1–100')],
    ['/capi/napi/itemanalyse/detail', { ...range }, bad('请指定商品')],
    ['/capi/napi/itemanalyse/detail', { ...range, item_id: 'x'.repeat(65) }, bad('商品编号不能超过 64 个字符')],
    ['/capi/napi/itemanalyse/order', { ...range, item_id: '../etc' }, bad('商品编号只能是字母、数字、下划线和短横线')],
  ])('%s with %o answers 4000 with the reason', async (path, body, want) => {
    expect(await t.post(path, body, { token: tok.sub })).toEqual(want);
  });
});
