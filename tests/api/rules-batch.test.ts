/**
 * The rules job reads its due rules in batches (src/server/rules/tick.ts) — their plans, window sums, accounts and
 * limits in a few queries — and must give each rule exactly what it gives alone. On every engine: rules of two
 * customers over every scope kind and window, run in batches of 4, write the audit rows their own dry runs (one rule
 * alone) named; two rules pausing the same plan in one batch call the platform once (the second reads the plan
 * paused, as it would alone); limits and cool-down are each rule's own in a batch that shares its plans; a stale
 * account holds back only its own rules; an abort between two rules leaves the second for the next tick.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import type { AdPlatformConnector } from '../../src/server/connectors/ad-platform.ts';
import { slotOf } from '../../src/server/rules/model.ts';
import { claimEvents } from '../../src/server/rules/store.ts';
import { runDueRules } from '../../src/server/rules/tick.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import type { RulePreview, RuleView } from '../../src/shared/rules.ts';
import { type Harness, sandboxJuliang, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
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

describe.each(dialects())('rules job batches ($name)', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const acc: Record<string, string> = {};
  const plan: Record<string, string> = {};
  const campaign: Record<string, string> = {};
  const call = <T>(who: string, path: string, body: unknown) => t.post<T>(path, body, { token: tok[who] });
  const tick = (batchSize: number, signal = new AbortController().signal, onYield = async () => {}) =>
    runDueRules(t.deps, { signal, yield: onYield }, batchSize);
  const statusCalls = async (id: string) =>
    (await h.requests('juliang', '/2/ad/update/status/')).filter((r) => JSON.stringify(r).includes(id)).length;
  const save = async (who: string, over: Record<string, unknown>) => {
    const r = await call<RuleView>(who, '/capi/napi/rules/save', {
      acpl: 2,
      window: { kind: 'today' },
      schedule: { kind: 'every', minutes: 30 },
      notify_email: false,
      ...over,
    });
    expect(r.body.code, r.body.msg).toBe(1);
    return r.body.data.id;
  };
  const preview = async (who: string, id: number) => (await call<RulePreview>(who, '/capi/napi/rules/preview', { id })).body.data;
  const events = (ruleId: number) =>
    t.deps.db
      .selectFrom('rule_events')
      .select(['plan_id', 'outcome', 'matched', 'slot'])
      .where('rule_id', '=', ruleId)
      .orderBy('id')
      .execute();
  const ruleRow = (id: number) =>
    t.deps.db.selectFrom('rules').select(['last_slot', 'last_result']).where('id', '=', id).executeTakeFirstOrThrow();
  const setReportSync = (advertiserId: string, at: number) =>
    t.deps.db.updateTable('ad_accounts').set({ report_synced_to: at }).where('advertiser_id', '=', advertiserId).execute();

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: { juliang } });
    for (const name of ['c1', 'c2']) {
      const email = `batch-${name}-${dialect.name}@x.cn`;
      ids[name] = (await createUser(t.deps, { email, password: PW, role: 3, company: name })).id;
      tok[name] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email, password: PW })).body.data.jwt;
    }
    const [a1, a2] = await h.seed('juliang', {
      advertisers: [
        {
          name: `批量一号-${dialect.name}`,
          campaigns: [
            {
              name: '大促',
              plans: [
                { name: '亏损', bidFen: 300, budgetFen: 50_000 },
                { name: '赚钱', bidFen: 300, budgetFen: 50_000 },
                { name: '试投', bidFen: 300, budgetFen: 50_000 },
              ],
            },
          ],
        },
        { name: `批量二号-${dialect.name}`, campaigns: [{ name: '清仓', plans: [{ name: '无单', bidFen: 300, budgetFen: 50_000 }] }] },
      ],
    });
    acc.a1 = a1!.id;
    acc.a2 = a2!.id;
    for (const [who, a, names] of [
      ['c1', a1!.id, ['P1', 'P2', 'P3']],
      ['c2', a2!.id, ['Q1']],
    ] as const) {
      const auth = await authoriseAgainstSandbox(t.deps, juliang, ids[who]!, [a]);
      const seen = await syncEntities(t.deps.db, juliang, auth, 2, ids[who]!, a);
      const plans = seen.filter((e) => e.level === 'plan');
      names.forEach((n, i) => {
        plan[n] = plans[i]!.id;
      });
      campaign[who] = seen.find((e) => e.level === 'campaign')!.id;
    }
    // This hour: P1 ¥300 spent for ¥100 of orders (ROI 0.33), P2 ¥500 for ¥1 000 (ROI 2), P3 ¥50 (under the guards),
    // Q1 ¥400 and no orders.
    const now = clock.now();
    const facts: Array<[string, string, number, string, number, number]> = [
      ['c1', acc.a1, ids.c1!, plan.P1!, 30_000, 10_000],
      ['c1', acc.a1, ids.c1!, plan.P2!, 50_000, 100_000],
      ['c1', acc.a1, ids.c1!, plan.P3!, 5_000, 0],
      ['c2', acc.a2, ids.c2!, plan.Q1!, 40_000, 0],
    ];
    for (const [who, advertiser_id, customerid, plan_id, cost, paid] of facts) {
      const base = { platform: 2, advertiser_id, customerid, plan_id, campaign_id: campaign[who]! };
      await insertFacts(t.deps.db, [{ ...base, hour: now, cost_fen: cost, shows: 5000, clicks: 120, conversions: 3 }], now);
      if (paid)
        await insertOrderFacts(t.deps.db, [
          {
            customerid,
            pageid: '',
            channel: 2,
            advertiser_id,
            campaign_id: base.campaign_id,
            plan_id,
            hour: now,
            orders: 2,
            order_fen: paid,
            paid_orders: 2,
            paid_fen: paid,
          },
        ]);
    }
    await setWatermarks(t, 300);
    await setReportSync(acc.a1, now);
    await setReportSync(acc.a2, now);
  });
  afterAll(async () => t?.close());

  it('a batch of rules writes, for each rule, the audit rows its own dry run names', async () => {
    const roiBelow1 = [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }];
    const rules: Array<[string, number]> = [
      [
        'c1',
        await save('c1', {
          name: '全客户止损',
          scope: { kind: 'customer' },
          conditions: roiBelow1,
          action: { kind: 'pause' },
          notify_only: true,
        }),
      ],
      [
        'c1',
        await save('c1', {
          name: '系列花费',
          scope: { kind: 'campaigns', ids: [campaign.c1] },
          conditions: [{ metric: 'sum_cost', op: 'gte', value: 100 }],
          action: { kind: 'notify' },
        }),
      ],
      [
        'c1',
        await save('c1', {
          name: '近两小时加预算',
          scope: { kind: 'plans', ids: [plan.P2, plan.P1] },
          conditions: [{ metric: 'roi', op: 'gte', value: 1 }],
          window: { kind: 'hours', n: 2 },
          action: { kind: 'budget', mode: 'raise', by: 'percent', value: 20, max: 2000 },
          notify_only: true,
        }),
      ],
      [
        'c2',
        await save('c2', {
          name: '账户止损',
          scope: { kind: 'accounts', ids: [acc.a2] },
          conditions: roiBelow1,
          action: { kind: 'notify' },
        }),
      ],
      [
        'c2',
        await save('c2', {
          name: '三天花费',
          scope: { kind: 'customer' },
          conditions: [{ metric: 'sum_cost', op: 'gte', value: 100 }],
          window: { kind: 'days', n: 3 },
          action: { kind: 'pause' },
          notify_only: true,
        }),
      ],
      [
        'c1',
        await save('c1', {
          name: '无单提醒',
          scope: { kind: 'accounts', ids: [acc.a1] },
          conditions: [{ metric: 'ordernum', op: 'eq', value: 0 }],
          action: { kind: 'notify' },
        }),
      ],
    ];
    const alone = new Map<number, RulePreview>();
    for (const [who, id] of rules) alone.set(id, await preview(who, id));
    // every rule acts on something, and the six together cover every plan of both customers
    expect([...alone.values()].map((p) => p.acting)).toEqual([1, 2, 1, 1, 1, 1]);

    expect(await tick(4)).toEqual({ rows: 7 });
    const slot = slotOf({ kind: 'every', minutes: 30, times: [] }, clock.now());
    for (const [, id] of rules) {
      const p = alone.get(id)!;
      const acting = p.list.filter((v) => v.verdict === 'act');
      const written = await events(id);
      expect(written.map((e) => e.plan_id)).toEqual(acting.map((v) => v.id));
      expect(written.map((e) => JSON.parse(e.matched))).toEqual(acting.map((v) => v.values));
      expect(written.every((e) => Number(e.slot) === slot && ['notified', 'would'].includes(e.outcome))).toBe(true);
      const row = await ruleRow(id);
      expect(Number(row.last_slot)).toBe(slot);
      expect(row.last_result).toMatch(new RegExp(`^评估 ${p.evaluated} 个计划，命中 ${p.matched} 个；执行 0、拒绝 0、通知 ${p.acting}$`));
    }
    // the same slot again: every claim is taken, nothing is due
    expect(await tick(4)).toEqual({ rows: 0 });
  });

  it('two rules pausing the same plan in one batch: the platform is called once, the second reads the plan paused', async () => {
    const stop = { scope: { kind: 'plans', ids: [plan.P1] }, conditions: [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }] };
    const first = await save('c1', { name: '止损一', ...stop, action: { kind: 'pause' } });
    const second = await save('c1', { name: '止损二', ...stop, action: { kind: 'pause' } });
    const after = await save('c1', { name: '止损后提醒', ...stop, action: { kind: 'notify' } });
    expect((await preview('c1', second)).list[0]).toMatchObject({ id: plan.P1, verdict: 'act' });

    expect(await tick(200)).toEqual({ rows: 2 });
    expect(await statusCalls(plan.P1!)).toBe(1);
    expect((await events(first)).map((e) => [e.plan_id, e.outcome])).toEqual([[plan.P1, 'applied']]);
    expect(await events(second)).toEqual([]);
    expect((await ruleRow(second)).last_result).toBe('评估 1 个计划，命中 1 个');
    expect((await preview('c1', second)).list[0]).toMatchObject({ id: plan.P1, verdict: 'skip', reason: '计划已暂停' });
    // the batch goes on after the re-read: the rule after them still notifies
    expect((await events(after)).map((e) => [e.plan_id, e.outcome])).toEqual([[plan.P1, 'notified']]);
  });

  it("limits and cool-down are each rule's own, in a batch whose rules share a plan", async () => {
    const watch = {
      scope: { kind: 'plans', ids: [plan.P2] },
      conditions: [{ metric: 'sum_cost', op: 'gte', value: 100 }],
      action: { kind: 'notify' },
    };
    const once = await save('c1', { name: '每天一次', ...watch, max_per_day: 1, cooldown_minutes: 0 });
    const twice = await save('c1', { name: '每天两次', ...watch, max_per_day: 2, cooldown_minutes: 0 });
    const cooling = await save('c1', { name: '冷却一小时', ...watch, max_per_day: 5, cooldown_minutes: 60 });
    const fresh = await save('c1', { name: '今天未执行', ...watch, max_per_day: 1, cooldown_minutes: 0 });
    // Each of the first three acted on P2 ten minutes ago, in the slot before this one.
    const now = clock.now();
    const earlier = slotOf({ kind: 'every', minutes: 30, times: [] }, now) - 1800;
    for (const rule_id of [once, twice, cooling])
      await claimEvents(t.deps.db, [
        {
          rule_id,
          rule_version: 1,
          customerid: ids.c1!,
          platform: 2,
          advertiser_id: acc.a1!,
          plan_id: plan.P2!,
          plan_name: '赚钱',
          slot: earlier,
          day: chinaDayStart(now),
          matched: '{}',
          action: 'notify',
          before: '',
          after: '',
          outcome: 'notified',
          message: '',
          change_id: 0,
          author_id: ids.c1!,
          at: now - 600,
          finished_at: now - 600,
        },
      ]);
    expect(await tick(2)).toEqual({ rows: 2 });
    const slots = async (id: number) => (await events(id)).map((e) => Number(e.slot));
    expect(await slots(once)).toEqual([earlier]);
    expect(await slots(twice)).toEqual([earlier, earlier + 1800]);
    expect(await slots(cooling)).toEqual([earlier]);
    expect(await slots(fresh)).toEqual([earlier + 1800]);
    expect((await preview('c1', once)).list[0]).toMatchObject({ verdict: 'skip', reason: '今天已执行 1 次（每天最多 1 次）' });
    expect((await preview('c1', cooling)).list[0]).toMatchObject({ verdict: 'skip', reason: '冷却中（60 分钟内执行过）' });
  });

  it('a stale account holds back only its own rules; an abort between rules leaves the rest for the next tick', async () => {
    const notify = { conditions: [{ metric: 'sum_cost', op: 'gte', value: 100 }], action: { kind: 'notify' } };
    const mine = await save('c1', { name: '新鲜账户', scope: { kind: 'plans', ids: [plan.P2] }, ...notify });
    const stale = await save('c2', { name: '落后账户', scope: { kind: 'plans', ids: [plan.Q1] }, ...notify });
    await setReportSync(acc.a2!, clock.now() - 5 * 3600);
    expect(await tick(200)).toEqual({ rows: 1 });
    expect((await events(mine)).length).toBe(1);
    expect(await events(stale)).toEqual([]);
    expect((await ruleRow(stale)).last_result).toMatch(/1 个等待数据：账户报表同步落后 300 分钟/);
    await setReportSync(acc.a2!, clock.now());

    const a = await save('c1', {
      name: '中断一',
      scope: { kind: 'plans', ids: [plan.P3] },
      ...notify,
      conditions: [{ metric: 'sum_cost', op: 'gte', value: 10 }],
    });
    const b = await save('c1', {
      name: '中断二',
      scope: { kind: 'plans', ids: [plan.P3] },
      ...notify,
      conditions: [{ metric: 'sum_cost', op: 'gte', value: 10 }],
    });
    const stop = new AbortController();
    expect(await tick(200, stop.signal, async () => stop.abort())).toEqual({ rows: 1 });
    expect((await events(a)).length).toBe(1);
    expect(Number((await ruleRow(b)).last_slot)).toBe(0);
    expect(await tick(200)).toEqual({ rows: 1 });
    expect((await events(b)).length).toBe(1);
  });

  it('a batch that cannot be read is read again one rule at a time: the failure is recorded on its own rule', async () => {
    const notify = { scope: { kind: 'plans', ids: [plan.P2] }, action: { kind: 'notify' } };
    const before = await save('c1', { name: '读前', ...notify, conditions: [{ metric: 'sum_cost', op: 'gte', value: 100 }] });
    const orders = await save('c1', { name: '读订单', ...notify, conditions: [{ metric: 'roi', op: 'gte', value: 1 }] });
    const after = await save('c1', { name: '读后', ...notify, conditions: [{ metric: 'sum_cost', op: 'gte', value: 100 }] });
    // The union settings cannot be read: only a rule on order metrics needs them.
    const broken = {
      ...t.deps,
      unions: {
        get enabled(): never {
          throw new Error('联盟配置读取失败');
        },
      },
    } as unknown as typeof t.deps;
    const result = await runDueRules(broken, { signal: new AbortController().signal, yield: async () => {} }, 200);
    expect(result).toEqual({ rows: 2, error: '1 条规则评估失败（见各规则的最近结果）' });
    expect((await events(before)).length).toBe(1);
    expect((await events(after)).length).toBe(1);
    expect(await events(orders)).toEqual([]);
    expect(await ruleRow(orders)).toMatchObject({ last_result: '评估失败：联盟配置读取失败' });
    expect(Number((await ruleRow(orders)).last_slot)).toBe(slotOf({ kind: 'every', minutes: 30, times: [] }, clock.now()));
  });
});
