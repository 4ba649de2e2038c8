/**
 * The sandbox mounted in the product's HTTP server (SANDBOX on): the default configuration's connectors reach
 * every platform's sandbox through `/sandbox/<p>/…` over real HTTP; SANDBOX off serves nothing there; the
 * delivery engine rewrites the product's public base to loopback and never pings other hosts.
 */

import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdPlatformConnectors, loadAdPlatformConfig } from '../../src/server/connectors/config.ts';
import type { AppEnv } from '../../src/server/http/env.ts';
import { createHttpServer } from '../../src/server/http-server.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import { Metrics } from '../../src/server/kernel/metrics.ts';
import { type AdPlatformSandbox, createAdPlatformSandbox } from '../../src/server/sandbox/adplatforms/index.ts';
import { consent, type MonitorServer, startMonitor, until } from '../support/ad-sandbox.ts';
import { runningNow } from '../support/clock.ts';

let sandbox: AdPlatformSandbox;
let server: ReturnType<typeof createHttpServer>['server'];
let base = '';
let monitor: MonitorServer;

beforeAll(async () => {
  setLogLevel('silent');
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-mount-')), DEMO_DATA: 'off' });
  let listener: ReturnType<typeof getRequestListener> | null = null;
  ({ server } = createHttpServer({
    config,
    metrics: new Metrics(),
    api: new Hono<AppEnv>(),
    clientDir: '/nonexistent',
    astro: null,
    sandbox: (req, res) => listener!(req, res),
  }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  monitor = await startMonitor();
  sandbox = createAdPlatformSandbox({
    file: ':memory:',
    publicBase: `${base}/sandbox`,
    live: false,
    now: runningNow,
    delivery: { rewrite: [['https://ads.example.com', monitor.base]] },
  });
  listener = getRequestListener(sandbox.app.fetch);
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await sandbox.close();
  await monitor.close();
});

describe('the mounted sandbox', () => {
  it("answers every OAuth platform's consent page and token call at the default configuration's URLs", async () => {
    const connectors = createAdPlatformConnectors(loadAdPlatformConfig({}, { publicBaseUrl: base }), undefined, {
      now: () => sandbox.world.now(),
    });
    for (const p of ['juliang', 'tengxun', 'kuaishou', 'xiaohongshu', 'weibo'] as const) {
      sandbox.world.addAdvertiser(p, { name: `${p} 账户`, balanceFen: 1000 });
      const c = connectors[p];
      const { page, location } = await consent(
        c.authorizeUrl({ state: 'st', redirectUri: 'https://ads.example.com/auloading' }),
        'approve',
      );
      expect(page).toContain(`${p} 账户`);
      const code = [...location.searchParams.entries()].find(([k]) => k !== 'state')![1];
      const grant = await c.exchangeCode(code, 'https://ads.example.com/auloading');
      expect(grant.accessToken, p).toMatch(/^[0-9a-f]{40}$/);
    }
    await expect(connectors.ucid.listAdvertisers({ kind: 'credentials', username: 'x', password: 'y', token: 'z' })).rejects.toMatchObject({
      platformCode: '8101',
    });
  });

  it("pings only loopback: the product's public base is rewritten to loopback, a foreign host is skipped", async () => {
    const w = sandbox.world;
    const adv = w.addAdvertiser('kuaishou', { name: '投放账户', balanceFen: 10_000_000 });
    const camp = w.addEntity('kuaishou', 'campaign', { advertiserId: adv }, { name: 'c' });
    const local = w.addEntity(
      'kuaishou',
      'plan',
      { advertiserId: adv, campaignId: camp },
      { name: 'p', clickUrl: 'https://ads.example.com/m/c/77?aid=__AID__' },
    );
    const foreign = w.addEntity(
      'kuaishou',
      'plan',
      { advertiserId: adv, campaignId: camp },
      { name: 'q', clickUrl: 'https://example.org/m/c/78?aid=__AID__' },
    );
    const sent = await sandbox.engine.deliver(w.entity('kuaishou', 'plan', local)!, 0, 3);
    await until(() => monitor.hits.length >= 3);
    expect(sent.clicks).toBe(3);
    expect(monitor.hits[0]!.pathname).toBe('/m/c/77');
    expect(monitor.hits[0]!.searchParams.get('aid')).toBe(local);
    const skipped = await sandbox.engine.deliver(w.entity('kuaishou', 'plan', foreign)!, 0, 2);
    expect(skipped).toMatchObject({ clicks: 0, skipped: 2 });
  });

  it('SANDBOX off: /sandbox/ is not served by the product', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-mount-')), DEMO_DATA: 'off' });
    const { server: plain } = createHttpServer({
      config,
      metrics: new Metrics(),
      api: new Hono<AppEnv>(),
      clientDir: '/nonexistent',
      astro: null,
      sandbox: null,
    });
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const res = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/sandbox/juliang/audit/oauth.html`);
    expect(res.status).toBe(503);
    await new Promise<void>((r) => plain.close(() => r()));
  });
});
