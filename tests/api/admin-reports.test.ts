import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import type { CostView, HealthItem, HomeView, PageOrdersView } from '../../src/shared/admin-reports.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { insertDeadLetter, insertJobRun, insertOrder, makeAdAccount, writeAdFacts, writeOrderFacts } from '../support/factories-admin.ts';

/** The admin home, sync health, consumption overview and a page's orders: numbers from the facts tables. */
describe.each(dialects())('admin numbers on $name', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-11-20T10:00:00+08:00'));
  let admin = '';
  const ids: Record<string, number> = {};
  let pageid = '';
  const post = <T>(path: string, body: unknown, token = admin) => t.post<T>(path, body, { token });

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock });
    await makeUser(t.deps, { email: 'admin@r.cn', role: 2 });
    admin = await loginAs(t, 'admin@r.cn');
    const agent = await makeUser(t.deps, { email: 'agent@r.cn', role: 4, company: '代理甲' });
    const a = await makeUser(t.deps, { email: 'a@r.cn', company: '客户A', parentEmail: 'agent@r.cn' });
    const b = await makeUser(t.deps, { email: 'b@r.cn', company: '客户B' });
    Object.assign(ids, { agent: agent.id, a: a.id, b: b.id });
    pageid = (await makeLink(t.deps, a)).pageid;
    const ja = await makeAdAccount(t.deps.db, { customerid: a.id, platform: 2 });
    const ta = await makeAdAccount(t.deps.db, { customerid: a.id, platform: 4 });
    const jb = await makeAdAccount(t.deps.db, { customerid: b.id, platform: 2, state: 'reauth', lastError: '刷新令牌已失效' });
    // today (2026-11-20): A spends 100 + 50 yuan, B 30 yuan; A has 2 paid orders of 99 yuan on its page
    await writeAdFacts(t.deps.db, {
      customerid: a.id,
      advertiser_id: ja.advertiser_id,
      platform: 2,
      pageid,
      date: '2026-11-20',
      cost_fen: 10_000,
      shows: 1000,
      clicks: 50,
      conversions: 5,
    });
    await writeAdFacts(t.deps.db, {
      customerid: a.id,
      advertiser_id: ta.advertiser_id,
      platform: 4,
      date: '2026-11-20',
      cost_fen: 5000,
      shows: 500,
      clicks: 10,
    });
    await writeAdFacts(t.deps.db, {
      customerid: b.id,
      advertiser_id: jb.advertiser_id,
      platform: 2,
      date: '2026-11-20',
      cost_fen: 3000,
      shows: 100,
      clicks: 5,
    });
    await writeOrderFacts(t.deps.db, {
      customerid: a.id,
      advertiser_id: ja.advertiser_id,
      channel: 2,
      pageid,
      date: '2026-11-20',
      orders: 2,
      order_fen: 19_800,
      paid_orders: 2,
      paid_fen: 19_800,
    });
    // yesterday: A spent 60 yuan; the week before (previous period of 11-14..11-20): B spent 20 yuan on 11-10
    await writeAdFacts(t.deps.db, {
      customerid: a.id,
      advertiser_id: ja.advertiser_id,
      platform: 2,
      date: '2026-11-19',
      cost_fen: 6000,
      shows: 600,
      clicks: 30,
    });
    await writeAdFacts(t.deps.db, { customerid: b.id, advertiser_id: jb.advertiser_id, platform: 2, date: '2026-11-10', cost_fen: 2000 });
    const o1 = await insertOrder(t.deps.db, { pageid, customerid: a.id, advertiser_id: ja.advertiser_id, created_at: clock.now() - 100 });
    await insertOrder(t.deps.db, {
      pageid,
      customerid: a.id,
      advertiser_id: ja.advertiser_id,
      status: 'unpaid',
      paid_fen: 0,
      paid_at: 0,
      created_at: clock.now(),
    });
    await insertDeadLetter(t.deps.db, { order_id: o1 });
    // a postback 待确认 (on an order of no page, not to touch the page numbers) and an unbound 拼多多 备案
    const o3 = await insertOrder(t.deps.db, {
      pageid: '',
      customerid: a.id,
      advertiser_id: ja.advertiser_id,
      created_at: clock.now() - 200,
    });
    await insertDeadLetter(t.deps.db, { order_id: o3, channel: 5, error: '发送中断：无法确定平台是否已收到' });
    await t.deps.db.updateTable('postbacks').set({ state: 'in_doubt', in_doubt_at: clock.now() }).where('order_id', '=', o3).execute();
    await t.deps.db
      .insertInto('pdd_authorities')
      .values({
        pid: '1000001_20000002',
        uid: `c${a.id}`,
        customerid: a.id,
        bound: 0,
        bind_url: 'https://p.pinduoduo.com/bind',
        checked_at: clock.now(),
        error: '',
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .execute();
    await insertJobRun(t.deps.db, { job: 'ads:report', key: 'acc-1', error: '平台限流' });
    await insertJobRun(t.deps.db, { job: 'ads:report', key: 'acc-2', error: '暂时失败' });
    await insertJobRun(t.deps.db, { job: 'ads:report', key: 'acc-2' });
  });
  afterAll(() => t.close());

  it('shows today per account type, against yesterday, with the trend, health and top customers', async () => {
    const r = await post<HomeView>('/capi/napi/admin/home', { days: 7 });
    expect(r.body.code).toBe(1);
    const h = r.body.data;
    expect(h.day).toBe('2026-11-20');
    expect(h.today).toMatchObject({ sum_cost: 180, sum_show_cnt: 1600, sum_click: 65, ordernum: 2, order_price: 198, active_customers: 2 });
    expect(h.today.roi).toBeCloseTo(1.1, 6);
    expect(h.yesterday).toMatchObject({ sum_cost: 60, active_customers: 1, ordernum: 0, roi: 0 });
    expect(h.by_type.find((x) => x.platform === 2)).toMatchObject({ label: '巨量引擎', sum_cost: 130, active_customers: 2, ordernum: 2 });
    expect(h.by_type.find((x) => x.platform === 4)).toMatchObject({ label: '腾讯', sum_cost: 50, active_customers: 1, roi: 0 });
    expect(h.by_type.find((x) => x.platform === 5)).toMatchObject({ sum_cost: 0, roi: null, ctr: null });
    expect(h.trend.map((d) => d.day)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(h.trend.at(-1)).toMatchObject({ sum_cost: 180, order_price: 198, ordernum: 2, active_customers: 2 });
    expect(h.health).toEqual({ reauth: 1, failing_jobs: 1, dead_letters: 1, in_doubt: 1, pdd_unbound: 1 });
    expect(h.tracking_lag).toEqual({ backlog_rows: 0, lag_seconds: 0, lagging: false });
    expect(h.top_customers.map((c) => [c.company, c.sum_cost])).toEqual([
      ['客户A', 210],
      ['客户B', 30],
    ]);
    expect(h.top_pages).toEqual([expect.objectContaining({ pageid, company: '客户A', sum_cost: 100, order_price: 198 })]);
    expect((await post('/capi/napi/admin/home', { days: 8 })).body).toMatchObject({ code: 4000, msg: '趋势天数只能是 7、15 或 30' });
  });

  it('shows the tracking lag once pings have waited past the threshold, and not once they are counted', async () => {
    const now = t.deps.clock.now();
    // the monitor hot path stored two pings 2 minutes ago; nothing processed them yet
    await t.deps.db
      .insertInto('monitor_raw')
      .values([0, 1].map((i) => ({ kind: 's', pageid, query: `ch=2&n=${i}`, ip: '', ua: '', received_at: now - 120 })))
      .execute();
    const home = async () => (await post<HomeView>('/capi/napi/admin/home', { days: 7 })).body.data.tracking_lag;
    expect(await home()).toEqual({ backlog_rows: 2, lag_seconds: 120, lagging: true });
    await processAll(t.deps.db, t.deps.engine);
    expect(await home()).toEqual({ backlog_rows: 0, lag_seconds: 0, lagging: false });
  });

  it('lists what the health numbers count', async () => {
    const reauth = await post<{ list: HealthItem[]; total: number }>('/capi/napi/admin/health', { kind: 'reauth' });
    expect(reauth.body.data.list).toEqual([expect.objectContaining({ customer: '客户B', error: '刷新令牌已失效' })]);
    expect(reauth.body.data.list[0]!.subject).toMatch(/^巨量引擎 · 广告主/);
    const jobs = await post<{ list: HealthItem[]; total: number }>('/capi/napi/admin/health', { kind: 'jobs' });
    expect(jobs.body.data.list.map((j) => [j.subject, j.error])).toEqual([['ads:report · acc-1', '平台限流']]);
    const dead = await post<{ list: HealthItem[]; total: number }>('/capi/napi/admin/health', { kind: 'postbacks' });
    expect(dead.body.data).toMatchObject({ total: 1, list: [expect.objectContaining({ customer: '客户A', error: '平台返回 500' })] });
    const doubt = await post<{ list: HealthItem[]; total: number }>('/capi/napi/admin/health', { kind: 'in_doubt' });
    expect(doubt.body.data.list).toEqual([
      expect.objectContaining({
        customer: '客户A',
        error: expect.stringContaining('无法确定'),
        order: { union: 'taobao', orderid: expect.any(String) },
      }),
    ]);
    expect(doubt.body.data.list[0]!.subject).toMatch(/^磁力引擎 回传 · taobao 订单/);
    const pdd = await post<{ list: HealthItem[]; total: number }>('/capi/napi/admin/health', { kind: 'pdd_authority' });
    expect(pdd.body.data.list).toEqual([
      expect.objectContaining({
        customer: '客户A',
        url: 'https://p.pinduoduo.com/bind',
        error: expect.stringContaining('尚未在多多进宝备案'),
      }),
    ]);
    expect((await post('/capi/napi/admin/health', { kind: 'all' })).body.code).toBe(4000);
  });

  it('spreads spend per customer and account type over the days, with totals and the change', async () => {
    const r = await post<CostView>('/capi/napi/admin/cost/index', { start: '2026-11-14', end: '2026-11-20' });
    const c = r.body.data;
    expect(c.types).toEqual([2, 4, 5, 8, 10]);
    expect(c.rows.map((x) => [x.label, x.cost['2'], x.cost['4'], x.total])).toEqual([
      ['客户A', 160, 50, 210],
      ['客户B', 30, 0, 30],
    ]);
    expect(c.totals).toEqual({ cost: { '2': 190, '4': 50, '5': 0, '8': 0, '10': 0 }, total: 240 });
    expect(c.previous).toEqual({ start: '2026-11-07', end: '2026-11-13', total: 20 });
    expect(c.change).toBeCloseTo(11, 6);
    expect(c.series.find((d) => d.day === '2026-11-19')).toMatchObject({ total: 60 });
    const drill = await post<CostView>('/capi/napi/admin/cost/index', { start: '2026-11-14', end: '2026-11-20', customerid: ids.b });
    expect(drill.body.data).toMatchObject({ customer: '客户B', total_rows: 7, totals: { total: 30 }, previous: { total: 20 } });
    expect(drill.body.data.rows[0]).toMatchObject({ key: '2026-11-20', total: 30 });
    const tencent = await post<CostView>('/capi/napi/admin/cost/index', { start: '2026-11-14', end: '2026-11-20', platform: 4 });
    expect(tencent.body.data).toMatchObject({ types: [4], totals: { total: 50 }, change: null });
  });

  it.each([
    [{ start: '2026-11-20', end: '2026-11-14' }, '结束日期不能早于开始日期'],
    [{ start: '2026-01-01', end: '2026-11-14' }, '日期范围不能超过 92 天'],
    [{ start: '', end: '2026-11-14' }, '请选择开始日期'],
    [{ start: '2026/11/01', end: '2026-11-14' }, '日期格式应为 YYYY-MM-DD'],
  ])('refuses a bad range %#', async (body, msg) => {
    expect((await post('/capi/napi/admin/cost/index', body)).body).toMatchObject({ code: 4000, msg });
  });

  it('refuses a drill into an administrator or an unknown customer', async () => {
    for (const customerid of [999_999, (await makeUser(t.deps, { role: 2 })).id]) {
      const r = await post('/capi/napi/admin/cost/index', { start: '2026-11-14', end: '2026-11-20', customerid });
      expect(r.body).toMatchObject({ code: 4004, msg: '客户不存在' });
    }
  });

  it("lists a page's orders with its customer and agent", async () => {
    const r = await post<PageOrdersView>('/capi/napi/admin/agentorder/index', { pageid });
    expect(r.body.data).toMatchObject({ pageid, customer: '客户A', agent: '代理甲', title: '测试链接', total: 2 });
    // placed: both; paid (and the commission, of the paid orders only, as on the order lists): the paid one
    expect(r.body.data.sums).toEqual({ orders: 2, order_price: 198, paid_orders: 1, paid_price: 99, commission: 9.9 });
    expect(r.body.data.list.map((o) => o.status)).toEqual(['unpaid', 'paid']);
    expect((await post('/capi/napi/admin/agentorder/index', { pageid: '123' })).body).toMatchObject({ code: 4004, msg: '落地页不存在' });
    expect((await post('/capi/napi/admin/agentorder/index', { pageid: 'abc' })).body.code).toBe(4000);
  });
});
