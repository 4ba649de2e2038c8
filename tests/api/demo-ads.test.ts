/**
 * The demo world's ad accounts, seeded as on first start: the product's API and the in-process sandbox behind one
 * HTTP server on loopback, the default configuration's connectors, the seeder logging in and
 * submitting consent pages and UC's form over HTTP. Afterwards every demo customer holds a valid authorisation on
 * each of the five account types, plans are tied to their demo links, 14 days are back-filled, and the sandbox
 * delivers to demo links only — never to a link a user made.
 */

import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../src/server/accounts/lookup.ts';
import { seedDemoAccounts } from '../../src/server/demo/accounts.ts';
import { seedDemoAdLinks } from '../../src/server/demo/ad-links.ts';
import { DEMO_AD_PLATFORMS, seedDemoAds } from '../../src/server/demo/ads.ts';
import { seedDemoLinks } from '../../src/server/demo/links.ts';
import { seedDemoBrands } from '../../src/server/demo/udsmart.ts';
import { createHttpServer } from '../../src/server/http-server.ts';
import { type AdPlatformSandbox, createAdPlatformSandbox } from '../../src/server/sandbox/adplatforms/index.ts';
import type { AuthView } from '../../src/shared/ad-auth.ts';
import type { PageOrdersView } from '../../src/shared/admin-reports.ts';
import { chinaDate } from '../../src/shared/time.ts';
import type { PreviewView } from '../../src/shared/udsmart.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock, testNow } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink } from '../support/factories.ts';
import { sandboxRegistry } from '../support/factories-ads.ts';
import { freePort } from '../support/ports.ts';

