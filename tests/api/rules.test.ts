/**
 * Automatic rules end to end on every engine: a rule written through the API, a dry run showing the plan and the
 * values that matched, the rules job (pinned clock) pausing the plan on the 巨量 sandbox exactly once through the
 * promotion change path (the sandbox's record of requests says so), the audit row and the change log naming the
 * rule; a stale report sync holding the rule back; bad input refused with nothing saved; other tenants and
 * anonymous callers refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import type { AdPlatformConnector } from '../../src/server/connectors/ad-platform.ts';
import { seedDemoRules } from '../../src/server/demo/rules.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { RulePreview, RuleView } from '../../src/shared/rules.ts';
import { type Harness, sandboxJuliang, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { setWatermarks } from '../support/factories-orders.ts';
import { authoriseAgainstSandbox, insertFacts, insertOrderFacts, syncEntities } from '../support/factories-promotion.ts';

const PW = 'secret123';
let h: Harness;
let juliang: AdPlatformConnector;

beforeAll(async () => {
  h = await startSandbox();
  juliang = sandboxJuliang(h);
});
afterAll(async () => h?.close());

describe.each(dialects())('automatic rules ($name)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 6, 10, 0)); // 14:10 China time
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let advertiserId = '';
  let planId = '';
  let otherPlanId = '';
  const call = <T>(who: string | null, path: string, body: unknown) => t.post<T>(path, body, who ? { token: tok[who] } : {});
  const statusCalls = async () =>
    (await h.requests('juliang', '/2/ad/update/status/')).filter((r) => JSON.stringify(r).includes(planId)).length;
  const sandboxState = async () =>
    (
      await h.admin<{ advertisers: Array<{ entities: Array<{ id: string; level: string; state: string }> }> }>('juliang', 'GET', '/world')
    ).advertisers
      .flatMap((x) => x.entities)
      .find((e) => e.id === planId && e.level === 'plan')?.state;
  const rule = (over: Record<string, unknown> = {}) => ({
    name: '今日 ROI < 1 止损',
    acpl: 2,
    scope: { kind: 'plans', ids: [planId] },
    conditions: [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }],
    window: { kind: 'today' },
    action: { kind: 'pause' },
    schedule: { kind: 'every', minutes: 30 },
    ...over,
  });
  const setReportSync = (at: number) =>
    t.deps.db.updateTable('ad_accounts').set({ report_synced_to: at }).where('advertiser_id', '=', advertiserId).execute();
  const countRules = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('rules')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: { juliang } });
    for (const [name, role] of [
      ['c1', 3],
      ['c2', 3],
    ] as const) {
      ids[name] = (await createUser(t.deps, { email: `rule-${name}-${dialect.name}@x.cn`, password: PW, role, company: name })).id;
      tok[name] = (
        await t.post<{ jwt: string }>('/capi/api/user/login', { email: `rule-${name}-${dialect.name}@x.cn`, password: PW })
      ).body.data.jwt;
    }
    const [a, b] = await h.seed('juliang', {
      advertisers: [
        { name: `规则一号-${dialect.name}`, campaigns: [{ name: '大促', plans: [{ name: '亏损计划', bidFen: 300, budgetFen: 50_000 }] }] },
        { name: `规则别人-${dialect.name}`, campaigns: [{ name: '别人的', plans: [{ name: '别人的计划', bidFen: 300 }] }] },
      ],
    });
    advertiserId = a!.id;
    const auth = await authoriseAgainstSandbox(t.deps, juliang, ids.c1!, [a!.id]);
    const seen = await syncEntities(t.deps.db, juliang, auth, 2, ids.c1!, a!.id);
    planId = seen.find((e) => e.level === 'plan')!.id;
    const authB = await authoriseAgainstSandbox(t.deps, juliang, ids.c2!, [b!.id]);
    otherPlanId = (await syncEntities(t.deps.db, juliang, authB, 2, ids.c2!, b!.id)).find((e) => e.level === 'plan')!.id;
    // Today: ¥300 spent, ¥100 of orders — ROI 0.33, as the report and order syncs write the facts.
    const now = clock.now();
    const base = { platform: 2, advertiser_id: advertiserId, customerid: ids.c1!, plan_id: planId, campaign_id: '' };
    await insertFacts(t.deps.db, [{ ...base, hour: now - 3600, cost_fen: 30_000, shows: 5000, clicks: 120, conversions: 3 }], now);
    await insertOrderFacts(t.deps.db, [
      {
        customerid: ids.c1!,
        pageid: '',
        channel: 2,
        advertiser_id: advertiserId,
        campaign_id: '',
        plan_id: planId,
        hour: now - 3600,
        orders: 2,
        order_fen: 10_000,
        paid_orders: 2,
        paid_fen: 10_000,
      },
    ]);
    await setWatermarks(t, 300);
  });
  afterAll(async () => t?.close());

  it('refuses bad rules in Chinese and saves nothing', async () => {
    const before = await countRules();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ conditions: [{ metric: 'happiness', op: 'lt', value: 1 }] }, /未知的指标/],
      [{ window: { kind: 'hours', n: 100 } }, /最长 72 小时/],
      [{ window: { kind: 'days', n: 200 } }, /最长 92 天/],
      [{ action: { kind: 'budget', mode: 'raise', by: 'percent', value: 20, min: 500, max: 100 } }, /下限.*不能高于上限/],
      [{ acpl: 4, scope: { kind: 'customer' }, action: { kind: 'budget', mode: 'set', value: 100 } }, /不能修改日预算/],
      [{ scope: { kind: 'plans', ids: [otherPlanId] } }, /不存在或不属于该客户/],
      [{ customerid: ids.c2 }, /只能为自己的账号设置规则/],
      [{ schedule: { kind: 'times', times: [] } }, /至少填写一个执行时间/],
      [{ name: '' }, /规则名称/],
    ];
    for (const [over, msg] of cases) {
      const r = await call<null>('c1', '/capi/napi/rules/save', rule(over));
      expect(r.body.code, JSON.stringify(over)).not.toBe(1);
      expect(r.body.msg).toMatch(msg);
    }
    expect(await countRules()).toBe(before);
    expect((await call<null>(null, '/capi/napi/rules/index', {})).body.code).toBe(1009);
  });

  it('reads the same numbers as the screens: today from the list, the last N hours from the plan trend', async () => {
    const list = await call<{ list: Array<{ id: string; metrics: { sum_cost: number; roi: number } }> }>('c1', '/capi/napi/promote/index', {
      acpl: 2,
      type: 'plan',
      exact: planId,
    });
    const today = await call<RulePreview>('c1', '/capi/napi/rules/preview', { rule: rule() });
    expect(today.body.data.list[0]!.values).toEqual({
      sum_cost: list.body.data.list[0]!.metrics.sum_cost,
      roi: list.body.data.list[0]!.metrics.roi,
    });
    // The facts are in the hour before this one: a 2-hour window holds them, a 1-hour window does not.
    const two = await call<RulePreview>('c1', '/capi/napi/rules/preview', { rule: rule({ window: { kind: 'hours', n: 2 } }) });
    expect(two.body.data.list[0]!.values.sum_cost).toBe(300);
    expect(two.body.data.list[0]!.values.roi).toBeCloseTo(1 / 3, 4);
    const one = await call<RulePreview>('c1', '/capi/napi/rules/preview', { rule: rule({ window: { kind: 'hours', n: 1 } }) });
    expect(one.body.data.list[0]).toMatchObject({ values: { sum_cost: 0, roi: null }, matched: false, verdict: 'none' });
  });

  it('waits while the report sync is behind, then pauses the plan on the platform exactly once', async () => {
    const saved = await call<RuleView>('c1', '/capi/napi/rules/save', rule());
    expect(saved.body.code).toBe(1);
    const id = saved.body.data.id;
    expect(saved.body.data.conditions[0]).toMatchObject({ metric: 'roi', op: 'lt', value: 1, min_cost: 200, min_clicks: 0 });
    // Another tenant sees nothing of it.
    expect((await call<null>('c2', '/capi/napi/rules/detail', { id })).body.code).toBe(4004);
    expect((await call<null>('c2', '/capi/napi/rules/preview', { id })).body.code).toBe(4004);
    expect((await call<{ total: number }>('c2', '/capi/napi/rules/index', {})).body.data.total).toBe(0);

    // The report sync last completed five hours ago: the rule waits and says so; nothing is sent.
    await setReportSync(clock.now() - 5 * 3600);
    const stale = await call<RulePreview>('c1', '/capi/napi/rules/preview', { id });
    expect(stale.body.data.list[0]).toMatchObject({ id: planId, matched: true, verdict: 'wait' });
    expect(stale.body.data.list[0]!.reason).toMatch(/报表同步落后/);
    await t.deps.jobs.run('rules');
    expect(await statusCalls()).toBe(0);
    expect((await call<RuleView>('c1', '/capi/napi/rules/detail', { id })).body.data.last_result).toMatch(/等待数据/);

    // Fresh again, next slot: the dry run names the plan and the values that matched, then the job pauses it.
    await setReportSync(clock.now());
    clock.advance(30 * 60_000);
    const dry = await call<RulePreview>('c1', '/capi/napi/rules/preview', { id });
    expect(dry.body.data).toMatchObject({ evaluated: 1, matched: 1, acting: 1 });
    expect(dry.body.data.list[0]).toMatchObject({ id: planId, verdict: 'act', before: '启用', after: '暂停' });
    expect(dry.body.data.list[0]!.values.roi).toBeCloseTo(1 / 3, 4);
    expect(dry.body.data.list[0]!.values.sum_cost).toBe(300);
    expect(await statusCalls()).toBe(0); // a dry run sends nothing
    await t.deps.jobs.run('rules');
    await t.deps.jobs.run('rules'); // the same slot again: the claim is taken, nothing more is sent
    expect(await statusCalls()).toBe(1);
    expect(await sandboxState()).toBe('paused');
    clock.advance(30 * 60_000);
    await setReportSync(clock.now());
    await t.deps.jobs.run('rules'); // next slot: the plan is already paused
    expect(await statusCalls()).toBe(1);

    const history = await call<{ list: Array<Record<string, unknown>>; total: number }>('c1', '/capi/napi/rules/history', { id });
    expect(history.body.data.total).toBe(1);
    expect(history.body.data.list[0]).toMatchObject({
      rule_id: id,
      rule_version: 1,
      plan_id: planId,
      action: 'pause',
      outcome: 'applied',
      author: 'c1',
    });
    expect((history.body.data.list[0]!.values as { roi: number }).roi).toBeCloseTo(1 / 3, 4);
    const log = await call<{ list: Array<Record<string, unknown>> }>('c1', '/capi/napi/promote/log', { acpl: 2, type: 'plan', id: planId });
    expect(log.body.data.list[0]).toMatchObject({
      rule_id: id,
      rule_name: '今日 ROI < 1 止损',
      result: 'applied',
      field: 'status',
      after: 'disable',
    });
    expect(log.body.data.list[0]!.actor).toContain('自动规则「今日 ROI < 1 止损」');
    const outbox = await t.deps.db
      .selectFrom('mail_outbox')
      .select(['to_addr', 'subject'])
      .where('subject', 'like', '%自动规则%')
      .execute();
    expect(outbox.map((m) => m.to_addr)).toEqual([`rule-c1-${dialect.name}@x.cn`]);
    // The promotion list's badge names the rule; another tenant's badge list shows none of it.
    const badges = await call<{ list: Array<{ id: string; rules: number }> }>('c1', '/capi/napi/rules/badges', { acpl: 2, ids: [planId] });
    expect(badges.body.data.list).toEqual([{ id: planId, rules: 1, names: ['今日 ROI < 1 止损'] }]);
    expect((await call<{ list: unknown[] }>('c2', '/capi/napi/rules/badges', { acpl: 2, ids: [planId] })).body.data.list).toEqual([]);
  });

  it('a platform refusal is recorded with its message and notified, and not retried that day', async () => {
    const budgetCalls = async () =>
      (await h.requests('juliang', '/2/ad/update/budget/')).filter((r) => JSON.stringify(r).includes(planId)).length;
    const saved = await call<RuleView>(
      'c1',
      '/capi/napi/rules/save',
      rule({
        name: '加预算 10%',
        conditions: [{ metric: 'sum_cost', op: 'gte', value: 100 }],
        action: { kind: 'budget', mode: 'raise', by: 'percent', value: 10, max: 2000 },
        max_per_day: 5,
        cooldown_minutes: 0,
      }),
    );
    const id = saved.body.data.id;
    clock.advance(30 * 60_000);
    await setReportSync(clock.now());
    await t.deps.jobs.run('rules');
    expect(await budgetCalls()).toBe(1);
    const history = await call<{ list: Array<Record<string, unknown>> }>('c1', '/capi/napi/rules/history', { id });
    // ¥500 + 10 % is a change of ¥50: 巨量 refuses changes under ¥100 (the sandbox keeps its rule).
    expect(history.body.data.list[0]).toMatchObject({
      outcome: 'refused',
      before: '500.00',
      after: '550.00',
      message: '单次修改预算幅度不能低于 100 元',
    });
    clock.advance(30 * 60_000);
    await setReportSync(clock.now());
    await t.deps.jobs.run('rules');
    expect(await budgetCalls()).toBe(1);
    const dry = await call<RulePreview>('c1', '/capi/napi/rules/preview', { id });
    expect(dry.body.data.list[0]).toMatchObject({ verdict: 'skip', reason: '今天已被平台拒绝，不再重试' });
    const mails = await t.deps.db.selectFrom('mail_outbox').select('text').where('subject', 'like', '%加预算 10%%').execute();
    expect(mails.map((m) => m.text).join()).toContain('平台拒绝');
  });

  it('edits bump the version; disabling stops it; another tenant cannot toggle or delete', async () => {
    const { id } = (await call<RuleView>('c1', '/capi/napi/rules/save', rule({ name: '通知', action: { kind: 'notify' } }))).body.data;
    const edited = await call<RuleView>('c1', '/capi/napi/rules/save', { ...rule({ name: '通知二' }), id });
    expect(edited.body.data).toMatchObject({ id, version: 2, name: '通知二' });
    expect((await call<null>('c2', '/capi/napi/rules/toggle', { id, enabled: false })).body.code).toBe(4004);
    expect((await call<null>('c2', '/capi/napi/rules/delete', { id })).body.code).toBe(4004);
    expect((await call<RuleView>('c1', '/capi/napi/rules/toggle', { id, enabled: false })).body.data.enabled).toBe(false);
    expect((await call<{ id: number }>('c1', '/capi/napi/rules/delete', { id })).body.code).toBe(1);
    expect((await call<null>('c1', '/capi/napi/rules/detail', { id })).body.code).toBe(4004);
  });

  it('the demo world seeds two enabled rules through the service', async () => {
    const demo = await createUser(t.deps, { email: 'customer1@demo.local', password: PW, role: 3, company: '青禾服饰' });
    expect(await seedDemoRules(t.deps)).toBe(2);
    const token = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: 'customer1@demo.local', password: PW })).body.data.jwt;
    const list = await t.post<{ list: RuleView[]; total: number }>('/capi/napi/rules/index', {}, { token });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.every((r) => r.enabled && r.customerid === demo.id && r.acpl === 2)).toBe(true);
  });
});
