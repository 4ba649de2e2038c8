/**
 * The sandbox world on its own: it survives a restart (its own SQLite file), statuses move with time and
 * spend, the admin API answers loopback only, and each platform refuses over-large pages and missing
 * fields with its own code and envelope.
 */

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from '../../src/server/sandbox/adplatforms/admin.ts';
import { Grants } from '../../src/server/sandbox/adplatforms/grants.ts';
import { generateHistory } from '../../src/server/sandbox/adplatforms/history.ts';
import { createAdPlatformSandbox } from '../../src/server/sandbox/adplatforms/index.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { type Harness, startSandbox } from '../support/ad-sandbox.ts';

describe('sandbox world', () => {
  it('keeps apps, grants, advertisers, plans and delivery across a restart', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'tf-sbx-')), 'sandbox', 'adplatforms.sqlite');
    const first = createAdPlatformSandbox({ file, publicBase: 'http://127.0.0.1:1/sandbox', live: false });
    const [adv] = seedWorld(first.world, 'juliang', {
      advertisers: [{ name: '持久化广告主', campaigns: [{ name: 'c', plans: [{ name: 'p', bidFen: 100 }] }] }],
    });
    const grant = new Grants(first.world, 'juliang').issueTokens('1780000000000001', [adv!.id], '1');
    first.world.recordDelivery('juliang', first.world.entity('juliang', 'plan', adv!.campaigns[0]!.plans[0]!.id)!, 3600 * 1000, 10, 2, 200);
    await first.close();
    const again = createAdPlatformSandbox({ file, publicBase: 'http://127.0.0.1:1/sandbox', live: false });
    expect(again.world.advertisers('juliang').map((a) => a.name)).toEqual(['持久化广告主']);
    expect(new Grants(again.world, 'juliang').check(grant.accessToken).ok).toBe(true);
    expect(again.world.pinged('juliang', adv!.campaigns[0]!.plans[0]!.id)).toEqual({ shows: 10, clicks: 2 });
    await again.close();
  });

  it("moves statuses: audit → delivering, budget exhausted by the day's spend (back the next day), balance spent, done after the end", async () => {
    let now = chinaDayStart(Date.parse('2024-05-01T12:00:00+08:00') / 1000) + 9 * 3600;
    const s = createAdPlatformSandbox({ file: ':memory:', publicBase: 'http://127.0.0.1:1/sandbox', live: false, now: () => now });
    const w = s.world;
    const [a] = seedWorld(w, 'kuaishou', {
      advertisers: [
        {
          name: 'x',
          balanceFen: 100_000,
          campaigns: [
            {
              name: 'c',
              plans: [
                { name: 'audit', auditSeconds: 1800, bidFen: 100 },
                { name: 'tight', budgetFen: 5000, bidFen: 100 },
                { name: 'ends', endAt: now + 60 },
              ],
            },
          ],
        },
      ],
    });
    const [audit, tight, ends] = a!.campaigns[0]!.plans.map((p) => w.entity('kuaishou', 'plan', p.id)!);
    expect(w.state(audit!)).toBe('auditing');
    now += 1801;
    expect(w.state(audit!)).toBe('delivering');
    w.recordDelivery('kuaishou', tight!, now - (now % 3600), 500, 50, 5000);
    expect(w.state(tight!)).toBe('budget_exceed');
    now += 86400;
    expect(w.state(tight!)).toBe('delivering');
    expect(w.state(ends!)).toBe('done');
    w.recordDelivery('kuaishou', audit!, now - (now % 3600), 0, 950, 95_000);
    expect(w.state(tight!)).toBe('balance_exceed');
    expect(w.advertiser('kuaishou', a!.id)!.balanceFen).toBe(0);
    await s.close();
  });

  it('history is deterministic and respects the plan budget per day', async () => {
    const now = Date.parse('2024-05-10T15:30:00+08:00') / 1000;
    const make = () => {
      const s = createAdPlatformSandbox({ file: ':memory:', publicBase: 'http://127.0.0.1:1/sandbox', live: false, now: () => now });
      seedWorld(s.world, 'weibo', {
        advertisers: [{ name: 'h', campaigns: [{ name: 'c', plans: [{ name: 'p', budgetFen: 2000, bidFen: 50, weight: 5 }] }] }],
      });
      generateHistory(s.world, 'weibo', 3);
      return s;
    };
    const [x, y] = [make(), make()];
    const adv = x.world.advertisers('weibo')[0]!.id;
    const rx = x.world.report('weibo', adv, 0, now);
    expect(rx).toEqual(y.world.report('weibo', y.world.advertisers('weibo')[0]!.id, 0, now));
    const perDay = new Map<number, number>();
    for (const r of rx) perDay.set(chinaDayStart(r.hour), (perDay.get(chinaDayStart(r.hour)) ?? 0) + r.costFen);
    expect([...perDay.values()].every((c) => c <= 2000)).toBe(true);
    expect(Math.max(...rx.map((r) => r.hour))).toBeLessThan(now - (now % 3600));
    await Promise.all([x.close(), y.close()]);
  });
});

