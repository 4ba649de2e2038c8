/**
 * Issue 19: a demo world where the loop is visible. Seeded as on first start — the product's API, landing pages and
 * monitor endpoints, the ad sandbox and the union sandbox wired into one world (the union's back-filled orders come
 * from the plans' delivered clicks, asked through the sandboxes' world API as main.ts wires it) — on a pinned clock.
 * After the ad syncs and two order syncs, most of the demo customers' paid orders reach a plan, every plan with
 * orders has cost (so its ROI shows), and UD orders name authorised advertisers only.
 * Needs `npm run build` (the landing pages render with it), as the landing API tests. One engine: the world holds
 * thousands of orders; every attribution rule is tested on every engine (orders-sync, orders-plans, orders-jd-uc).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../src/server/demo/accounts.ts';
import { seedDemoAdLinks } from '../../src/server/demo/ad-links.ts';
import { DEMO_AD_PLATFORMS, seedDemoAds } from '../../src/server/demo/ads.ts';
import { seedDemoLinks } from '../../src/server/demo/links.ts';
import { createHttpServer } from '../../src/server/http-server.ts';
import { Landing } from '../../src/server/landing/index.ts';
import { type AdPlatformSandbox, createAdPlatformSandbox } from '../../src/server/sandbox/adplatforms/index.ts';
import { startTracking } from '../../src/server/tracking/index.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { sandboxRegistry } from '../support/factories-ads.ts';
import { syncOrders } from '../support/factories-orders.ts';
import { type RunningSandbox, startSandbox } from '../support/unions.ts';

const entry = path.resolve('dist/server/entry.mjs');
const DEMO_CUSTOMERS = ['customer1@demo.local', 'customer2@demo.local', 'sub1@demo.local', 'sub2@demo.local'];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe.skipIf(!existsSync(entry)).each(dialects().slice(0, 1))('the demo world’s orders reach their plans ($name)', (dialect) => {
  let t: TestApp;
  let ads: AdPlatformSandbox;
  let unions: RunningSandbox;
  let server: ReturnType<typeof createHttpServer>['server'];
  let stopTracking: () => Promise<void>;
  const clock = testClock();

  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    ads = createAdPlatformSandbox({ file: ':memory:', publicBase: `${base}/sandbox`, live: false, now: () => clock.now() });
    unions = await startSandbox({ now: () => clock.nowMs(), plans: () => ads.drivers() });
    t = await makeTestApp(
      dialect,
      { PORT: String(port) },
      { clock, unionSandbox: unions, adPlatforms: sandboxRegistry({ base: `${base}/sandbox`, clock }) },
    );
    const { handler } = (await import(pathToFileURL(entry).href)) as { handler: never };
    const tracking = startTracking(t.deps, { trustProxy: false });
    stopTracking = () => tracking.batcher.close();
    const landing = new Landing(t.deps, tracking.batcher, { cache: true, ttlMs: 60_000, warmLimit: 100, maxEntries: 100 });
    ({ server } = createHttpServer({
      config: t.deps.config,
      metrics: t.deps.metrics,
      api: t.app,
      clientDir: path.resolve('dist/client'),
      astro: handler,
      astroLocals: { landing: landing.runtime },
      fastPaths: [tracking.monitorFastPath, landing.fastPath],
      sandbox: getRequestListener(ads.app.fetch),
    }));
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    landing.start(port);
    expect(await seedDemoAccounts(t.deps)).toBe(true);
    await seedDemoLinks(t.deps);
    await seedDemoAdLinks(t.deps);
    expect(await seedDemoAds(t.deps, base, DEMO_AD_PLATFORMS, base)).toEqual({ accounts: 20, failed: [] });
    await t.deps.jobs.idle(); // the authorisations' entity and report syncs (14 days of the plans' facts)
    expect(await syncOrders(t)).toMatchObject({ error: '' }); // the unions back-fill what the plans delivered
    clock.advance(5 * 60_000);
    expect(await syncOrders(t)).toMatchObject({ error: '' }); // … and list it from then
  }, 600_000);
  afterAll(async () => {
    await t?.deps.jobs.idle();
    await stopTracking?.();
    await new Promise<void>((r) => server?.close(() => r()));
    await ads?.close();
    await t?.close();
    await unions?.close();
  });

  it('at least 60 % of the demo customers’ paid orders reach a plan', async () => {
    const rows = await t.deps.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.customerid')
      .select(['orders.plan_id', 'orders.attribution_rule'])
      .where('users.email', 'in', DEMO_CUSTOMERS)
      .where('orders.status', 'in', ['paid', 'confirmed', 'settled'])
      .execute();
    expect(rows.length).toBeGreaterThan(500);
    const reached = rows.filter((r) => r.plan_id !== '').length;
    expect(reached / rows.length).toBeGreaterThanOrEqual(0.6);
    expect(new Set(rows.map((r) => r.attribution_rule))).toEqual(new Set(['link_plan', 'link_plan_clicks', 'ud_order']));
  });

  it('every plan with paid orders has cost on the same account, so its ROI shows', async () => {
    const withOrders = await t.deps.db
      .selectFrom('order_facts_daily')
      .select(['customerid', 'channel', 'advertiser_id', 'plan_id'])
      .select((eb) => eb.fn.sum<number>('paid_fen').as('gmv'))
      .where('plan_id', '<>', '')
      .groupBy(['customerid', 'channel', 'advertiser_id', 'plan_id'])
      .execute();
    expect(withOrders.length).toBeGreaterThan(15);
    const cost = new Map(
      (
        await t.deps.db
          .selectFrom('ad_facts_daily')
          .select(['customerid', 'platform', 'advertiser_id', 'plan_id'])
          .select((eb) => eb.fn.sum<number>('cost_fen').as('cost'))
          .groupBy(['customerid', 'platform', 'advertiser_id', 'plan_id'])
          .execute()
      ).map((r) => [`${r.customerid}|${r.platform}|${r.advertiser_id}|${r.plan_id}`, Number(r.cost)]),
    );
    for (const p of withOrders.filter((r) => Number(r.gmv) > 0))
      expect(cost.get(`${p.customerid}|${p.channel}|${p.advertiser_id}|${p.plan_id}`), p.plan_id).toBeGreaterThan(0);
  });

  it('UD orders carry the authorised advertisers’ ids, none invented', async () => {
    const ud = await t.deps.db.selectFrom('orders').select(['advertiser_id', 'customerid']).where('union_name', '=', 'ud').execute();
    expect(ud.length).toBeGreaterThan(0);
    const bound = new Set(
      (await t.deps.db.selectFrom('ad_accounts').select(['advertiser_id', 'customerid']).execute()).map(
        (a) => `${a.customerid}|${a.advertiser_id}`,
      ),
    );
    for (const o of ud) expect(bound.has(`${o.customerid}|${o.advertiser_id}`), o.advertiser_id).toBe(true);
  });
});
