/** The promotion tree: levels named the platform's way, sub-platforms through the plans' links, metrics, totals, sorting, tenants. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { ACCOUNT_ROLLUP_JOB } from '../../src/server/promotion/rollup.ts';
import type { PromoteRow } from '../../src/shared/promote-schemas.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { insertAccount, insertEntity, insertFacts, insertOrderFacts } from '../support/factories-promotion.ts';

const PW = 'secret123';
// 2026-03-10 15:30 China time
const NOW = Date.parse('2026-03-10T15:30:00+08:00');
const H = (text: string) => Date.parse(`${text}+08:00`) / 1000;
const A1 = '1700000000000001';
const A2 = '1700000000000002';
const TX = '30001';

type List = { list: PromoteRow[]; total: number; start: string; end: string };

describe.each(dialects())('promotion tree on $name', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = <T = List>(who: string, path: string, body: unknown) => t.post<T>(path, body, { token: tok[who] });
  const index = (who: string, body: Record<string, unknown>) => call(who, '/capi/napi/promote/index', body);

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock: new ManualClock(NOW) });
    const users: [string, number, string?][] = [
      ['admin', 2],
      ['c1', 3],
      ['c2', 3],
      ['agent', 4],
      ['sub', 3, 'agent@x.cn'],
      ['ud', 5],
    ];
    for (const [name, role, parentEmail] of users) {
      ids[name] = (await createUser(t.deps, { email: `${name}@x.cn`, password: PW, role, company: `公司${name}`, parentEmail })).id;
      tok[name] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}@x.cn`, password: PW })).body.data.jwt;
    }
    const db = t.deps.db;
    await insertLinkRow(db, { pageid: '100000001', customerid: ids.c1!, platform: 2, state: 2, title: '淘宝链接' });
    await insertLinkRow(db, { pageid: '100000002', customerid: ids.c1!, platform: 3, state: 2, title: '京东链接' });
    await insertAccount(t.deps, { platform: 2, advertiserId: A1, customerid: ids.c1!, name: '一号账户' });
    await insertAccount(t.deps, { platform: 2, advertiserId: A2, customerid: ids.c2!, name: '二号账户' });
    await insertAccount(t.deps, { platform: 4, advertiserId: TX, customerid: ids.sub!, name: '腾讯账户' });
    const e = (level: string, id: string, over: Record<string, unknown> = {}) =>
      insertEntity(db, { platform: 2, advertiser_id: A1, customerid: ids.c1!, level, entity_id: id, ...over });
    await e('campaign', '11', { name: '组一', raw_status: 'CAMPAIGN_STATUS_ENABLE', created_at: 1 });
    await e('campaign', '12', { name: '组二', raw_status: 'CAMPAIGN_STATUS_DISABLE', status: 'paused', enabled: 0, created_at: 2 });
    await e('plan', '101', {
      name: '淘宝计划',
      parent_id: '11',
      campaign_id: '11',
      pageid: '100000001',
      raw_status: 'AD_STATUS_DELIVERY_OK',
      budget_fen: 50000,
      bid_fen: 120,
      created_at: 3,
    });
    await e('plan', '102', {
      name: '京东计划',
      parent_id: '11',
      campaign_id: '11',
      pageid: '100000002',
      raw_status: 'AD_STATUS_BUDGET_EXCEED',
      status: 'budget_exceed',
      created_at: 4,
    });
    await e('plan', '103', {
      name: '无链接计划',
      parent_id: '12',
      campaign_id: '12',
      raw_status: 'AD_STATUS_DISABLE',
      status: 'paused',
      enabled: 0,
      created_at: 5,
    });
    await e('creative', '1001', {
      name: '竖版创意',
      parent_id: '101',
      campaign_id: '11',
      material_type: 'CREATIVE_IMAGE_MODE_VIDEO_VERTICAL',
      raw_status: 'CREATIVE_STATUS_DELIVERY_OK',
    });
    await insertEntity(db, { platform: 2, advertiser_id: A2, customerid: ids.c2!, level: 'campaign', entity_id: '21', name: '别人的组' });
    await insertEntity(db, {
      platform: 2,
      advertiser_id: A2,
      customerid: ids.c2!,
      level: 'plan',
      entity_id: '201',
      parent_id: '21',
      campaign_id: '21',
      name: '别人的计划',
    });
    await insertEntity(db, {
      platform: 4,
      advertiser_id: TX,
      customerid: ids.sub!,
      level: 'campaign',
      entity_id: '401',
      name: '腾讯',
      raw_status: 'ADGROUP_STATUS_ACTIVE',
    });
    await insertEntity(db, {
      platform: 4,
      advertiser_id: TX,
      customerid: ids.sub!,
      level: 'plan',
      entity_id: '4001',
      parent_id: '401',
      campaign_id: '401',
      name: '腾讯创意',
      raw_status: 'CREATIVE_SET_APPROVAL_STATUS_NORMAL',
    });
    const fact = { platform: 2, advertiser_id: A1, customerid: ids.c1! };
    await insertFacts(
      db,
      [
        {
          ...fact,
          campaign_id: '11',
          plan_id: '101',
          pageid: '100000001',
          hour: H('2026-03-10T09:00:00'),
          cost_fen: 1000,
          shows: 100,
          clicks: 5,
          conversions: 1,
        },
        {
          ...fact,
          campaign_id: '11',
          plan_id: '101',
          pageid: '100000001',
          hour: H('2026-03-10T10:00:00'),
          cost_fen: 20000,
          shows: 2000,
          clicks: 40,
          conversions: 0,
        },
        {
          ...fact,
          campaign_id: '11',
          plan_id: '102',
          pageid: '100000002',
          hour: H('2026-03-10T11:00:00'),
          cost_fen: 500,
          shows: 0,
          clicks: 0,
          conversions: 0,
        },
        {
          ...fact,
          campaign_id: '11',
          plan_id: '101',
          pageid: '100000001',
          hour: H('2026-03-09T20:00:00'),
          cost_fen: 7000,
          shows: 700,
          clicks: 7,
          conversions: 0,
        },
        {
          platform: 2,
          advertiser_id: A2,
          customerid: ids.c2!,
          campaign_id: '21',
          plan_id: '201',
          hour: H('2026-03-10T09:00:00'),
          cost_fen: 99900,
          shows: 9,
          clicks: 9,
          conversions: 9,
        },
      ],
      NOW / 1000 - 60,
    );
    await insertOrderFacts(db, [
      {
        customerid: ids.c1!,
        pageid: '100000001',
        channel: 2,
        advertiser_id: A1,
        campaign_id: '11',
        plan_id: '101',
        hour: H('2026-03-10T12:00:00'),
        orders: 2,
        order_fen: 30000,
        paid_orders: 1,
        paid_fen: 20000,
      },
    ]);
  });
  afterAll(() => t.close());

  it('lists accounts, campaigns, plans and creatives of 巨量 under their own names', async () => {
    const accounts = await index('c1', { acpl: 2, type: 'adver' });
    expect(accounts.body).toMatchObject({ code: 1, data: { total: 1, start: '2026-03-10', end: '2026-03-10' } });
    expect(accounts.body.data.list[0]).toMatchObject({
      id: A1,
      name: '一号账户',
      type: 'adver',
      level: 'advertiser',
      level_name: '广告主',
      children: 2,
      status_label: '正常',
    });
    expect(accounts.body.data.list[0]!.metrics).toMatchObject({ sum_cost: 215, sum_show_cnt: 2100, sum_click: 45 });

    const groups = await index('c1', { acpl: 2, type: 'group', advertiser_id: A1 });
    expect(groups.body.data.list.map((r) => [r.id, r.level, r.level_name, r.status_label, r.children])).toEqual([
      ['12', 'campaign', '广告组', '暂停', 1],
      ['11', 'campaign', '广告组', '启用', 2],
    ]);
    const plan = (await index('c1', { acpl: 2, type: 'plan', campaign_id: '11', sort_field: 'sum_cost' })).body.data.list[0]!;
    expect(plan).toMatchObject({
      id: '101',
      name: '淘宝计划',
      level: 'plan',
      level_name: '广告计划',
      channel_name: '巨量引擎',
      platform: 2,
      platform_name: '流量通PRO',
      advertiser_name: '一号账户',
      customer: '公司c1',
      status: 'AD_STATUS_DELIVERY_OK',
      status_label: '投放中',
      enabled: true,
      budget: 500,
      bid: 1.2,
      pageid: '100000001',
      children: 1,
      can: { status: true, budget: true, bid: true, preview: false },
    });
    const creatives = await index('c1', { acpl: 2, type: 'creative', plan_id: '101' });
    expect(creatives.body.data.list).toEqual([
      expect.objectContaining({
        id: '1001',
        level_name: '创意',
        material_label: '竖版视频',
        has_facts: false,
        metrics: expect.objectContaining({ sum_cost: null, ctr: null }),
      }),
    ]);
  });

  it('computes every metric from the sums, with zero denominators as null ("--")', async () => {
    const rows = (await index('c1', { acpl: 2, type: 'plan', advertiser_id: A1 })).body.data.list;
    const p101 = rows.find((r) => r.id === '101')!.metrics;
    expect(p101).toEqual({
      sum_cost: 210,
      sum_show_cnt: 2100,
      sum_click: 45,
      ctr: Math.round((45 / 2100) * 1e6) / 1e6,
      ordernum: 2,
      avg_show_cost: 100,
      avg_click_cost: Math.round((21000 / 45 / 100) * 1e6) / 1e6,
      avg_price: 150,
      roi: Math.round((30000 / 21000) * 1e6) / 1e6,
      pay_roi: Math.round((20000 / 21000) * 1e6) / 1e6,
      order_price: 300,
      order_price_pay: 200,
      convert: 1,
      convert_cost: 210,
      convert_rate: Math.round((1 / 45) * 1e6) / 1e6,
      convert_order_rate: Math.round((2 / 45) * 1e6) / 1e6,
    });
    const p102 = rows.find((r) => r.id === '102')!.metrics;
    expect(p102).toMatchObject({
      sum_cost: 5,
      ctr: null,
      avg_show_cost: null,
      avg_click_cost: null,
      convert_cost: null,
      avg_price: null,
      roi: 0,
    });
    const p103 = rows.find((r) => r.id === '103')!.metrics;
    expect(p103).toMatchObject({ sum_cost: 0, roi: null, pay_roi: null, convert_rate: null });
  });

  it('a plan belongs to the sub-platform of the link it drives', async () => {
    const pl = async (n: number, type: string) => (await index('c1', { acpl: 2, pl: n, type })).body.data;
    expect((await pl(2, 'plan')).list.map((r) => r.id)).toEqual(['101']);
    expect((await pl(3, 'plan')).list.map((r) => r.id)).toEqual(['102']);
    expect((await pl(5, 'plan')).total).toBe(0);
    const g2 = await pl(2, 'group');
    expect(g2.list.map((r) => [r.id, r.children, r.metrics.sum_cost])).toEqual([['11', 1, 210]]);
    const g3 = await pl(3, 'group');
    expect(g3.list.map((r) => [r.id, r.children, r.metrics.sum_cost])).toEqual([['11', 1, 5]]);
    const a3 = await pl(3, 'adver');
    expect(a3.list[0]!.metrics.sum_cost).toBe(5);
    expect((await pl(2, 'creative')).list.map((r) => r.id)).toEqual(['1001']);
    expect((await index('c1', { acpl: 2, type: 'plan' })).body.data.total).toBe(3);
  });

  it('sorts by any metric, rows without a value last both ways, and by entity columns', async () => {
    const order = async (sort_field: string, sort: string) =>
      (await index('c1', { acpl: 2, type: 'plan', sort_field, sort })).body.data.list.map((r) => r.id);
    expect(await order('sum_cost', 'desc')).toEqual(['101', '102', '103']);
    expect(await order('sum_cost', 'asc')).toEqual(['103', '102', '101']);
    expect(await order('ctr', 'desc')).toEqual(['101', '103', '102']);
    expect(await order('ctr', 'asc')).toEqual(['101', '103', '102']);
    expect((await order('roi', 'desc'))[0]).toBe('101');
    expect(await order('name', 'asc')).toEqual((await order('name', 'desc')).reverse());
    expect(await order('created_at', 'asc')).toEqual(['101', '102', '103']);
    const paged = await index('c1', { acpl: 2, type: 'plan', sort_field: 'sum_cost', page: 2, pagesize: 2 });
    expect(paged.body.data).toMatchObject({ total: 3, list: [expect.objectContaining({ id: '103' })] });
  });

  it('sumdata adds the sums first and computes ratios once', async () => {
    const sum = await call<{ total: number; metrics: Record<string, number | null> }>('c1', '/capi/napi/promote/sumdata', {
      acpl: 2,
      type: 'plan',
    });
    expect(sum.body.data.total).toBe(3);
    expect(sum.body.data.metrics).toMatchObject({
      sum_cost: 215,
      sum_show_cnt: 2100,
      sum_click: 45,
      ctr: Math.round((45 / 2100) * 1e6) / 1e6,
      ordernum: 2,
      roi: Math.round((30000 / 21500) * 1e6) / 1e6,
    });
    const two = await call<{ total: number; metrics: Record<string, number | null> }>('c1', '/capi/napi/promote/sumdata', {
      acpl: 2,
      type: 'plan',
      start: '2026-03-09',
      end: '2026-03-10',
    });
    expect(two.body.data.metrics.sum_cost).toBe(285);
    const yesterday = await index('c1', { acpl: 2, type: 'plan', start: '2026-03-09', end: '2026-03-09', sort_field: 'sum_cost' });
    expect(yesterday.body.data.list.map((r) => r.metrics.sum_cost)).toEqual([70, 0, 0]);
    const groups = await call<{ total: number; metrics: Record<string, number | null> }>('c1', '/capi/napi/promote/sumdata', {
      acpl: 2,
      pl: 2,
      type: 'group',
    });
    expect(groups.body.data).toMatchObject({ total: 1, metrics: { sum_cost: 210 } });
  });

  it('accounts over closed days read the rollup the job keeps, per sub-platform; today is always live', async () => {
    const cost = async (body: Record<string, unknown>) =>
      (await index('c1', { acpl: 2, type: 'adver', start: '2026-03-09', end: '2026-03-10', ...body })).body.data.list[0]!.metrics.sum_cost;
    expect(await cost({})).toBe(215);
    await t.deps.jobs.run(ACCOUNT_ROLLUP_JOB);
    expect(await cost({})).toBe(285);
    expect(await cost({ pl: 2 })).toBe(280);
    expect(await cost({ pl: 3 })).toBe(5);
    expect(await cost({ start: '2026-03-09', end: '2026-03-09' })).toBe(70);
    const sum = await call<{ total: number; metrics: Record<string, number | null> }>('c1', '/capi/napi/promote/sumdata', {
      acpl: 2,
      pl: 2,
      type: 'adver',
      start: '2026-03-09',
      end: '2026-03-10',
    });
    expect(sum.body.data.metrics).toMatchObject({ sum_cost: 280, sum_show_cnt: 2800, ctr: Math.round((52 / 2800) * 1e6) / 1e6 });
    const sorted = await index('admin', { acpl: 2, type: 'adver', start: '2026-03-09', end: '2026-03-10', sort_field: 'sum_cost' });
    expect(sorted.body.data.list.map((r) => [r.id, r.metrics.sum_cost])).toEqual([
      [A2, 999],
      [A1, 285],
    ]);
  });

  it('names 腾讯 levels its way: campaign → adgroup, plan → creative, and has no third level', async () => {
    const g = await index('agent', { acpl: 4, type: 'group' });
    expect(g.body.data.list[0]).toMatchObject({
      id: '401',
      level: 'adgroup',
      level_name: '广告',
      status_label: '投放中',
      customer: '公司sub',
    });
    const p = await index('agent', { acpl: 4, type: 'plan' });
    expect(p.body.data.list[0]).toMatchObject({ id: '4001', level: 'creative', level_name: '创意', can: { preview: true } });
    expect(await index('agent', { acpl: 4, type: 'creative' })).toEqual({
      status: 400,
      body: { code: 4000, msg: '腾讯没有该层级（创意即计划）', data: { field: 'type' } },
    });
  });

  it('each tenant sees its own: customers, an agent with its sub-customers, admins every customer (filterable)', async () => {
    const ids2 = async (who: string, body: Record<string, unknown> = {}) =>
      (await index(who, { type: 'adver', ...body })).body.data.list.map((r) => r.id).sort();
    expect(await ids2('c1')).toEqual([A1]);
    expect(await ids2('c2')).toEqual([A2]);
    expect(await ids2('agent')).toEqual([TX]);
    expect(await ids2('sub')).toEqual([TX]);
    expect(await ids2('admin')).toEqual([A1, A2, TX].sort());
    expect(await ids2('admin', { customerid: ids.c2 })).toEqual([A2]);
    expect(await ids2('agent', { customerid: ids.c1 })).toEqual([]);
    expect((await index('c2', { acpl: 2, type: 'plan', advertiser_id: A1 })).body.data.total).toBe(0);
    const sum = await call<{ metrics: { sum_cost: number } }>('c2', '/capi/napi/promote/sumdata', {
      acpl: 2,
      type: 'plan',
      advertiser_id: A1,
    });
    expect(sum.body.data.metrics.sum_cost).toBe(0);
    expect((await index('ud', { type: 'adver' })).body).toEqual({ code: 4003, msg: 'UDSmart 账号没有推广管理功能', data: null });
    expect((await t.post('/capi/napi/promote/index', {})).body.code).toBe(1009);
  });

  it('an account whose plans drive none of our links says so and shows its cost anyway (issue 18)', async () => {
    const fact = { platform: 4, advertiser_id: TX, customerid: ids.sub!, campaign_id: '401', plan_id: '4001' };
    await insertFacts(
      t.deps.db,
      [
        { ...fact, hour: H('2026-03-09T20:00:00'), cost_fen: 3000, shows: 300, clicks: 6, conversions: 0 },
        { ...fact, hour: H('2026-03-10T09:00:00'), cost_fen: 1500, shows: 120, clicks: 3, conversions: 0 },
        // stamped in the last second the rollup job has not yet passed (its cursor stands at the clock's second - 1)
      ],
      NOW / 1000 - 1,
    );
    await t.deps.jobs.run(ACCOUNT_ROLLUP_JOB);
    const span = { acpl: 4, type: 'adver', start: '2026-03-09', end: '2026-03-10' };
    const [taobao] = (await index('sub', { ...span, pl: 2 })).body.data.list;
    expect(taobao).toMatchObject({
      id: TX,
      metrics: { sum_cost: 0 },
      unlinked: { plans: 1, metrics: { sum_cost: 45, sum_show_cnt: 420 } },
    });
    const [all] = (await index('sub', span)).body.data.list;
    expect(all).toMatchObject({ metrics: { sum_cost: 45 }, unlinked: { plans: 1, metrics: { sum_cost: 45 } } });
    const [linked] = (await index('c1', { acpl: 2, type: 'adver', pl: 2 })).body.data.list;
    expect(linked).toMatchObject({ id: A1, unlinked: null });
  });

  const bad = (msg: string, data: unknown = { field: expect.any(String), issues: expect.any(Number) }) => ({
    status: 400,
    body: { code: 4000, msg, data },
  });
  it.each([
    [{ acpl: 7 }, bad('广告平台只能是 2/3/4/5/8/10')],
    [{ acpl: 'juliang' }, bad('请选择广告平台')],
    [{ pl: 2 }, bad('按竞价推广平台筛选时请同时指定广告平台（acpl）')],
    [{ acpl: 2, pl: 6 }, bad('竞价推广平台只能是 2/3/4/5/7/8')],
    [{ type: 'ad' }, bad('层级只能是 adver、group、plan 或 creative')],
    [{ advertiser_id: '12ab' }, bad('广告账户编号只能是 1–20 位数字')],
    [{ exact: 'x'.repeat(101) }, bad('搜索内容不能超过 100 个字符')],
    [{ pagesize: 1000 }, bad('每页条数只能是 1–100')],
    [{ sort_field: 'password' }, bad('排序字段不正确')],
    [{ start: '2026/03/01' }, bad('开始日期格式应为 YYYY-MM-DD')],
    [{ start: '2026-02-30' }, bad('开始日期不是有效日期', { field: 'start' })],
    [{ start: '2026-03-10', end: '2026-03-01' }, bad('结束日期不能早于开始日期', { field: 'end' })],
    [{ end: '2026-03-11' }, bad('结束日期不能晚于今天', { field: 'end' })],
    [{ start: '2025-12-01', end: '2026-03-10' }, bad('日期范围不能超过 92 天', { field: 'end' })],
  ])('refuses %o', async (body, expected) => {
    expect(await index('c1', body)).toEqual(expected);
  });
});
