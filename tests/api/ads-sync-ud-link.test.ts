/**
 * Issue 18: a UDSmart link's plans. UD issues the link's monitor URLs on its own host (affiliate/links.ts), so no
 * path of ours names the link; the entity sync ties a plan carrying exactly those URLs to the owner's UD link, its
 * reports carry the link's pageid, and a UDSmart admin who bound the account opens the link's page before its
 * first order (it said 落地页不存在). Another customer's UD link on the plan ties nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageOrdersView } from '../../src/shared/admin-reports.ts';
import type { BrandView } from '../../src/shared/udsmart.ts';
import { type Harness, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects, type TestHandle } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { advertiserSpec, authoriseAs, sandboxRegistry } from '../support/factories-ads.ts';

describe.each(dialects())('a UDSmart link’s plans ($name)', (dialect) => {
  const clock = testClock();
  let h: Harness;
  let t: TestApp;
  let db: TestHandle;
  let ud = '';
  let foreign = '';
  let plans: string[] = [];
  let advertiserId = '';

  beforeAll(async () => {
    h = await startSandbox({ clock });
    db = await dialect.open();
    t = await makeTestApp(dialect, {}, { handle: db, clock, adPlatforms: sandboxRegistry(h) });
    const customer = await makeUser(t.deps, { role: 3 });
    const other = await makeUser(t.deps, { role: 3 });
    const link = await makeLink(t.deps, customer, { platform: 7, state: 2, item: '612345670011' });
    const theirs = await makeLink(t.deps, other, { platform: 7, state: 2, item: '612345670012' });
    ud = link.pageid;
    foreign = theirs.pageid;
    expect(new URL(link.monitor_touch_url).pathname).toMatch(/^\/sandbox\/ud\//);
    const spec = advertiserSpec('UD外投', 1, { clickUrl: link.monitor_touch_url, showUrl: link.monitor_show_url });
    const alien = advertiserSpec('别人', 1, { clickUrl: theirs.monitor_touch_url, showUrl: theirs.monitor_show_url });
    const campaigns = [...(spec.campaigns ?? []), ...(alien.campaigns ?? [])];
    const [seeded] = await h.seed('juliang', { advertisers: [{ ...spec, campaigns }] });
    advertiserId = seeded!.id;
    plans = seeded!.campaigns.flatMap((c) => c.plans.map((p) => p.id));
    await h.admin('juliang', 'POST', '/history', { days: 2 });
    await authoriseAs(t, await loginAs(t, customer.email), 2, [advertiserId]);
    await t.deps.jobs.idle();
  });
  afterAll(async () => {
    await t.deps.jobs.idle();
    await t.close();
    await db.close();
    await h.close();
  });

  it('ties the plan carrying the UD link’s monitor URLs to that link, and its reports carry the pageid', async () => {
    const entities = await t.deps.db
      .selectFrom('ad_entities')
      .select(['entity_id', 'pageid'])
      .where('level', '=', 'plan')
      .where('advertiser_id', '=', advertiserId)
      .orderBy('entity_id')
      .execute();
    expect(entities.map((e) => [e.entity_id, e.pageid])).toEqual([
      [plans[0], ud],
      [plans[1], ''],
    ]);
    const facts = await t.deps.db
      .selectFrom('ad_facts_hourly')
      .select(['plan_id', 'pageid'])
      .distinct()
      .where('advertiser_id', '=', advertiserId)
      .orderBy('plan_id')
      .execute();
    expect(facts).toEqual([
      { plan_id: plans[0], pageid: ud },
      { plan_id: plans[1], pageid: '' },
    ]);
    expect(facts.some((f) => f.pageid === foreign)).toBe(false);
  });

  it('a UDSmart admin who bound the account opens the link’s page before its first order', async () => {
    await makeUser(t.deps, { email: 'udadmin@u.cn', role: 5 });
    const token = await loginAs(t, 'udadmin@u.cn');
    const brand = await t.post<BrandView>('/capi/napi/udsmart/brand/create', { name: '外投品牌', logo_text: '' }, { token });
    const account = await t.deps.db
      .selectFrom('ad_accounts')
      .select('id')
      .where('advertiser_id', '=', advertiserId)
      .executeTakeFirstOrThrow();
    await t.post('/capi/napi/udsmart/brand/bind', { id: brand.body.data.id, account_ids: [account.id] }, { token });
    const page = await t.post<PageOrdersView>('/capi/napi/udsmart/page/orders', { pageid: ud }, { token });
    expect(page.body).toMatchObject({ code: 1, data: { pageid: ud, total: 0 } });
    expect((await t.post('/capi/napi/udsmart/page/orders', { pageid: foreign }, { token })).body).toMatchObject({ code: 4004 });
  });
});
