/** Taobao new-link mini-app promotions of the old version: the list, binding plans to a mini-app link, switching them all. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { MiniPromotion } from '../../src/shared/promote-old-schemas.ts';
import type { PromoteRow } from '../../src/shared/promote-schemas.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { ALL_ACCEPTING, insertAccount, insertEntity, insertFacts, type RecordedChange } from '../support/factories-promotion.ts';

const NOW = Date.parse('2026-03-10T15:00:00+08:00');
const ADV = '1700000000000009';

describe.each(dialects())('mini-app promotions ($name)', (dialect) => {
  let t: TestApp;
  const calls: RecordedChange[] = [];
  const tok: Record<string, string> = {};
  const call = <T>(who: string, path: string, body: unknown) => t.post<T>(path, body, { token: tok[who] });

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock: new ManualClock(NOW), adPlatforms: ALL_ACCEPTING(calls) });
    const ids: Record<string, number> = {};
    for (const who of ['c1', 'c2']) {
      ids[who] = (await createUser(t.deps, { email: `${who}@x.cn`, password: 'secret123', role: 3, company: who })).id;
      tok[who] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${who}@x.cn`, password: 'secret123' })).body.data.jwt;
    }
    await insertLinkRow(t.deps.db, {
      pageid: '400000001',
      customerid: ids.c1!,
      platform: 4,
      state: 2,
      title: '海参小程序',
      itemid: '612',
      item_title: '即食海参',
    });
    await insertLinkRow(t.deps.db, { pageid: '200000001', customerid: ids.c1!, platform: 2, state: 2, title: '淘宝' });
    await insertAccount(t.deps, { platform: 2, advertiserId: ADV, customerid: ids.c1! });
    await insertAccount(t.deps, { platform: 2, advertiserId: '1700000000000010', customerid: ids.c2! });
    const plan = (id: string, over: Record<string, unknown> = {}) =>
      insertEntity(t.deps.db, {
        platform: 2,
        advertiser_id: ADV,
        customerid: ids.c1!,
        level: 'plan',
        entity_id: id,
        parent_id: '1',
        campaign_id: '1',
        ...over,
      });
    await insertEntity(t.deps.db, { platform: 2, advertiser_id: ADV, customerid: ids.c1!, level: 'campaign', entity_id: '1' });
    await plan('11', { pageid: '400000001', name: '带监测的计划' });
    await plan('12', { name: '直达小程序的计划' });
    await plan('13', { pageid: '200000001' });
    await insertEntity(t.deps.db, { platform: 2, advertiser_id: '1700000000000010', customerid: ids.c2!, level: 'plan', entity_id: '21' });
    await insertFacts(t.deps.db, [
      {
        platform: 2,
        advertiser_id: ADV,
        customerid: ids.c1!,
        plan_id: '11',
        hour: NOW / 1000 - 3600,
        cost_fen: 1200,
        shows: 300,
        clicks: 6,
        conversions: 0,
      },
      {
        platform: 2,
        advertiser_id: ADV,
        customerid: ids.c1!,
        plan_id: '12',
        hour: NOW / 1000 - 3600,
        cost_fen: 800,
        shows: 100,
        clicks: 4,
        conversions: 0,
      },
    ]);
  });
  afterAll(() => t.close());

  const promotion = async (who = 'c1') =>
    (await call<{ list: MiniPromotion[]; total: number }>(who, '/capi/api/miniput/index', { type: 2 })).body.data;

  it('lists the mini-app links of a channel with the plans promoting them', async () => {
    expect(await promotion()).toMatchObject({
      total: 1,
      list: [{ pageid: '400000001', title: '海参小程序', item_title: '即食海参', plans: 1, delivering: 1, metrics: { sum_cost: 12 } }],
    });
    expect((await promotion('c2')).total).toBe(0);
    expect((await call<{ total: number }>('c1', '/capi/api/miniput/index', { type: 4 })).body.data.total).toBe(0);
  });

  it('registers a plan that opens the mini-app directly, and refuses what does not fit', async () => {
    const add = (who: string, body: Record<string, unknown>) =>
      call<{ plans: number; changed: number }>(who, '/capi/napi/miniapp/add', {
        pageid: '400000001',
        social: 2,
        advertiser_id: ADV,
        plan_ids: ['12'],
        ...body,
      });
    expect((await add('c1', {})).body).toEqual({ code: 1, msg: '添加成功', data: { pageid: '400000001', plans: 2, changed: 1 } });
    expect((await promotion()).list[0]).toMatchObject({ plans: 2, metrics: { sum_cost: 20 } });
    const plans = await call<{ list: PromoteRow[] }>('c1', '/capi/api/miniplan/index', { advertiser_id: ADV, social: 2 });
    expect(plans.body.data.list.map((p) => [p.id, p.pageid, p.platform_name]).sort()).toEqual([
      ['11', '400000001', '淘宝小程序'],
      ['12', '400000001', '淘宝小程序'],
    ]);
    expect((await add('c1', { plan_ids: ['13'] })).body).toEqual({
      code: 4000,
      msg: '计划 13 已通过监测链接带去推广链接 200000001，无需登记',
      data: { field: 'plan_ids' },
    });
    expect((await add('c1', { pageid: '200000001' })).body).toEqual({
      code: 4000,
      msg: '这不是淘宝新链接小程序链接',
      data: { field: 'pageid' },
    });
    expect((await add('c1', { social: 4 })).body).toEqual({
      code: 4000,
      msg: '这条链接投放在巨量引擎，不能登记腾讯的计划',
      data: { field: 'social' },
    });
    expect((await add('c1', { plan_ids: ['21'], advertiser_id: '1700000000000010' })).body.code).toBe(4004);
    expect((await add('c2', {})).body).toEqual({ code: 4004, msg: '推广链接不存在', data: null });
  });

  it('switches every plan of a promotion as one task', async () => {
    calls.length = 0;
    const r = await call<{ task_id: number; applied: number }>('c1', '/capi/api/miniput/status', {
      pageid: '400000001',
      action: 'disable',
    });
    expect(r.body).toMatchObject({ code: 1, msg: '已提交 2 项，全部生效', data: { applied: 2 } });
    expect(calls).toEqual([{ kind: 'status', advertiserId: ADV, level: 'plan', ids: expect.arrayContaining(['11', '12']), value: false }]);
    const detail = await call<{ promotion: MiniPromotion; plans: { list: PromoteRow[] } }>('c1', '/capi/api/miniput/detail', {
      pageid: '400000001',
    });
    expect(detail.body.data.promotion).toMatchObject({ plans: 2, delivering: 0 });
    expect(detail.body.data.plans.list.every((p) => p.status_label === '计划暂停')).toBe(true);
  });

  it('removes a registration', async () => {
    const r = await call<{ plans: number; changed: number }>('c1', '/capi/napi/miniapp/delete', {
      pageid: '400000001',
      social: 2,
      plan_ids: ['12'],
    });
    expect(r.body).toEqual({ code: 1, msg: '删除成功', data: { pageid: '400000001', plans: 1, changed: 1 } });
    expect((await call('c2', '/capi/napi/miniapp/delete', { pageid: '400000001', social: 2, plan_ids: ['12'] })).body).toMatchObject({
      code: 4004,
    });
  });
});