describe.each(dialects())('the demo world’s ad accounts ($name)', (dialect) => {
  let t: TestApp;
  let sandbox: AdPlatformSandbox;
  let server: ReturnType<typeof createHttpServer>['server'];
  let base = '';
  let result: Awaited<ReturnType<typeof seedDemoAds>>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The default configuration's connectors at this port, with the tests' short retry and UC report-poll waits.
    const clock = testClock();
    t = await makeTestApp(dialect, { PORT: String(port) }, { clock, adPlatforms: sandboxRegistry({ base: `${base}/sandbox`, clock }) });
    sandbox = createAdPlatformSandbox({ file: ':memory:', publicBase: `${base}/sandbox`, live: false, now: () => clock.now() });
    ({ server } = createHttpServer({
      config: t.deps.config,
      metrics: t.deps.metrics,
      api: t.app,
      clientDir: '/nonexistent',
      astro: null,
      sandbox: getRequestListener(sandbox.app.fetch),
    }));
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    expect(await seedDemoAccounts(t.deps)).toBe(true);
    await seedDemoLinks(t.deps);
    expect(await seedDemoAdLinks(t.deps)).toBe(11);
    result = await seedDemoAds(t.deps, base, DEMO_AD_PLATFORMS, base);
    await t.deps.jobs.idle();
  }, 120_000);
  afterAll(async () => {
    await t.deps.jobs.idle();
    await new Promise<void>((r) => server.close(() => r()));
    await sandbox.close();
    await t.close();
  });

  it('authorises every demo customer on all five account types through the real paths', async () => {
    expect(result).toEqual({ accounts: 20, failed: [] });
    const agent = (await findUserByEmail(t.deps.db, 'agent@demo.local'))!;
    for (const email of ['customer1@demo.local', 'customer2@demo.local', 'sub1@demo.local', 'sub2@demo.local']) {
      const token = await loginAs(t, email, 'demo123456');
      const list = await t.post<{ list: AuthView[] }>('/capi/napi/auth/index', { pagesize: 50 }, { token });
      const auths = list.body.data.list;
      expect(
        auths.map((a) => a.platform).sort((a, b) => a - b),
        email,
      ).toEqual([2, 4, 5, 8, 10]);
      expect(
        auths.map((a) => [a.platform, a.status, a.accounts.length, a.last_sync_error]),
        email,
      ).toEqual(auths.map((a) => [a.platform, 'valid', 1, '']));
      expect(auths.every((a) => a.accounts[0]!.plans === 5 && a.accounts[0]!.last_sync_at > 0 && a.accounts[0]!.report_synced_to > 0)).toBe(
        true,
      );
      const made = await t.deps.db
        .selectFrom('ad_auths')
        .select('created_by')
        .where(
          'id',
          'in',
          auths.map((a) => a.id),
        )
        .execute();
      if (email.startsWith('sub')) expect(made.every((m) => m.created_by === agent.id)).toBe(true);
    }
  });

  it('ties the plans to the demo links, back-fills 14 days, and names the advertisers on the links', async () => {
    const plans = await t.deps.db
      .selectFrom('ad_entities')
      .select(['pageid', 'status', 'customerid'])
      .where('level', '=', 'plan')
      .execute();
    const demo = new Map(
      (await t.deps.db.selectFrom('links').select(['pageid', 'customerid', 'relate_advertiser_ids']).where('demo', '=', 1).execute()).map(
        (l) => [l.pageid, l],
      ),
    );
    const ours = plans.filter((p) => p.pageid !== '');
    expect(ours.length).toBe(20 * 5);
    expect(ours.every((p) => demo.get(p.pageid)?.customerid === p.customerid)).toBe(true);
    // A mix of live states (UC has no 审核未通过: its rejected plan reads 16 已终止, normalised done).
    const states = new Set(plans.map((p) => p.status));
    expect(['delivering', 'paused', 'auditing', 'rejected', 'done'].filter((s) => states.has(s))).toEqual([
      'delivering',
      'paused',
      'auditing',
      'rejected',
      'done',
    ]);
    const days = await t.deps.db.selectFrom('ad_facts_daily').select('day').distinct().execute();
    expect(days.length).toBeGreaterThanOrEqual(14);
    const cost = await t.deps.db
      .selectFrom('ad_facts_daily')
      .select((eb) => eb.fn.sum<number>('cost_fen').as('c'))
      .executeTakeFirstOrThrow();
    expect(Number(cost.c)).toBeGreaterThan(0);
    const advertisers = new Set((await t.deps.db.selectFrom('ad_accounts').select('advertiser_id').execute()).map((a) => a.advertiser_id));
    const used = [...new Set(ours.map((p) => p.pageid))];
    expect(used.every((p) => advertisers.has(demo.get(p)!.relate_advertiser_ids))).toBe(true);
  });

  it('offers an agent its sub-customers’ advertisers on every channel for the link dialog', async () => {
    const token = await loginAs(t, 'agent@demo.local', 'demo123456');
    const options = await t.post<Array<{ company: string; advertisers: Record<string, unknown[]> }>>(
      '/capi/napi/link/customers',
      {},
      { token },
    );
    const sub1 = options.body.data.find((o) => o.company === '宁波海味食品有限公司')!;
    expect(Object.keys(sub1.advertisers).sort()).toEqual(['10', '2', '4', '5', '8']);
  });

  it('gives the UDSmart admin two brands made through the UDSmart service, so 数据查看 opens on numbers; the UD link’s page opens', async () => {
    expect(await seedDemoBrands(t.deps)).toBe(2);
    const token = await loginAs(t, 'udsmart@demo.local', 'demo123456');
    const range = { start: chinaDate(testNow() - 6 * 86400), end: chinaDate(testNow()) };
    const preview = await t.post<PreviewView>('/capi/napi/udsmart/preview', range, { token });
    expect(preview.body.data.brands.map((b) => [b.brand, b.accounts]).sort()).toEqual([
      ['优品数码', 3],
      ['青禾服饰', 3],
    ]);
    expect(preview.body.data.totals.sum_cost).toBeGreaterThan(0);
    const ud = await t.deps.db
      .selectFrom('links')
      .select('pageid')
      .where('platform', '=', 7)
      .where('demo', '=', 1)
      .executeTakeFirstOrThrow();
    expect(preview.body.data.pages.map((p) => p.pageid)).toContain(ud.pageid);
    const page = await t.post<PageOrdersView>('/capi/napi/udsmart/page/orders', { pageid: ud.pageid }, { token });
    expect(page.body).toMatchObject({ code: 1, data: { pageid: ud.pageid, customer: '杭州青禾服饰有限公司' } });
    const sub = await t.post<PreviewView>('/capi/napi/udsmart/preview', range, {
      token: await loginAs(t, 'udsub@demo.local', 'demo123456'),
    });
    expect(sub.body.data.brands.map((b) => b.brand)).toEqual(['青禾服饰']);
  });

  it('delivers only to the demo world’s links: a link a user makes is never pinged', async () => {
    const c1 = (await findUserByEmail(t.deps.db, 'customer1@demo.local'))!;
    const mine = await makeLink(t.deps, c1, { title: '我自己的链接' });
    const demo = new Set((await t.deps.db.selectFrom('links').select('pageid').where('demo', '=', 1).execute()).map((l) => l.pageid));
    const targets = sandbox.world
      .plansWithMonitors()
      .flatMap((p) => [p.showUrl, p.clickUrl, p.landingUrl])
      .filter((u): u is string => !!u);
    // A UDSmart link's monitor URLs are the ones UD issued for it (the union knows the link, not our path).
    const udMonitors = new Map(
      (await t.deps.db.selectFrom('affiliate_links').select(['pageid', 'urls']).where('union_name', '=', 'ud').execute()).flatMap((r) => {
        const u = JSON.parse(r.urls) as { pvMonitorUrl?: string; clickMonitorUrl?: string };
        return [u.pvMonitorUrl, u.clickMonitorUrl].filter((x): x is string => !!x).map((x) => [x, r.pageid] as const);
      }),
    );
    const pageids = targets.map(
      (u) => udMonitors.get(u) ?? /\/(?:m\/[cs]|pub|puc|pud|pwb|pjd|xtb|new\/wx|new)\/(\d+)/.exec(new URL(u).pathname)?.[1],
    );
    expect([...udMonitors.values()].some((p) => demo.has(p))).toBe(true);
    expect(pageids.length).toBeGreaterThan(100);
    expect(pageids.every((p) => p !== undefined && demo.has(p))).toBe(true);
    expect(pageids).not.toContain(mine.pageid);
  });

  it('leaves two unclaimed advertisers per platform for a new authorisation, listed first on the consent page', async () => {
    for (const p of DEMO_AD_PLATFORMS) {
      const names = sandbox.world.advertisers(p).map((a) => a.name);
      expect(names.slice(0, 2).every((n) => n.startsWith('演示待授权账户'))).toBe(true);
    }
  });
});