describe('sandbox strictness over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSandbox();
  });
  afterAll(async () => h?.close());

  it('answers the admin API to loopback clients only', async () => {
    const res = await h.sandbox.app.request('/sandbox/juliang/_admin/world');
    expect(res.status).toBe(403);
  });

  it.each([
    ['juliang', 'GET', '/open_api/2/ad/get/?advertiser_id=1&page_size=1001', { 'Access-Token': 'x' }, undefined, { code: 40105 }],
    [
      'juliang',
      'POST',
      '/open_api/oauth2/access_token/',
      {},
      { app_id: 1 },
      { code: 40001, message: expect.stringContaining('auth_code') },
    ],
    ['tengxun', 'GET', '/v3.0/adgroups/get?account_id=1', {}, undefined, { code: 11003, message_cn: expect.stringContaining('timestamp') }],
    [
      'tengxun',
      'GET',
      '/oauth/token?client_id=1112000001&client_secret=sandbox-tengxun-secret-8b2e&grant_type=password',
      {},
      undefined,
      { code: 31001 },
    ],
    [
      'kuaishou',
      'POST',
      '/rest/openapi/oauth2/authorize/approval/list',
      {},
      { app_id: 165900001, secret: 'sandbox-kuaishou-secret-5a7f', page_no: 1, page_size: 5000 },
      { code: 400002 },
    ],
    ['xiaohongshu', 'POST', '/api/open/oauth2/access_token', {}, { app_id: 4001001 }, { success: false, code: 10001 }],
    [
      'ucid',
      'POST',
      '/api/account/getAccount',
      {},
      { header: {} },
      { header: { status: 2, failures: [{ code: 8101, message: expect.any(String) }] } },
    ],
    [
      'weibo',
      'GET',
      '/oauth/token?client_id=3710000001&client_secret=wrong',
      {},
      undefined,
      { error: 'invalid_client', error_code: 21324 },
    ],
  ] as const)("%s %s %s → the platform's own refusal", async (platform, method, p, headers, body, expected) => {
    const res = await fetch(`${h.base}/${platform}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(await res.json()).toMatchObject(expected);
  });

  it('refuses an over-large page once authorised (巨量 page_size > 1000, 腾讯 > 100)', async () => {
    const w = h.sandbox.world;
    const adv = w.addAdvertiser('juliang', { name: 'a', balanceFen: 1 });
    const g = new Grants(w, 'juliang').issueTokens('1780000000000001', [adv], '1');
    const r1 = await fetch(`${h.base}/juliang/open_api/2/ad/get/?advertiser_id=${adv}&page_size=1001`, {
      headers: { 'Access-Token': g.accessToken },
    });
    expect(await r1.json()).toMatchObject({ code: 40001, message: 'page_size 取值范围 1-1000' });
    const tadv = w.addAdvertiser('tengxun', { name: 't', balanceFen: 1 });
    const tg = new Grants(w, 'tengxun').issueTokens('1112000001', [tadv], '1');
    const q = new URLSearchParams({
      access_token: tg.accessToken,
      timestamp: String(h.clock.now()),
      nonce: 'n-over-large',
      account_id: tadv,
      page_size: '101',
      fields: '["adgroup_id"]',
    });
    expect(await (await fetch(`${h.base}/tengxun/v3.0/adgroups/get?${q}`)).json()).toMatchObject({
      code: 31001,
      message_cn: 'page_size 取值范围 1-100',
    });
  });
});

describe('sandbox body limit', () => {
  it('refuses a body over 1 MB before any platform code reads it', async () => {
    const h = await startSandbox();
    const res = await fetch(`${h.base}/juliang/open_api/oauth2/access_token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    await h.close();
  });
});
