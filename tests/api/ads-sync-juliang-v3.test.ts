/**
 * 巨量 升级版 through the product: a grant of a 管家 holding a v2 and an 升级版 advertiser binds both advertisers; the
 * 升级版 account syncs its 项目/广告, hourly facts and statuses like a v2 account, the promotion tree names its levels
 * 项目 / 广告, and a status, budget and bid change goes to the v3.0 calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_JOB, REPORT_JOB } from '../../src/server/ads/jobs.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import type { PromoteRow } from '../../src/shared/promote-schemas.ts';
import { type Harness, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';
import { authoriseAs, sandboxRegistry } from '../support/factories-ads.ts';

describe.each(dialects())('巨量 升级版 accounts in the product ($name)', (dialect) => {
  const clock = testClock();
  let h: Harness;
  let t: TestApp;
  let token = '';
  let majordomo: SeededAdvertiser;
  const call = async <T>(path: string, body: Record<string, unknown>) => {
    const r = await t.post<T>(path, body, { token });
    expect(r.body.code, `${path}: ${r.body.msg}`).toBe(1);
    return r.body.data;
  };
  const rows = (type: string, extra: Record<string, unknown> = {}) =>
    call<{ list: PromoteRow[] }>('/capi/napi/promote/index', { acpl: 2, type, ...extra }).then((d) => d.list);

  beforeAll(async () => {
    h = await startSandbox({ clock });
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: sandboxRegistry(h, { pageSize: 2 }) });
    const customer = await makeUser(t.deps, { role: 3 });
    token = await loginAs(t, customer.email);
    const plan = (name: string, extra: Record<string, unknown> = {}) => ({
      name,
      budgetFen: 100_000,
      bidFen: 80,
      creatives: [{ name: 'c' }],
      ...extra,
    });
    majordomo = (
      await h.seed('juliang', {
        advertisers: [
          {
            name: '演示管家',
            role: 'majordomo',
            children: [
              { name: '原版账户', campaigns: [{ name: '广告组', plans: [plan('计划')] }] },
              {
                name: '升级版账户',
                model: 'v3',
                campaigns: [
                  { name: '项目一', budgetFen: 500_000, plans: [plan('广告一'), plan('广告二', { enabled: false }), plan('广告三')] },
                ],
              },
            ],
          },
        ],
      })
    )[0]!;
    await h.admin('juliang', 'POST', '/history', { days: 2 });
    await authoriseAs(t, token, 2, [majordomo!.id]);
    await t.deps.jobs.idle();
  });
  afterAll(async () => {
    await t?.close();
    await h?.close();
  });

  it('the 管家 grant binds the two advertisers it holds, not the 管家', async () => {
    const accounts = await t.deps.db.selectFrom('ad_accounts').select(['advertiser_id', 'name']).where('platform', '=', 2).execute();
    expect(accounts.map((a) => a.name).sort()).toEqual(['原版账户', '升级版账户'].sort());
    expect(accounts.map((a) => a.advertiser_id)).not.toContain(majordomo.id);
  });

  it('the 升级版 account syncs 项目 and 广告 with their statuses, and hourly facts', async () => {
    const v3 = majordomo.children![1]!;
    await t.deps.jobs.run(ENTITY_JOB);
    const entities = await t.deps.db
      .selectFrom('ad_entities')
      .select(['level', 'entity_id', 'raw_status', 'status', 'enabled', 'budget_fen'])
      .where('advertiser_id', '=', v3.id)
      .orderBy('entity_id')
      .execute();
    expect(entities.map((e) => [e.level, e.raw_status, e.status])).toEqual([
      ['campaign', 'PROJECT_STATUS_ENABLE', 'delivering'],
      ['plan', 'PROMOTION_STATUS_ENABLE', 'delivering'],
      ['plan', 'PROMOTION_STATUS_DISABLED', 'paused'],
      ['plan', 'PROMOTION_STATUS_ENABLE', 'delivering'],
    ]);
    await t.deps.db.updateTable('ad_accounts').set({ entity_synced_at: 1 }).where('advertiser_id', '=', v3.id).execute();
    await t.deps.jobs.run(REPORT_JOB);
    const facts = await t.deps.db
      .selectFrom('ad_facts_hourly')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('cost_fen').as('cost')])
      .where('advertiser_id', '=', v3.id)
      .executeTakeFirstOrThrow();
    expect(Number(facts.n)).toBeGreaterThan(10);
    expect(Number(facts.cost)).toBeGreaterThan(0);
    expect((await h.requests('juliang', '/v3.0/report/custom/get/')).length).toBeGreaterThan(0);
  });

  it('the promotion tree names the 升级版 levels 项目 / 广告 (the v2 account keeps 广告组 / 广告计划)', async () => {
    const groups = await rows('group');
    const names = Object.fromEntries(groups.map((g) => [g.name, g.level_name]));
    expect(names).toMatchObject({ 项目一: '项目', 广告组: '广告组' });
    const plans = await rows('plan');
    expect(Object.fromEntries(plans.map((p) => [p.name, p.level_name]))).toMatchObject({ 广告一: '广告', 计划: '广告计划' });
    expect(plans.find((p) => p.name === '广告二')!.status_label).toBe('已暂停');
  });

  it('status, budget and bid changes of a 广告 go to the v3.0 calls', async () => {
    const id = (await rows('plan')).find((p) => p.name === '广告一')!.id;
    await h.admin('juliang', 'DELETE', '/requests');
    const r = await call<unknown>('/capi/napi/task/update', { acpl: 2, type: 'plan', ids: [id], action: 'disable' });
    expect(JSON.stringify(r)).not.toContain('false');
    await call('/capi/napi/promote/edit', { acpl: 2, type: 'plan', id, field: 'budget', value: 1500 });
    await call('/capi/napi/promote/edit', { acpl: 2, type: 'plan', id, field: 'bid', value: 1.2 });
    const paths = (await h.requests('juliang', '/v3.0/')).map((x) => x.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/open_api/v3.0/promotion/status/update/',
        '/open_api/v3.0/promotion/budget/update/',
        '/open_api/v3.0/promotion/bid/update/',
      ]),
    );
    const world = await h.admin<{
      advertisers: Array<{ entities: Array<{ id: string; enabled: boolean; budgetFen: number; bidFen: number }> }>;
    }>('juliang', 'GET', '/world');
    const e = world.advertisers.flatMap((a) => a.entities).find((x) => x.id === id)!;
    expect([e.enabled, e.budgetFen, e.bidFen]).toEqual([false, 150_000, 120]);
  });
});
