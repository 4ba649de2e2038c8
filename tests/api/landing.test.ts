/**
 * Landing pages end to end in process: the built Astro handler behind our HTTP server, the publisher's
 * loopback render, the memory fast path, visits through the batch into rollups, link changes re-rendering.
 * Needs `npm run build` first (npm test builds before the API tests); without dist/ it fails and says so.
 */

import { existsSync } from 'node:fs';
import { get as httpGet, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { createHttpServer } from '../../src/server/http-server.ts';
import { Landing } from '../../src/server/landing/index.ts';
import { landingKey } from '../../src/server/publish/storage.ts';
import { startTracking } from '../../src/server/tracking/index.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { SHOPPER_UA } from '../support/factories-orders.ts';

/** A shopper's iPhone in WeChat (a bare 'Mozilla/5.0 (iPhone)' is a bot by isbot). */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';

const entry = path.resolve('dist/server/entry.mjs');

it('has the Astro build it renders with', () => {
  expect(existsSync(entry), 'run `npm run build` before the landing API tests').toBe(true);
});

describe.skipIf(!existsSync(entry)).each(dialects())('landing pages on $name', (dialect) => {
  let t: TestApp;
  let server: Server;
  let landing: Landing;
  let base: string;
  let stopTracking: () => Promise<void>;
  // a phone's browser: fetch's own agent ('node') is a bot by isbot, whose visits are invalid traffic (tracking/verdict)
  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(base + p, { headers: { 'user-agent': SHOPPER_UA, ...headers }, redirect: 'manual' });

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const c = await createUser(t.deps, { email: 'c@x.cn', password: 'secret123', role: 3 });
    await insertLinkRow(t.deps.db, {
      pageid: '2001',
      customerid: c.id,
      platform: 2,
      state: 2,
      isdirect: 2,
      item_title: '商品A',
      item_price: 1990,
      detaillink: 'https://item.taobao.com/item.htm?id=1',
    });
    await insertLinkRow(t.deps.db, {
      pageid: '2002',
      customerid: c.id,
      platform: 3,
      state: 4,
      isdirect: 1,
      detaillink: 'https://item.m.jd.com/product/2.html',
    });
    const { handler } = (await import(pathToFileURL(entry).href)) as { handler: never };
    const tracking = startTracking(t.deps, { trustProxy: false });
    stopTracking = () => tracking.batcher.close();
    landing = new Landing(t.deps, tracking.batcher, { cache: true, ttlMs: 60_000, warmLimit: 100, maxEntries: 100 });
    ({ server } = createHttpServer({
      config: t.deps.config,
      metrics: t.deps.metrics,
      api: t.app,
      clientDir: path.resolve('dist/client'),
      astro: handler,
      astroLocals: { landing: landing.runtime },
      fastPaths: [tracking.monitorFastPath, landing.fastPath],
    }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
    landing.start(port);
    expect(await landing.warm()).toBe(2);
  });
  afterAll(async () => {
    await stopTracking?.();
    await new Promise<void>((r) => server?.close(() => r()));
    await t?.close();
  });

  it('serves the stored page from memory, gzip on request, and HEAD', async () => {
    const hits = landing.stats.hits;
    for (let i = 0; i < 5; i++) {
      const r = await get('/pub/2001');
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('商品A');
    }
    expect(landing.stats.hits - hits).toBe(5);
    const gz = await new Promise<{ enc: string; body: Buffer }>((resolve, reject) =>
      httpGet(`${base}/pub/2001`, { headers: { 'accept-encoding': 'gzip', 'user-agent': SHOPPER_UA } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ enc: String(res.headers['content-encoding']), body: Buffer.concat(chunks) }));
      }).on('error', reject),
    );
    expect(gz.enc).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('¥19.90');
    const head = await fetch(base + '/pub/2001', { method: 'HEAD', headers: { 'user-agent': SHOPPER_UA } });
    expect(head.status).toBe(200);
    const stored = await t.deps.storage.get(landingKey('2001'));
    expect(stored?.body.toString()).toContain('商品A');
  });

  it('records visits with the click id and attributes them to the monitor click', async () => {
    expect((await get('/m/c/2002?ch=4&adv=33&aid=44&clickid=wx0abc')).status).toBe(204);
    expect((await get('/pjd/2002?gdt_vid=wx0abc&x=1', { 'user-agent': IPHONE })).status).toBe(200);
    await processAll(t.deps.db, t.deps.engine);
    const v = await t.deps.db.selectFrom('visit_events').selectAll().where('pageid', '=', '2002').executeTakeFirstOrThrow();
    expect(v).toMatchObject({ click_param: 'gdt_vid', clickid: 'wx0abc', ua: IPHONE });
    const r = await t.deps.db.selectFrom('rollup_hourly').selectAll().where('pageid', '=', '2002').orderBy('adv').execute();
    expect(r.map((x) => [x.adv, x.aid, Number(x.clicks), Number(x.visits)])).toEqual([['33', '44', 1, 1]]);
    const a = await t.deps.db
      .selectFrom('rollup_hourly')
      .select((eb) => eb.fn.sum<number>('visits').as('v'))
      .where('pageid', '=', '2001')
      .executeTakeFirstOrThrow();
    expect(Number(a.v)).toBe(7); // 5 GET + gzip GET + HEAD
  });

  it('re-renders on a link change and drops a deleted link', async () => {
    await t.deps.db.updateTable('links').set({ item_title: '商品B <script>alert(1)</script>' }).where('pageid', '=', '2001').execute();
    await t.deps.linkEvents.emit('2001');
    await landing.idle();
    const html = await (await get('/pub/2001')).text();
    expect(html).toContain('商品B &lt;script&gt;alert(1)&lt;/script&gt;');
    await t.deps.db.updateTable('links').set({ deleted_at: 1 }).where('pageid', '=', '2001').execute();
    await t.deps.linkEvents.emit('2001');
    await landing.idle();
    const gone = await get('/pub/2001');
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('页面不存在');
    expect(await t.deps.storage.get(landingKey('2001'))).toBeNull();
  });

  it('a link missing from memory is rendered by Astro (visit recorded) and then cached', async () => {
    const c = await t.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await insertLinkRow(t.deps.db, {
      pageid: '2003',
      customerid: c.id,
      platform: 5,
      state: 2,
      isdirect: 2,
      item_title: '拼多多商品',
      detaillink: 'https://mobile.yangkeduo.com/goods.html?goods_id=5',
    });
    const misses = landing.stats.misses;
    const r = await get('/pud/2003?clickid=abc');
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('拼多多商品');
    expect(landing.stats.misses - misses).toBe(1);
    await landing.idle();
    expect(landing.cache.get('2003')).toBeDefined();
    await processAll(t.deps.db, t.deps.engine);
    const v = await t.deps.db.selectFrom('visit_events').select(['clickid', 'click_param']).where('pageid', '=', '2003').execute();
    expect(v).toEqual([{ clickid: 'abc', click_param: 'clickid' }]); // the publisher's render is not a visit
  });

  it.each(['/pub/999999', '/pjd/abc', '/new/424242', '/new/wx/1', '/xtb/2001'])('%s answers 404 with the 404 page', async (p) => {
    const r = await get(p);
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('页面不存在');
  });

  // Issue 15 item 9: a 微信小程序 link's page shows the item, never the link's internal name.
  it('the public page of a wechat mini-app link does not show the link name to shoppers', async () => {
    const c = await t.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await insertLinkRow(t.deps.db, {
      pageid: '2004',
      customerid: c.id,
      platform: 6,
      state: 4,
      isdirect: 2,
      title: '内部名称-勿外露',
      appid: 'wx1234567890abcdef',
      pagepath: 'pages/item/index?id=42',
    });
    const html = await (await get('/new/wx/2004')).text();
    expect(html).toContain('打开微信小程序');
    expect(html).not.toContain('内部名称-勿外露');
    await t.deps.db.updateTable('links').set({ item_title: '坚果礼盒 1kg' }).where('pageid', '=', '2004').execute();
    await t.deps.linkEvents.emit('2004');
    await landing.idle();
    expect(await (await get('/new/wx/2004')).text()).toContain('坚果礼盒 1kg');
  });

  // Issue 15 item 8: Astro names only 404 and 500 itself; any other status a page sets kept the reason "OK".
  it.each([
    ['/401', 401, 'Unauthorized'],
    ['/404', 404, 'Not Found'],
    ['/pub/999999', 404, 'Not Found'],
  ])('%s answers the status line %i %s', async (p, code, reason) => {
    const res = await new Promise<IncomingMessage>((resolve, reject) => httpGet(base + p, resolve).on('error', reject));
    res.resume();
    expect([res.statusCode, res.statusMessage]).toEqual([code, reason]);
  });

  it('/new/mandate reaches the console, other non-digit /new ids redirect to /404', async () => {
    const m = await get('/new/mandate');
    expect(m.status).toBe(200);
    expect(await m.text()).toContain('astro-island');
    const x = await get('/new/abc');
    expect([x.status, x.headers.get('location')]).toEqual([302, '/404']);
  });
});
