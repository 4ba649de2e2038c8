/**
 * Changes through the platforms: the real 巨量 and 腾讯 connectors against the sandbox over loopback HTTP —
 * pause/resume with the sandbox's delivery following, the platform refusing a budget (its 105 % rule), a batch
 * with mixed answers, tenants (nothing is sent for another tenant's plan: the sandbox's record says so), admins
 * audited, a dead authorisation, and the old version's calls on the same data.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import type { AdPlatformConnector, CallAuth } from '../../src/server/connectors/ad-platform.ts';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import { createTengxunConnector } from '../../src/server/connectors/tengxun/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import type { ChangeLogEntry, PromoteRow, TaskResult } from '../../src/shared/promote-schemas.ts';
import { FAST_HTTP, type Harness, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { authoriseAgainstSandbox, syncEntities } from '../support/factories-promotion.ts';

const PW = 'secret123';
let h: Harness;
let juliang: AdPlatformConnector;
let tengxun: AdPlatformConnector;

beforeAll(async () => {
  h = await startSandbox();
  juliang = createJuliangConnector(
    {
      ...SANDBOX_APPS.juliang,
      apiBase: `${h.base}/juliang/open_api`,
      authBase: `${h.base}/juliang`,
      postbackBase: `${h.base}/juliang/analytics/api/v2`,
      http: FAST_HTTP,
    },
    undefined,
    { now: () => h.clock.now() },
  );
  tengxun = createTengxunConnector(
    {
      ...SANDBOX_APPS.tengxun,
      apiBase: `${h.base}/tengxun`,
      authBase: `${h.base}/tengxun`,
      postbackBase: `${h.base}/tengxun`,
      http: FAST_HTTP,
    },
    undefined,
    { now: () => h.clock.now() },
  );
});
afterAll(async () => h?.close());

describe.each(dialects())('promotion changes through the platforms ($name)', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let a: SeededAdvertiser;
  let b: SeededAdvertiser;
  let c: SeededAdvertiser;
  let tx: SeededAdvertiser;
  let pageid = '';
  const call = <T = TaskResult>(who: string, path: string, body: unknown) => t.post<T>(path, body, { token: tok[who] });
  const world = async () =>
    (
      await h.admin<{ advertisers: Array<{ entities: Array<{ id: string; level: string; state: string; budgetFen: number | null }> }> }>(
        'juliang',
        'GET',
        '/world',
      )
    ).advertisers.flatMap((x) => x.entities);
  const sandboxState = async (id: string) => (await world()).find((e) => e.id === id && e.level === 'plan')?.state;
  const statusCalls = async () => (await h.requests('juliang', '/2/ad/update/status/')).length;
  const plan = async (who: string, id: string) =>
    (await call<{ list: PromoteRow[] }>(who, '/capi/napi/promote/index', { acpl: 2, type: 'plan', exact: id })).body.data.list[0]!;

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { adPlatforms: { juliang, tengxun } });
    for (const [name, role] of [
      ['admin', 2],
      ['c1', 3],
      ['c2', 3],
    ] as const) {
      ids[name] = (await createUser(t.deps, { email: `${name}-${dialect.name}@x.cn`, password: PW, role, company: name })).id;
      tok[name] = (
        await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}-${dialect.name}@x.cn`, password: PW })
      ).body.data.jwt;
    }
    pageid = String(300_000_000 + Math.floor(Math.random() * 1e6));
    await insertLinkRow(t.deps.db, { pageid, customerid: ids.c1!, platform: 2, state: 2, title: '秋冬卫衣' });
    const m = h.monitor.base;
    const deliverable = {
      bidFen: 5000,
      budgetFen: 1_000_000,
      showUrl: `${m}/m/s/${pageid}?ch=2&aid=__AID__`,
      clickUrl: `${m}/m/c/${pageid}?ch=2&aid=__AID__`,
    };
    const seeded = await h.seed('juliang', {
      advertisers: [
        {
          name: `一号-${dialect.name}`,
          balanceFen: 900_000_000,
          campaigns: [
            {
              name: '大促',
              plans: [
                { name: '卫衣计划', ...deliverable, creatives: [{ name: '竖版' }] },
                { name: '备用计划', bidFen: 300 },
              ],
            },
          ],
        },
        { name: `二号-${dialect.name}`, campaigns: [{ name: '日常', plans: [{ name: '围巾计划', bidFen: 300 }] }] },
      ],
    });
    const first = <T>(xs: T[]): T => {
      if (!xs[0]) throw new Error('nothing seeded');
      return xs[0];
    };
    a = first(seeded);
    b = first(seeded.slice(1));
    c = first(
      await h.seed('juliang', {
        advertisers: [{ name: `别人-${dialect.name}`, campaigns: [{ name: '别人的', plans: [{ name: '别人的计划', bidFen: 300 }] }] }],
      }),
    );
    tx = first(
      await h.seed('tengxun', {
        advertisers: [
          {
            name: `腾讯-${dialect.name}`,
            campaigns: [{ name: '腾讯', budgetFen: 500_000, plans: [{ name: '腾讯创意', bidFen: 300 }] }],
          },
        ],
      }),
    );
    const auth1: CallAuth = await authoriseAgainstSandbox(t.deps, juliang, ids.c1!, [a.id, b.id]);
    const auth2 = await authoriseAgainstSandbox(t.deps, juliang, ids.c2!, [c.id]);
    const auth3 = await authoriseAgainstSandbox(t.deps, tengxun, ids.c1!, [tx.id]);
    await syncEntities(t.deps.db, juliang, auth1, 2, ids.c1!, a.id);
    await syncEntities(t.deps.db, juliang, auth1, 2, ids.c1!, b.id);
    await syncEntities(t.deps.db, juliang, auth2, 2, ids.c2!, c.id);
    await syncEntities(t.deps.db, tengxun, auth3, 4, ids.c1!, tx.id);
  });
  afterAll(() => t.close());
  beforeEach(() => h.monitor.hits.splice(0));

  const p1 = () => a.campaigns[0]!.plans[0]!.id;
  const p2 = () => a.campaigns[0]!.plans[1]!.id;
  const q1 = () => b.campaigns[0]!.plans[0]!.id;
  const r1 = () => c.campaigns[0]!.plans[0]!.id;

  it('the synced plan drives the link and may be changed', async () => {
    expect(await plan('c1', p1())).toMatchObject({
      pageid,
      platform: 2,
      status_label: '投放中',
      budget: 10000,
      bid: 50,
      can: { status: true, budget: true, bid: true },
    });
  });

  it('pausing a plan: pending, then applied; the sandbox stops delivering it; resuming brings the pings back', async () => {
    const r = await call('c1', '/capi/napi/task/update', { acpl: 2, type: 'plan', ids: [p1()], action: 'disable' });
    expect(r.body).toMatchObject({
      code: 1,
      msg: '修改成功',
      data: { total: 1, applied: 1, refused: 0, items: [{ id: p1(), before: 'enable', after: 'disable', result: 'applied' }] },
    });
    expect(r.body.data.task_id).toBeGreaterThan(0);
    expect(await sandboxState(p1())).toBe('paused');
    expect(await plan('c1', p1())).toMatchObject({
      status: 'AD_STATUS_DISABLE',
      status_label: '计划暂停',
      enabled: false,
      status_normal: 'paused',
    });
    const silent = await h.admin<{ sent: { shows: number } }>('juliang', 'POST', '/deliver', { planId: p1(), shows: 20, clicks: 2 });
    expect(silent.sent.shows).toBe(0);
    expect(h.monitor.hits).toHaveLength(0);

    const back = await call('c1', '/capi/napi/promote/edit', { acpl: 2, type: 'plan', id: p1(), field: 'status', value: 'enable' });
    expect(back.body).toMatchObject({ code: 1, msg: '修改成功', data: { task_id: 0, applied: 1 } });
    expect(await sandboxState(p1())).toBe('delivering');
    const sent = await h.admin<{ sent: { shows: number; clicks: number } }>('juliang', 'POST', '/deliver', {
      planId: p1(),
      shows: 20,
      clicks: 2,
      landingRate: 0,
    });
    expect(sent.sent).toMatchObject({ shows: 20, clicks: 2 });
    expect(h.monitor.hits.filter((u) => u.pathname === `/m/s/${pageid}`)).toHaveLength(20);

    const detail = await call<{ history: Array<{ status_label: string; source: string }> }>('c1', '/capi/napi/promote/detail', {
      acpl: 2,
      type: 'plan',
      id: p1(),
    });
    expect(detail.body.data.history.map((x) => [x.status_label, x.source])).toEqual([
      ['投放中', 'change'],
      ['计划暂停', 'change'],
    ]);
  });

  it('the platform refuses a budget under its 105 % rule: the answer carries its message and the old budget stays', async () => {
    await h.admin('juliang', 'POST', '/deliver', { planId: p1(), shows: 200, clicks: 100, landingRate: 0 }); // with the 2 clicks before: 102 × 50 元 today
    const r = await call('c1', '/capi/napi/promote/edit', { acpl: 2, type: 'plan', id: p1(), field: 'budget', value: 5000 });
    expect(r.body.code).toBe(1);
    expect(r.body.msg).toBe('平台未接受修改：修改后预算不能低于当日已消耗的 105%（向上取整到百元）：5400 元');
    expect(r.body.data.items[0]).toMatchObject({ field: 'budget', before: '10000.00', after: '5000.00', result: 'refused' });
    expect(await plan('c1', p1())).toMatchObject({ budget: 10000 });
    const ok = await call('c1', '/capi/napi/promote/edit', { acpl: 2, type: 'plan', id: p1(), field: 'budget', value: 6000 });
    expect(ok.body).toMatchObject({ code: 1, msg: '修改成功', data: { applied: 1 } });
    expect(await plan('c1', p1())).toMatchObject({ budget: 6000 });
    expect((await world()).find((e) => e.id === p1())?.budgetFen).toBe(600_000);
    const log = await call<{ list: ChangeLogEntry[] }>('c1', '/capi/napi/promote/log', { acpl: 2, type: 'plan', id: p1() });
    expect(log.body.data.list.slice(0, 2).map((l) => [l.field, l.before, l.after, l.result, l.message])).toEqual([
      ['budget', '10000.00', '6000.00', 'applied', ''],
      ['budget', '10000.00', '5000.00', 'refused', '修改后预算不能低于当日已消耗的 105%（向上取整到百元）：5400 元'],
    ]);
  });

  it("pausing another tenant's plan is refused and nothing is sent to the platform", async () => {
    const before = await statusCalls();
    expect(await call('c2', '/capi/napi/task/update', { acpl: 2, type: 'plan', ids: [p1()], action: 'disable' })).toEqual({
      status: 404,
      body: { code: 4004, msg: '有 1 个推广对象不存在或无权操作，未提交任何修改', data: null },
    });
    expect((await call('c2', '/capi/napi/task/update', { acpl: 2, type: 'plan', ids: [r1(), p1()], action: 'disable' })).body.code).toBe(
      4004,
    );
    expect((await call('c2', '/capi/napi/promote/edit', { acpl: 2, type: 'plan', id: p1(), field: 'bid', value: 1 })).body).toEqual({
      code: 4004,
      msg: '推广对象不存在或无权查看',
      data: null,
    });
    expect((await call('c2', '/capi/api/plan/update', { advertiser_id: a.id, ids: [p1()], action: 'disable' })).body.code).toBe(4004);
    expect(await statusCalls()).toBe(before);
    expect(await sandboxState(p1())).not.toBe('paused');
    expect(await sandboxState(r1())).toBe('delivering');
  });

  it('a batch with mixed answers: one account refuses (a plan deleted on the platform), the other applies', async () => {
    await h.admin('juliang', 'POST', `/entities/plan/${q1()}`, { deleted: true });
    const r = await call('c1', '/capi/napi/task/update', { acpl: 2, type: 'plan', ids: [p2(), q1()], action: 'disable' });
    expect(r.body.msg).toBe('已提交 2 项：1 项生效，1 项未生效');
    expect(r.body.data).toMatchObject({ total: 2, applied: 1, refused: 1 });
    expect(r.body.data.items.map((i) => [i.id, i.result])).toEqual([
      [p2(), 'applied'],
      [q1(), 'refused'],
    ]);
    expect(r.body.data.items[1]!.message).toContain('全部修改未生效');
    expect(await plan('c1', q1())).toMatchObject({ enabled: true });
    const log = await call<{ list: ChangeLogEntry[] }>('c1', '/capi/napi/promote/log', { task_id: r.body.data.task_id });
    expect(log.body.data.list.map((l) => l.result).sort()).toEqual(['applied', 'refused']);
  });

  it('an admin may change any plan; the change is audited under the admin and shown as such', async () => {
    const r = await call('admin', '/capi/napi/task/update', { acpl: 2, type: 'plan', ids: [p2()], action: 'enable' });
    expect(r.body.data.applied).toBe(1);
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('event', '=', 'ad_change').execute();
    expect(audit.at(-1)).toMatchObject({ actor_id: ids.admin, email: `admin-${dialect.name}@x.cn`, user_id: ids.c1 });
    const log = await call<{ list: ChangeLogEntry[] }>('c1', '/capi/napi/promote/log', { acpl: 2, type: 'plan', id: p2() });
    expect(log.body.data.list[0]).toMatchObject({
      actor: 'admin',
      actor_email: `admin-${dialect.name}@x.cn`,
      actor_role: '管理员',
      after: 'enable',
    });
  });

  it('腾讯 adgroups (our campaign level) switch and take budgets through their own calls', async () => {
    const g = tx.campaigns[0]!.id;
    const r = await call('c1', '/capi/napi/task/update', { acpl: 4, type: 'group', ids: [g], action: 'disable' });
    expect(r.body.data).toMatchObject({ applied: 1 });
    const row = (await call<{ list: PromoteRow[] }>('c1', '/capi/napi/promote/index', { acpl: 4, type: 'group' })).body.data.list[0]!;
    expect(row).toMatchObject({ id: g, level: 'adgroup', status: 'ADGROUP_STATUS_SUSPEND', status_label: '暂停' });
    const sent = (await h.requests('tengxun', 'update_daily_budget')).length;
    const budget = await call('c1', '/capi/napi/promote/edit', { acpl: 4, type: 'group', id: g, field: 'budget', value: 800 });
    expect(budget.body).toMatchObject({ msg: '修改成功' });
    const [last] = (await h.requests('tengxun', 'update_daily_budget')).slice(sent);
    expect(last?.body).toMatchObject({ update_daily_budget_spec: [{ adgroup_id: Number(g), daily_budget: 80000 }] });
  });

  it('a dead authorisation refuses the change with its reason and sends nothing', async () => {
    await t.deps.db.updateTable('ad_auths').set({ state: 'reauth' }).where('customerid', '=', ids.c2!).execute();
    const before = await statusCalls();
    const r = await call('c2', '/capi/napi/task/update', { acpl: 2, type: 'plan', ids: [r1()], action: 'disable' });
    expect(r.body).toMatchObject({ code: 1, msg: '平台未接受修改：广告账户授权已失效，请重新授权', data: { refused: 1 } });
    expect(await statusCalls()).toBe(before);
    expect((await plan('c2', r1())).can.status).toBe(false);
  });

  it('the old version reads and changes the same account', async () => {
    const old = await call<{ list: PromoteRow[]; total: number }>('c1', '/capi/api/plan/index', { advertiser_id: a.id });
    const now = await call<{ list: PromoteRow[]; total: number }>('c1', '/capi/napi/promote/index', {
      acpl: 2,
      type: 'plan',
      advertiser_id: a.id,
    });
    expect(old.body.data).toEqual(now.body.data);
    const r = await call('c1', '/capi/api/plan/update', { advertiser_id: a.id, id: p2(), bid: 3.5 });
    expect(r.body).toMatchObject({ code: 1, msg: '修改成功' });
    expect((await plan('c1', p2())).bid).toBe(3.5);
    expect((await call('c1', '/capi/api/plan/update', { advertiser_id: b.id, ids: [p2()], action: 'disable' })).body.code).toBe(4004);
  });

  const bad = (msg: string, data: unknown = { field: expect.any(String), issues: expect.any(Number) }) => ({
    status: 400,
    body: { code: 4000, msg, data },
  });
  it.each([
    [
      '/capi/napi/promote/edit',
      { acpl: 2, type: 'group', id: '1', field: 'budget', value: 500 },
      bad('巨量引擎的广告组不能修改日预算', { field: 'field' }),
    ],
    [
      '/capi/napi/promote/edit',
      { acpl: 2, type: 'plan', id: '1', field: 'budget', value: null },
      bad('巨量引擎的日预算不能设为不限', { field: 'value' }),
    ],
    [
      '/capi/napi/promote/edit',
      { acpl: 2, type: 'plan', id: '1', field: 'budget', value: 'enable' },
      bad('日预算必须是金额（元）', { field: 'value' }),
    ],
    ['/capi/napi/promote/edit', { acpl: 2, type: 'plan', id: '1', field: 'bid', value: 0 }, bad('金额必须大于 0')],
    ['/capi/napi/promote/edit', { acpl: 2, type: 'plan', id: '1', field: 'budget', value: -1 }, bad('金额必须大于 0')],
    ['/capi/napi/promote/edit', { acpl: 2, type: 'plan', id: '1', field: 'budget', value: 999999999999 }, bad('金额不能超过 99999999 元')],
    [
      '/capi/napi/promote/edit',
      { acpl: 2, type: 'plan', id: '1', field: 'budget', value: 200 },
      bad('日预算不能低于 300 元（巨量引擎·广告计划）', { field: 'value' }),
    ],
    [
      '/capi/napi/promote/edit',
      { acpl: 4, type: 'group', id: '1', field: 'bid', value: 6000 },
      bad('出价不能高于 5000 元（腾讯·广告）', { field: 'value' }),
    ],
    ['/capi/napi/promote/edit', { acpl: 2, type: 'plan', id: '1', field: 'bid', value: 1.234 }, bad('金额最多两位小数')],
    [
      '/capi/napi/promote/edit',
      { acpl: 2, type: 'adver', id: '1', field: 'status', value: 'enable' },
      bad('只能修改广告组（group）、计划（plan）或创意（creative）'),
    ],
    ['/capi/napi/task/update', { acpl: 2, type: 'plan', ids: [], action: 'disable' }, bad('请选择要修改的推广对象（ids）')],
    [
      '/capi/napi/task/update',
      { acpl: 2, type: 'plan', ids: Array.from({ length: 101 }, (_, i) => String(i + 1)), action: 'disable' },
      bad('一次最多修改 100 个'),
    ],
    ['/capi/napi/task/update', { acpl: 2, type: 'plan', ids: ['1'], action: 'stop' }, bad('操作只能是 enable（启用）或 disable（暂停）')],
    ['/capi/napi/task/update', { acpl: 4, type: 'creative', ids: ['1'], action: 'disable' }, bad('腾讯没有该层级', { field: 'type' })],
    ['/capi/api/plan/update', { advertiser_id: '1', ids: ['1'] }, bad('请传 ids 与 action（启用/暂停），或 id 与 budget、bid 之一')],
  ])('%s refuses %o', async (path, body, expected) => {
    expect(await call('c1', path, body)).toEqual(expected);
  });
});
