import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import { chinaDay } from '../../src/shared/china-clock.ts';
import type { LinkView } from '../../src/shared/links.ts';
import type { OrderPath, OrderView } from '../../src/shared/orders.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { followJump, orderFromAd, placeOrder, setWatermarks, syncOrders } from '../support/factories-orders.ts';

interface Page {
  list: OrderView[];
  total: number;
  sums: { orders: number; paid_orders: number; order_fen: number; paid_fen: number; commission_fen: number };
  postback: Record<string, number>;
}

describe.each(dialects())('order endpoints on $name', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let agent: UserRow;
  let sub: UserRow;
  let other: UserRow;
  let link: LinkView;
  let mini: LinkView;
  let otherLink: LinkView;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  /** When the two paid orders were paid, and the China day the setup began (it spans ~70 minutes of the clock). */
  const paidAt: number[] = [];
  let setupStart = 0;
  let firstDay = '';

  const post = async <T = Page>(path: string, body: unknown, who = 'sub') => (await t.post<T>(path, body, { token: tok[who] })).body;

  beforeAll(async () => {
    clock = testClock();
    t = await makeTestApp(dialect, {}, { clock });
    agent = await makeUser(t.deps, { role: 4 });
    sub = await makeUser(t.deps, { role: 3, parentEmail: agent.email });
    other = await makeUser(t.deps, { role: 3 });
    const admin = await makeUser(t.deps, { role: 2 });
    const ud = await makeUser(t.deps, { role: 5 });
    for (const [k, u] of Object.entries({ agent, sub, other, admin, ud })) tok[k] = await loginAs(t, u.email);
    link = await makeLink(t.deps, sub, { platform: 2, state: 2, item: '612345678901', isdirect: 1 });
    mini = await makeLink(t.deps, sub, { platform: 4, state: 2, item: '612345678902', isdirect: 2 });
    otherLink = await makeLink(t.deps, other, { platform: 2, state: 2, item: '612345678903' });
    await setWatermarks(t);
    setupStart = clock.now();
    firstDay = chinaDay(setupStart);
    for (const [key, o] of [
      ['paid', await orderFromAd(t, link, clock, { plan: '7300000000000000101', callback: 'B.one' })],
      ['refunded', await orderFromAd(t, link, clock, { plan: '7300000000000000102', fate: 'refunded' })],
    ] as const) {
      ids[key] = o.id;
      paidAt.push(o.paid_at!);
    }
    clock.advance(31 * 60_000); // past the click window: the presell order finds no visit
    const presellClick = await followJump(t, link);
    ids.presell = (
      await placeOrder(t, 'taobao', presellClick, 'presell_settled', { created_at: clock.now() - 100, deposit_at: clock.now() - 90 })
    ).id;
    ids.mini = (await orderFromAd(t, mini, clock, { plan: '7300000000000000103' })).id;
    ids.other = (await orderFromAd(t, otherLink, clock, { plan: '7300000000000000104' })).id;
    expect(await syncOrders(t)).toMatchObject({ error: '' });
    await t.unions.admin('taobao', `/orders/${ids.refunded}/advance`, {}); // its refund happens now
    clock.advance(2 * 60_000);
    expect(await syncOrders(t)).toMatchObject({ error: '' });
    await t.deps.jobs.idle();
  });
  afterAll(() => t.close());

  const today = () => chinaDay(clock.now());

  it('order/index: the caller’s orders with sums over all of them and postback counts', async () => {
    const r = await post('/capi/api/order/index', { pubid: link.pageid });
    expect(r.code).toBe(1);
    expect(r.data.total).toBe(3);
    expect(r.data.list.map((o) => o.order_id).sort()).toEqual([ids.paid, ids.refunded, ids.presell].sort());
    const paid = r.data.list.find((o) => o.order_id === ids.paid);
    expect(paid).toMatchObject({
      pageid: link.pageid,
      link_title: link.title,
      plan_id: '7300000000000000101',
      attribution_rule: 'visit_before_click',
      channel: 2,
    });
    expect(paid?.visit_at).toBeGreaterThan(0);
    expect(r.data.sums.orders).toBe(3);
    expect(r.data.sums.paid_orders).toBe(1); // the refunded one left; the presell with its deposit alone is placed, not paid
    expect(r.data.postback).toEqual({ none: 1, pending: 2, sent: 0, failed: 0, in_doubt: 0 });
  });

  it.each([
    [{ deposit: 1 }, ['presell']],
    [{ tk_status: 'refunded' }, ['refunded']],
    [{ tk_status: 12 }, ['paid']],
    [{ sync_call: 2 }, ['paid', 'refunded']],
    [{ sync_call: 0 }, ['presell']],
    [{ jump_type: 2 }, []],
    [{ source: 3 }, []],
    [{ source: 2 }, ['paid', 'refunded', 'presell']],
  ] as const)('order/index filter %o', async (filter, expected) => {
    const r = await post('/capi/api/order/index', { pubid: link.pageid, ...filter });
    expect(r.data.list.map((o) => Object.entries(ids).find(([, v]) => v === o.order_id)?.[0]).sort()).toEqual([...expected].sort());
  });

  it('order/index dates follow deposit: 3 → click time, 1 → deposit time, else pay time', async () => {
    // from the day the setup began to today: at 23:55 the setup's 70 minutes end on the next day
    const [from, d] = [firstDay, today()];
    expect((await post('/capi/api/order/index', { pubid: link.pageid, pay_start: from, pay_end: d })).data.total).toBe(2);
    expect(
      (await post('/capi/api/order/index', { pubid: link.pageid, deposit: 1, depoist_pay_start: from, depoist_pay_end: d })).data.total,
    ).toBe(1);
    expect((await post('/capi/api/order/index', { pubid: link.pageid, deposit: 3, click_start: from, click_end: d })).data.total).toBe(3);
    // one day only: the pay-time filter cuts at China midnight
    const paidToday = paidAt.filter((at) => chinaDay(at) === d).length;
    expect((await post('/capi/api/order/index', { pubid: link.pageid, pay_start: d, pay_end: d })).data.total).toBe(paidToday);
    expect(
      (await post('/capi/api/order/index', { pubid: link.pageid, deposit: 3, click_start: '2020-01-01', click_end: '2020-01-02' })).data
        .total,
    ).toBe(0);
    // another mode's fields are ignored
    expect(
      (await post('/capi/api/order/index', { pubid: link.pageid, deposit: 3, pay_start: '2020-01-01', pay_end: '2020-01-02' })).data.total,
    ).toBe(3);
  });

  it('miniput/order lists only 淘宝新链接 links; miniad/order and advertiser/order split by link platform and channel', async () => {
    expect((await post('/capi/api/miniput/order', {})).data.list.map((o) => o.order_id)).toEqual([ids.mini]);
    expect((await post('/capi/api/miniad/order', {})).data.list.map((o) => o.order_id)).toEqual([ids.mini]);
    const adv = await post('/capi/api/advertiser/order', { platform: 2, sort_field: 'order_fen', sort: 'asc' });
    expect(adv.data.total).toBe(3);
    const fens = adv.data.list.map((o) => o.order_fen);
    expect(fens).toEqual([...fens].sort((a, b) => a - b));
    expect((await post('/capi/api/weibo/order', {})).data.total).toBe(0);
  });

  it('list endpoints: the back-flow view counts orders clicked since back_date and paid in the history range', async () => {
    const d = today();
    // the day before the setup began (at 23:55 the setup ends the next day: that is two days before today)
    const yesterday = chinaDay(setupStart - 86400);
    // back_date = end: history is that one day (the presell order, deposit only, has no payment yet); each paid order
    // was clicked two minutes before it was paid, on the same day
    const paidToday = paidAt.filter((at) => chinaDay(at) === d).length;
    expect((await post('/capi/api/advertiser/order', { back_date: d, end: d })).data.total).toBe(paidToday);
    // back_date the day before the setup: history starts the day after back_date and holds both payments
    expect((await post('/capi/api/advertiser/order', { back_date: yesterday, end: d })).data.total).toBe(2);
    // a history range that ends before today: none of today's payments
    expect(
      (await post('/capi/api/advertiser/order', { back_date: yesterday, end: d, history_start: yesterday, history_end: yesterday })).data
        .total,
    ).toBe(0);
    expect((await post<unknown>('/capi/api/advertiser/order', { back_date: yesterday, end: d, history_end: yesterday })).msg).toBe(
      '结束日期不能早于开始日期',
    );
  });

  it('link/order and promote/order: one link’s and one plan’s orders', async () => {
    const r = await post('/capi/napi/link/order', { pageid: link.pageid, tk_status: 'paid' });
    expect(r.data.list.map((o) => o.order_id)).toEqual([ids.paid]);
    const p = await post('/capi/napi/promote/order', { platform: 2, plan_id: '7300000000000000102' });
    expect(p.data.list.map((o) => o.order_id)).toEqual([ids.refunded]);
    const words = await post('/capi/napi/promote/order', { acpl: 2, id: '7300000000000000102' });
    expect(words.data.list.map((o) => o.order_id)).toEqual([ids.refunded]);
  });

  it('land/report explains the path from the ad to the order in plain Chinese', async () => {
    const r = await post<OrderPath>('/capi/api/land/report', { orderid: ids.paid });
    expect(r.code).toBe(1);
    expect(r.data.steps.map((s) => s.key)).toEqual(['ad', 'click', 'visit', 'jump', 'order', 'pay', 'attribution', 'postback']);
    expect(r.data.text).toContain('巨量引擎上广告主 1760000000000001、项目 1770000000000001、广告计划 7300000000000000101');
    expect(r.data.text).toContain(`推广链接「${link.title}」（${link.pageid}）的落地页`);
    expect(r.data.text).toContain('跳转到淘宝联盟');
    expect(r.data.text).toContain('按「联盟点击时间前最近的一次落地页访问」归到淘宝推广链接');
    expect(r.data.text).toMatch(/待回传/);
  });

  it('link/postback: reads and changes on which status a link posts back', async () => {
    expect((await post('/capi/napi/link/postback', { pageid: link.pageid })).data).toEqual({
      pageid: link.pageid,
      postback_on: 'paid',
      counts: { none: 1, pending: 2, sent: 0, failed: 0, in_doubt: 0 },
    });
    expect((await post('/capi/napi/link/postback', { pageid: link.pageid, postback_on: 'settled' })).data).toMatchObject({
      postback_on: 'settled',
    });
    expect((await post<unknown>('/capi/napi/link/postback', { pageid: link.pageid, postback_on: 'later' })).msg).toBe(
      '回传时机只能是 order、paid、confirmed 或 settled',
    );
    await post('/capi/napi/link/postback', { pageid: link.pageid, postback_on: 'paid' });
  });

  it('tenant isolation: the agent sees its sub-customer’s orders, another customer none of them, UDSmart only its accounts’', async () => {
    expect((await post('/capi/api/order/index', {}, 'agent')).data.total).toBe(4);
    expect((await post('/capi/api/order/index', {}, 'admin')).data.total).toBe(5);
    expect((await post('/capi/api/order/index', { pubid: link.pageid }, 'other')).data.total).toBe(0);
    expect((await post('/capi/api/order/index', {}, 'other')).data.list.map((o) => o.order_id)).toEqual([ids.other]);
    expect((await post('/capi/api/order/index', {}, 'ud')).data.total).toBe(0);
    expect((await post('/capi/api/advertiser/order', {}, 'other')).data.total).toBe(1);
    expect((await post('/capi/napi/promote/order', { platform: 2, plan_id: '7300000000000000101' }, 'other')).data.total).toBe(0);
    for (const [path, body] of [
      ['/capi/napi/link/order', { pageid: link.pageid }],
      ['/capi/napi/link/postback', { pageid: link.pageid }],
      ['/capi/api/land/report', { orderid: ids.paid }],
    ] as const) {
      const r = await post<unknown>(path, body, 'other');
      expect(r).toMatchObject({ code: 4004, data: null });
    }
    expect((await post<unknown>('/capi/napi/link/order', { pageid: link.pageid }, 'ud')).code).toBe(4003);
  });

  it.each([
    ['/capi/api/order/index', { deposit: 'x' }, 'deposit 必须是整数'],
    ['/capi/api/order/index', { pay_start: '2026/11/01' }, '付款开始日期格式应为 YYYY-MM-DD'],
    ['/capi/api/order/index', { pay_start: '2026-11-05', pay_end: '2026-11-01' }, '结束日期不能早于开始日期'],
    ['/capi/api/order/index', { pay_start: '2024-01-01', pay_end: '2026-01-01' }, '日期范围不能超过 366 天'],
    ['/capi/api/order/index', { tk_status: 99 }, '订单状态只能是'],
    ['/capi/api/order/index', { sync_call: 7 }, '回传状态只能是 0、1、2、3'],
    ['/capi/api/order/index', { exact: 'x'.repeat(101) }, '搜索内容不能超过 100 个字符'],
    ['/capi/api/order/index', { pagesize: 1000 }, '每页条数只能是 1–100'],
    ['/capi/api/order/index', { pubid: '../1' }, '推广链接编号只能是数字'],
    ['/capi/api/advertiser/order', { sort_field: 'id' }, '排序字段只能是'],
    ['/capi/api/advertiser/order', { platform: 99 }, '渠道不正确'],
    ['/capi/napi/promote/order', { platform: 2 }, '广告计划 ID只能是数字'],
    ['/capi/api/land/report', {}, '请指定订单号'],
    ['/capi/api/land/report', { orderid: "1' or 1=1" }, '订单号格式不正确'],
    ['/capi/api/land/report', { orderid: '123' }, '订单不存在'],
  ])('%s %o answers with a Chinese message', async (path, body, msg) => {
    const r = await post<unknown>(path, body);
    expect([4000, 4004]).toContain(r.code);
    expect(r.msg).toContain(msg);
  });

  it('refuses a call without a token and a body that is not JSON', async () => {
    expect((await t.post('/capi/api/order/index', {})).body.code).toBe(1009);
    expect((await t.post('/capi/api/order/index', undefined, { token: tok.sub, raw: '{"pubid":' })).body.code).toBe(4001);
  });
});
