/**
 * The `orders` and `plans` export kinds: each file, read back with exceljs, equals its list's own answer for the
 * same filters (values, cell types, Chinese headers), in the list's order, for the caller's tenants only; bad
 * filters are refused with the list's own Chinese messages. Orders come the real way (ad click → landing visit →
 * union sandbox → order sync); plans are ad entities and facts as the ad sync writes them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { EXPORT_JOB } from '../../src/server/exports/service.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import { CHANNELS } from '../../src/shared/catalog.ts';
import { chinaDay, hourStart } from '../../src/shared/china-clock.ts';
import type { ExportView, KindView } from '../../src/shared/exports.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { METRIC_KEYS } from '../../src/shared/metrics.ts';
import { ORDER_STATUS, type OrderStatusName, type OrderView, POSTBACK_STATE, type PostbackState } from '../../src/shared/orders.ts';
import type { PromoteRow } from '../../src/shared/promote-schemas.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { download, type ReadSheet, readXlsx } from '../support/factories-exports.ts';
import { advanceOrder, orderFromAd, setWatermarks, syncOrders } from '../support/factories-orders.ts';
import { insertAccount, insertEntity, insertFacts, insertOrderFacts } from '../support/factories-promotion.ts';

const CHINA = 8 * 3600;
const chinaWall = (sec: number) => new Date((sec + CHINA) * 1000);
const A1 = '1760000000000001';
const A2 = '1760000000000002';

interface OrderPage {
  list: OrderView[];
  total: number;
}
interface PlanPage {
  list: PromoteRow[];
  total: number;
  start: string;
  end: string;
}

describe.each(dialects())('order and plan exports on $name', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let link: LinkView;
  let otherLink: LinkView;
  let today = '';
  const users: Record<string, UserRow> = {};
  const tok: Record<string, string> = {};

  const post = async <T>(who: string, path: string, body: unknown) => (await t.post<T>(path, body, { token: tok[who] })).body;
  const create = (who: string, body: Record<string, unknown>) => post<ExportView>(who, '/capi/napi/export/create', body);
  /** Export as `who` (every column unless a template), then download and read the first sheet. */
  async function exported(who: string, body: Record<string, unknown>): Promise<{ made: ExportView; sheet: ReadSheet }> {
    const r = await create(who, { format: 'xlsx', ...body });
    expect(r).toMatchObject({ code: 1 });
    if (r.data.state !== 'done') {
      await t.deps.jobs.idle();
      await t.deps.jobs.run(EXPORT_JOB);
    }
    const made = (await post<ExportView>(who, '/capi/napi/export/status', { id: r.data.id })).data;
    expect(made.state).toBe('done');
    const link = (await post<{ url: string }>(who, '/capi/napi/export/link', { id: made.id })).data;
    const [sheet] = await readXlsx((await download(t, link.url, { token: tok[who] })).body);
    return { made, sheet: sheet! };
  }

  beforeAll(async () => {
    clock = testClock();
    t = await makeTestApp(dialect, { EXPORT_INLINE_ROWS: '2' }, { clock });
    users.agent = await makeUser(t.deps, { role: 4, company: '代理公司' });
    users.sub = await makeUser(t.deps, { role: 3, parentEmail: users.agent.email, company: '子客户' });
    users.other = await makeUser(t.deps, { role: 3, company: '别家' });
    users.admin = await makeUser(t.deps, { role: 2 });
    users.ud = await makeUser(t.deps, { role: 5 });
    for (const [k, u] of Object.entries(users)) tok[k] = await loginAs(t, u.email);
    link = await makeLink(t.deps, users.sub, { platform: 2, state: 2, item: '612345678901', title: '秋冬卫衣' });
    otherLink = await makeLink(t.deps, users.other, { platform: 2, state: 2, item: '612345678903', title: '别人的链接' });
    await setWatermarks(t);
    await orderFromAd(t, link, clock, { plan: '7300000000000000101' });
    const refunded = await orderFromAd(t, link, clock, { plan: '7300000000000000102', fate: 'refunded' });
    await orderFromAd(t, link, clock, { plan: '7300000000000000101', fate: 'closed_unpaid' });
    await orderFromAd(t, otherLink, clock, { plan: '7300000000000000104' });
    expect(await syncOrders(t)).toMatchObject({ error: '' });
    await advanceOrder(t, 'taobao', refunded.id); // its refund happens now
    clock.advance(2 * 60_000);
    expect(await syncOrders(t)).toMatchObject({ error: '' });
    await t.deps.jobs.idle();

    // plans: the sub-customer's account with two plans (one driving the link), another customer's with one
    const db = t.deps.db;
    await insertAccount(t.deps, { platform: 2, advertiserId: A1, customerid: users.sub.id, name: '子客户巨量户' });
    await insertAccount(t.deps, { platform: 2, advertiserId: A2, customerid: users.other.id, name: '别家巨量户' });
    const plan = (advertiser_id: string, customerid: number, entity_id: string, over: Record<string, unknown>) =>
      insertEntity(db, { platform: 2, advertiser_id, customerid, level: 'plan', entity_id, campaign_id: '11', parent_id: '11', ...over });
    await plan(A1, users.sub.id, '7300000000000000101', {
      name: '卫衣直投, "冬季"',
      pageid: link.pageid,
      raw_status: 'AD_STATUS_DELIVERY_OK',
      budget_fen: 50000,
      bid_fen: 123,
    });
    await plan(A1, users.sub.id, '7300000000000000102', {
      name: '卫衣二号',
      raw_status: 'AD_STATUS_DISABLE',
      status: 'paused',
      enabled: 0,
    });
    await plan(A2, users.other.id, '7300000000000000104', { name: '别人的计划' });
    const hour = hourStart(clock.now() - 60);
    today = chinaDay(hour);
    const fact = { platform: 2, campaign_id: '11', hour, conversions: 0 };
    await insertFacts(db, [
      { ...fact, advertiser_id: A1, customerid: users.sub.id, plan_id: '7300000000000000101', cost_fen: 12345, shows: 1000, clicks: 37 },
      { ...fact, advertiser_id: A1, customerid: users.sub.id, plan_id: '7300000000000000102', cost_fen: 500, shows: 80, clicks: 0 },
      { ...fact, advertiser_id: A2, customerid: users.other.id, plan_id: '7300000000000000104', cost_fen: 999, shows: 10, clicks: 1 },
    ]);
    await insertOrderFacts(db, [
      {
        customerid: users.sub.id,
        pageid: link.pageid,
        channel: 2,
        advertiser_id: A1,
        campaign_id: '11',
        plan_id: '7300000000000000101',
        hour,
        orders: 2,
        order_fen: 39800,
        paid_orders: 1,
        paid_fen: 19900,
      },
    ]);
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.XP_PAGE;
  });

  it('both kinds are offered with Chinese headers to the roles of their lists (UDSmart: orders only)', async () => {
    const kinds = (who: string) => post<KindView[]>(who, '/capi/napi/exporttemplate/full', {}).then((r) => r.data.map((k) => k.kind));
    expect(await kinds('sub')).toEqual(['links', 'orders', 'plans', 'dashboardDetail', 'itemAnalysis', 'ruleEvents']);
    expect(await kinds('ud')).toEqual(['orders']);
    const [orders] = (await post<KindView[]>('sub', '/capi/napi/exporttemplate/full', { kind: 'orders' })).data;
    expect(orders?.label).toBe('订单');
    for (const c of orders?.columns ?? []) expect(c.label).toMatch(/[\u4e00-\u9fa5]/);
    expect(await create('ud', { kind: 'plans' })).toMatchObject({
      code: 4003,
      msg: '没有权限导出推广计划',
    });
  });

  it("orders: the file is the link's order list — same rows and order, typed cells, Chinese headers — also from the export job", async () => {
    process.env.XP_PAGE = '2'; // several keyset pages for three orders
    const filters = { pubid: link.pageid, deposit: 2 };
    const list = (await post<OrderPage>('sub', '/capi/napi/link/order', { pageid: link.pageid, deposit: 2, pagesize: 100 })).data;
    expect(list.total).toBe(3);
    const { made, sheet } = await exported('sub', { kind: 'orders', filters });
    expect(made).toMatchObject({ rows_total: 3, rows_done: 3, kind_label: '订单' }); // 3 > EXPORT_INLINE_ROWS: the job wrote it
    expect(made.filename).toMatch(/^订单-\d{8}-\d{4}\.xlsx$/);
    expect(sheet.name).toBe('订单');
    const full = (await post<KindView[]>('sub', '/capi/napi/exporttemplate/full', { kind: 'orders' })).data[0]!;
    expect(sheet.header).toEqual(full.columns.map((c) => c.label));
    const col = (label: string) => {
      const i = sheet.header.indexOf(label);
      expect(i, label).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(sheet.rows).toHaveLength(list.list.length);
    list.list.forEach((o, i) => {
      const row = sheet.rows[i]!;
      expect(row[col('订单号')]).toBe(o.order_id);
      expect(row[col('商品名称')]).toBe(o.item_title);
      expect(row[col('订单状态')]).toBe(ORDER_STATUS[o.status as OrderStatusName]);
      expect(row[col('订单金额（元）')]).toBe(o.order_fen / 100);
      expect(row[col('付款金额（元）')]).toBe(o.paid_fen / 100);
      expect(row[col('预估佣金（元）')]).toBe(o.commission_fen / 100);
      expect(row[col('下单时间')]).toEqual(chinaWall(o.created_at));
      expect(row[col('付款时间')]).toEqual(o.paid_at ? chinaWall(o.paid_at) : undefined);
      expect(row[col('推广链接编号')]).toBe(o.pageid);
      expect(row[col('推广链接名称')]).toBe('秋冬卫衣');
      expect(row[col('客户编号')]).toBe(users.sub!.id);
      expect(row[col('广告渠道')]).toBe(CHANNELS[2]);
      expect(row[col('广告计划 ID')]).toBe(o.plan_id);
      expect(row[col('回传状态')]).toBe(POSTBACK_STATE[o.postback_state as PostbackState]);
    });
    expect(sheet.numFmts[col('订单金额（元）')]).toBe('#,##0.00');
    expect(sheet.numFmts[col('下单时间')]).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.numFmts[col('佣金比例')]).toBe('0.00%');
    // a filter of the list narrows the file the same way
    const status = list.list[0]!.status;
    const narrowed = (await post<OrderPage>('sub', '/capi/napi/link/order', { pageid: link.pageid, tk_status: status })).data;
    expect(narrowed.total).toBeLessThan(3);
    const some = await exported('sub', { kind: 'orders', filters: { pubid: link.pageid, tk_status: status } });
    expect(some.sheet.rows.map((r) => r[0])).toEqual(narrowed.list.map((o) => o.order_id));
  });

  it('orders: a template picks and orders the columns; CSV works the same', async () => {
    const tpl = (
      await post<{ id: number; labels: string[] }>('sub', '/capi/napi/exporttemplate/create', {
        name: '对账',
        kind: 'orders',
        columns: ['paid_fen', 'order_id', 'status'],
      })
    ).data;
    expect(tpl.labels).toEqual(['付款金额（元）', '订单号', '订单状态']);
    const filters = { pubid: link.pageid, tk_status: 'paid' };
    const paid = (await post<OrderPage>('sub', '/capi/napi/link/order', { ...filters, pageid: link.pageid })).data.list;
    expect(paid.length).toBeGreaterThan(0);
    const r = await create('sub', { kind: 'orders', format: 'csv', template_id: tpl.id, filters });
    expect(r.data).toMatchObject({ state: 'done', rows_total: paid.length });
    const url = (await post<{ url: string }>('sub', '/capi/napi/export/link', { id: r.data.id })).data.url;
    const lines = (await download(t, url, { token: tok.sub })).body.subarray(3).toString('utf8').split('\r\n');
    expect(lines.slice(0, -1)).toEqual([
      '付款金额（元）,订单号,订单状态',
      ...paid.map((o) => `${(o.paid_fen / 100).toFixed(2)},${o.order_id},已付款`),
    ]);
  });

  it("orders: another tenant's link exports nothing; the agent gets its sub-customer's; the admin all; UDSmart only its accounts'", async () => {
    const rows = async (who: string, filters: Record<string, unknown>) =>
      (await create(who, { kind: 'orders', format: 'csv', filters })).data;
    const theirs = await rows('other', { pubid: link.pageid });
    expect(theirs.rows_total).toBe(0);
    const url = (await post<{ url: string }>('other', '/capi/napi/export/link', { id: theirs.id })).data.url;
    const csv = (await download(t, url, { token: tok.other })).body.toString('utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1); // the header only
    expect((await rows('agent', { pubid: link.pageid })).rows_total).toBe(3);
    expect((await rows('agent', { pubid: otherLink.pageid })).rows_total).toBe(0);
    expect((await rows('admin', {})).rows_total).toBe(4);
    expect((await rows('ud', {})).rows_total).toBe(0);
    expect((await rows('sub', {})).rows_total).toBe(3);
  });

  it('orders: bad filters get the list’s own Chinese messages', async () => {
    const refused = async (filters: unknown, msg: string | RegExp) => {
      const r = await post('sub', '/capi/napi/export/create', { kind: 'orders', filters });
      expect(r).toMatchObject({ code: 4000, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) });
    };
    await refused({ pubid: 'abc' }, '推广链接编号只能是数字');
    await refused({ tk_status: 'lost' }, /^订单状态/);
    await refused({ deposit: 9 }, 'deposit 只能是 2（全部）、1（预售）或 3（回流）');
    await refused({ pay_start: '2026/11/01' }, '付款开始日期格式应为 YYYY-MM-DD');
    await refused({ pay_start: '2026-11-20', pay_end: '2026-11-01' }, '结束日期不能早于开始日期');
    await refused({ exact: 'x'.repeat(101) }, '搜索内容不能超过 100 个字符');
    const tpl = (
      await post<{ id: number }>('sub', '/capi/napi/exporttemplate/create', { name: '链接', kind: 'links', columns: ['pageid'] })
    ).data;
    expect(await post('sub', '/capi/napi/export/create', { kind: 'orders', template_id: tpl.id })).toMatchObject({
      code: 4000,
      msg: '该模板不是这种数据的模板',
    });
    expect(
      await post('sub', '/capi/napi/exporttemplate/create', { name: '错列', kind: 'orders', columns: ['order_id', 'nope'] }),
    ).toMatchObject({ code: 4000 });
  });

  it('plans: the file is the promotion list of the range — plans with their metrics, in the list’s sort order', async () => {
    const filters = { acpl: 2, type: 'plan', start: today, end: today, sort_field: 'sum_cost', sort: 'asc' };
    const list = (await post<PlanPage>('sub', '/capi/napi/promote/index', { ...filters, pagesize: 100 })).data;
    expect(list.list.map((r) => r.id)).toEqual(['7300000000000000102', '7300000000000000101']);
    process.env.XP_PAGE = '1';
    const { made, sheet } = await exported('sub', { kind: 'plans', filters });
    expect(made).toMatchObject({ rows_total: 2, kind_label: '推广计划' });
    const full = (await post<KindView[]>('sub', '/capi/napi/exporttemplate/full', { kind: 'plans' })).data[0]!;
    expect(sheet.header).toEqual(full.columns.map((c) => c.label));
    expect(sheet.header).toEqual(
      expect.arrayContaining(['名称', '状态', '日预算（元）', '消耗（元）', '展示数', '点击数', '点击率', 'ROI']),
    );
    const col = (key: string) => full.columns.findIndex((c) => c.key === key);
    expect(sheet.rows).toHaveLength(2);
    list.list.forEach((r, i) => {
      const row = sheet.rows[i]!;
      expect(row[col('id')]).toBe(r.id);
      expect(row[col('name')]).toBe(r.name);
      expect(row[col('level_name')]).toBe(r.level_name);
      expect(row[col('channel')]).toBe('巨量引擎');
      expect(row[col('advertiser_name')]).toBe('子客户巨量户');
      expect(row[col('status')]).toBe(r.status_label);
      expect(row[col('budget')]).toBe(r.budget ?? undefined);
      expect(row[col('bid')]).toBe(r.bid ?? undefined);
      expect(row[col('range')]).toBe(today);
      for (const k of METRIC_KEYS) expect(row[col(k)], k).toBe(r.metrics[k] ?? undefined);
    });
    const top = sheet.rows[1]!;
    expect(top[col('sum_cost')]).toBe(123.45);
    expect(top[col('sum_click')]).toBe(37);
    expect(top[col('budget')]).toBe(500);
    expect(sheet.numFmts[col('sum_cost')]).toBe('#,##0.00');
  });

  it("plans: tenants as the list — another customer's plans never appear; the agent sees its sub-customer's", async () => {
    const filters = { acpl: 2, type: 'plan', start: today, end: today };
    const csv = async (who: string, f: Record<string, unknown>) => {
      const r = (await create(who, { kind: 'plans', format: 'csv', filters: f })).data;
      if (r.state !== 'done') await t.deps.jobs.run(EXPORT_JOB);
      const url = (await post<{ url: string }>(who, '/capi/napi/export/link', { id: r.id })).data.url;
      return { total: r.rows_total, text: (await download(t, url, { token: tok[who] })).body.toString('utf8') };
    };
    const mine = await csv('sub', filters);
    expect(mine.total).toBe(2);
    expect(mine.text).toContain('"卫衣直投, ""冬季"""');
    expect(mine.text).not.toContain('别人的计划');
    const spied = await csv('other', { ...filters, customerid: users.sub!.id });
    expect(spied.total).toBe(0);
    expect(spied.text).not.toContain('卫衣');
    expect((await csv('agent', { ...filters, customerid: users.sub!.id })).total).toBe(2);
    expect((await csv('admin', filters)).total).toBe(3);
  });

  it('plans: bad filters get the list’s own Chinese messages', async () => {
    const refused = async (filters: unknown, msg: string) =>
      expect(await post('sub', '/capi/napi/export/create', { kind: 'plans', filters })).toMatchObject({ code: 4000, msg });
    await refused({ type: 'ad' }, '层级只能是 adver、group、plan 或 creative');
    await refused({ pl: 2 }, '按竞价推广平台筛选时请同时指定广告平台（acpl）');
    await refused({ start: '2026-11-20', end: '2026-11-01' }, '结束日期不能早于开始日期');
    await refused({ start: '2099-01-01', end: '2099-01-02' }, '结束日期不能晚于今天');
    await refused({ sort_field: 'hack' }, '排序字段不正确');
    await refused({ acpl: 99 }, expect.stringContaining('广告平台只能是') as unknown as string);
  });
});
