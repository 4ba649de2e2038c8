/**
 * 小红书 connector against the protocol fixtures (tests/fixtures/platforms/xiaohongshu/, from bububa/spotlight-mapi):
 * every request builder and parser, no sandbox. The 小红书 rows of issue 20 fail here on the old code: the realtime
 * report's `{page, unit_dtos}` (today read as nothing), the conversion sent with the OAuth app and token and the
 * order outside `context.product`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallAuth } from '../../src/server/connectors/ad-platform.ts';
import { createXiaohongshuConnector } from '../../src/server/connectors/xiaohongshu/index.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import { fakeFetch, loadFixture, requestMismatches, wireText } from '../support/platform-fixtures.ts';

const NOW = 1_709_344_800 + 1800; // 2024-03-02 10:30 China time
const HOUR = 1_709_344_800; // 10:00
const REAL = {
  appId: '4001001',
  appSecret: 'secret',
  apiBase: 'https://adapi.xiaohongshu.com',
  authBase: 'https://ad.xiaohongshu.com',
  conversion: { appId: 'jg-ops-1', token: 'ops-token' },
  http: { retries: 0, rateLimitRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
  pageSize: 100,
};
const auth: CallAuth = { kind: 'token', accessToken: 'at-1' };
const fx = (name: string) => loadFixture('xiaohongshu', name);
const ok = (name: string) => fx(name).answers.ok;
const make = (answers: unknown[], cfg: typeof REAL | Omit<typeof REAL, 'conversion'> = REAL) => {
  const f = fakeFetch(answers.map((a) => (typeof a === 'string' ? a : wireText(a))));
  return { seen: f.sent, conn: createXiaohongshuConnector(cfg, f.fetch, { now: () => NOW, sleep: async () => {} }) };
};
const bodyOf = (body: string) => JSON.parse(body) as Record<string, unknown>;

beforeAll(() => setLogLevel('silent'));

describe('小红书 OAuth on the fixtures', () => {
  it('builds the consent URL of oauth-authorize.json', () => {
    const f = fx('oauth-authorize');
    const u = new URL(make([]).conn.authorizeUrl({ state: 's-1', redirectUri: 'https://console.example.com/auloading' }));
    expect(`${u.origin}${u.pathname}`).toBe(`https://ad.xiaohongshu.com${f.call.path}`);
    expect(Object.fromEntries(u.searchParams)).toEqual(f.call.query);
  });

  it('exchanges and refreshes with the documented bodies; the granted accounts come with the token', async () => {
    const { conn, seen } = make([ok('oauth-access-token'), ok('oauth-refresh-token')]);
    const g = await conn.exchangeCode('ac-1', 'https://x/cb');
    expect(g).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1', accessExpiresAt: NOW + 86400, platformUserId: '5f1e2d3c' });
    expect(g.advertisers).toEqual([{ advertiserId: '5000001', name: '青禾服饰' }]);
    expect(requestMismatches(fx('oauth-access-token'), seen[0]!)).toEqual([]);
    expect(bodyOf(seen[0]!.body)).toEqual(fx('oauth-access-token').call.body);
    expect((await conn.refresh('rt-1')).refreshToken).toBe('rt-2');
    expect(bodyOf(seen[1]!.body)).toEqual(fx('oauth-refresh-token').call.body);
  });

  it('an undocumented error code is unclassified; an answer without `success`, an HTML page or an empty body is a protocol error', async () => {
    await expect(make([fx('oauth-refresh-token').answers.errors[0]!.answer]).conn.refresh('rt-1')).rejects.toMatchObject({
      kind: 'transient',
      unclassified: true,
      platformCode: '10001',
    });
    for (const bad of ['{"code":0,"data":{}}', '<html>bad gateway</html>', ''])
      await expect(make([bad]).conn.refresh('rt-1')).rejects.toMatchObject({ kind: 'protocol', platform: 'xiaohongshu' });
  });
});

describe('小红书 entities and changes on the fixtures', () => {
  it('reads campaigns, units and creatives', async () => {
    const { conn, seen } = make([ok('campaign-list'), ok('unit-list'), ok('creativity-search')]);
    expect((await conn.listEntities(auth, '5000001', 'campaign', null)).items[0]).toMatchObject({
      id: '800000001',
      status: 'delivering',
      enabled: true,
      budgetFen: 500000,
    });
    const units = (await conn.listEntities(auth, '5000001', 'plan', null)).items;
    expect(units.map((u) => [u.id, u.parentId, u.enabled, u.bidFen])).toEqual([
      ['900000001', '800000001', true, 90],
      ['900000002', '800000001', false, 50],
    ]);
    expect((await conn.listEntities(auth, '5000001', 'creative', null)).items[0]).toMatchObject({
      id: '2000000001',
      parentId: '900000001',
      clickMonitorUrl: 'https://track.example.com/m/c/4001?ch=10&clickid=__CLICK_ID__',
      showMonitorUrl: 'https://track.example.com/m/s/4001?ch=10',
    });
    for (const [i, name] of ['campaign-list', 'unit-list', 'creativity-search'].entries())
      expect(requestMismatches(fx(name), seen[i]!), name).toEqual([]);
  });

  it('sends status, budget and bid changes with the documented bodies', async () => {
    const names = ['unit-update-status', 'campaign-status-update', 'creativity-status-update', 'campaign-update', 'unit-update'];
    const { conn, seen } = make(names.map(ok));
    await conn.updateStatus(auth, '5000001', 'plan', ['900000001'], false);
    await conn.updateStatus(auth, '5000001', 'campaign', ['800000001'], false);
    await conn.updateStatus(auth, '5000001', 'creative', ['2000000001'], false);
    expect(await conn.updateBudget!(auth, '5000001', 'campaign', '800000001', 600000)).toEqual({ id: '800000001', ok: true });
    expect(await conn.updateBid!(auth, '5000001', 'plan', '900000001', 120)).toEqual({ id: '900000001', ok: true });
    for (const [i, name] of names.entries()) expect(requestMismatches(fx(name), seen[i]!), name).toEqual([]);
    expect(bodyOf(seen[3]!.body)).toEqual(fx('campaign-update').call.body);
    expect(bodyOf(seen[4]!.body)).toEqual(fx('unit-update').call.body);
  });
});

describe('小红书 reports on the fixtures', () => {
  it('reads yesterday from the offline report by hour (numbers with thousands separators) and fills the day', async () => {
    const { conn, seen } = make([ok('report-offline-unit')]);
    const facts = await conn.hourlyReport(auth, '5000001', HOUR - 86400, HOUR - 1);
    const nine = facts.find((f) => f.hour === HOUR - 86400 - 3600)!; // 2024-03-01 09:00
    expect(nine).toEqual({
      advertiserId: '5000001',
      campaignId: '800000001',
      planId: '900000001',
      hour: HOUR - 90000,
      costFen: 1234,
      shows: 1200,
      clicks: 30,
      conversions: 2,
    });
    // the day the platform reports replaces whatever was stored for it: its other hours are zero
    expect(facts).toHaveLength(24);
    expect(facts.filter((f) => f !== nine).every((f) => f.costFen === 0 && f.shows === 0)).toBe(true);
    expect(requestMismatches(fx('report-offline-unit'), seen[0]!)).toEqual([]);
  });

  it("reads today's realtime report ({page, unit_dtos} beside the envelope): the totals so far, one day-to-date fact per unit", async () => {
    const { conn, seen } = make([ok('report-realtime-unit')]);
    const facts = await conn.hourlyReport(auth, '5000001', HOUR - 3600, HOUR);
    expect(facts).toEqual([
      {
        advertiserId: '5000001',
        campaignId: '800000001',
        planId: '900000001',
        hour: HOUR,
        costFen: 4560,
        shows: 3100,
        clicks: 88,
        conversions: 5,
        dayToDate: true,
      },
    ]);
    expect(requestMismatches(fx('report-realtime-unit'), seen[0]!)).toEqual([]);
    expect('time_unit' in bodyOf(seen[0]!.body)).toBe(false);
  });
});

describe('小红书 conversion postback on the fixture', () => {
  const conv = { advertiserId: '5000001', event: 'order' as const, timeMs: 1709344800000, amountFen: 9900, orderId: 'TB-1' };

  it("posts with the operations-issued pair (not the OAuth app or a grant's token), the order under context.product", async () => {
    const f = fx('conversion');
    const { conn, seen } = make([f.answers.ok]);
    await conn.postback(auth, { ...conv, callback: 'cbp-1', clickId: 'b1c2d3e4f5a6b7c8d9e0f1a2' });
    expect(bodyOf(seen[0]!.body)).toEqual(f.call.body);
    expect(seen[0]!.headers['access-token']).toBeUndefined();
    expect(requestMismatches(f, seen[0]!)).toEqual([]);
  });

  it('without configured conversion credentials nothing is sent and the missing settings are named', async () => {
    const { conversion: _, ...noConversion } = REAL;
    const { conn, seen } = make([ok('conversion')], noConversion);
    await expect(conn.postback(auth, { ...conv, callback: 'x' })).rejects.toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('XIAOHONGSHU_CONVERSION_APP_ID'),
    });
    expect(seen).toHaveLength(0);
  });
});
