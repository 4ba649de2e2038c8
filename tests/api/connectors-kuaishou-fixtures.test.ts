/**
 * 快手 connector against the protocol fixtures (tests/fixtures/platforms/kuaishou/, from bububa/kwai-marketing-api):
 * every request builder and parser, no sandbox. The 快手 rows of issue 20 fail here on the old code: the whole
 * `__CALLBACK__` address sent as `callback`, creative statuses read with the unit table (52 投放中 → other).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallAuth } from '../../src/server/connectors/ad-platform.ts';
import { createKuaishouConnector } from '../../src/server/connectors/kuaishou/index.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import { fakeFetch, loadFixture, requestMismatches, wireText } from '../support/platform-fixtures.ts';

const NOW = 1_709_344_800; // 2024-03-02 10:00 China time
const REAL = {
  appId: '165900001',
  appSecret: 'secret',
  apiBase: 'https://ad.e.kuaishou.com',
  authBase: 'https://developers.e.kuaishou.com',
  postbackBase: 'http://ad.partner.gifshow.com',
  http: { retries: 0, rateLimitRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
  pageSize: 100,
};
const auth: CallAuth = { kind: 'token', accessToken: 'at-1' };
const fx = (name: string) => loadFixture('kuaishou', name);
const ok = (name: string) => fx(name).answers.ok;
const make = (answers: unknown[]) => {
  const f = fakeFetch(answers.map((a) => (typeof a === 'string' ? a : wireText(a))));
  return { seen: f.sent, conn: createKuaishouConnector(REAL, f.fetch, { now: () => NOW, sleep: async () => {} }) };
};
const bodyOf = (body: string) => JSON.parse(body) as Record<string, unknown>;

beforeAll(() => setLogLevel('silent'));

describe('快手 OAuth on the fixtures', () => {
  it('builds the consent URL of oauth-authorize.json', () => {
    const f = fx('oauth-authorize');
    const u = new URL(make([]).conn.authorizeUrl({ state: 's-1', redirectUri: 'https://console.example.com/auloading' }));
    expect(`${u.origin}${u.pathname}`).toBe(`https://developers.e.kuaishou.com${f.call.path}`);
    expect(Object.fromEntries(u.searchParams)).toEqual(f.call.query);
  });

  it('exchanges a code and refreshes with the documented bodies; app_id travels as a number', async () => {
    const { conn, seen } = make([ok('oauth-access-token'), ok('oauth-refresh-token')]);
    const g = await conn.exchangeCode('ac-1', 'https://x/cb');
    expect(g).toMatchObject({
      accessToken: 'at-1',
      refreshToken: 'rt-1',
      accessExpiresAt: NOW + 86400,
      refreshExpiresAt: NOW + 2592000,
      advertiserIds: ['10000001', '10000002'],
      platformUserId: '80000001',
    });
    expect(requestMismatches(fx('oauth-access-token'), seen[0]!)).toEqual([]);
    expect(bodyOf(seen[0]!.body)).toEqual(fx('oauth-access-token').call.body);
    expect(await conn.refresh('rt-1')).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2' });
    expect(bodyOf(seen[1]!.body)).toEqual(fx('oauth-refresh-token').call.body);
  });

  it('lists the approved accounts (approval/list) and names them (advertiser/info)', async () => {
    const { conn, seen } = make([ok('oauth-approval-list'), ok('advertiser-info'), ok('advertiser-info')]);
    const list = await conn.listAdvertisers(auth);
    expect(list.map((a) => a.advertiserId)).toEqual(['10000001', '10000002']);
    expect(list[0]!.name).toBe('青禾服饰有限公司');
    expect(requestMismatches(fx('oauth-approval-list'), seen[0]!)).toEqual([]);
    expect(requestMismatches(fx('advertiser-info'), seen[1]!)).toEqual([]);
    expect(seen[1]!.headers['access-token']).toBe('at-1');
  });

  it('an undocumented error code is unclassified (retried, never re-authorise); an HTML page or an empty body is a protocol error', async () => {
    const undocumented = fx('oauth-refresh-token').answers.errors[0]!.answer;
    await expect(make([undocumented]).conn.refresh('rt-1')).rejects.toMatchObject({
      kind: 'transient',
      unclassified: true,
      platformCode: '400002',
    });
    await expect(make(['<html>502</html>']).conn.refresh('rt-1')).rejects.toMatchObject({ kind: 'protocol', platform: 'kuaishou' });
    await expect(make(['']).conn.refresh('rt-1')).rejects.toMatchObject({ kind: 'protocol' });
    await expect(make(['{"message":"OK"}']).conn.refresh('rt-1')).rejects.toMatchObject({ kind: 'protocol' });
  });
});

describe('快手 entities, report and changes on the fixtures', () => {
  it('reads campaigns, units (厘 → fen, landing url) and creatives with their own status table: 52 is 投放中', async () => {
    const { conn, seen } = make([ok('campaign-list'), ok('ad-unit-list'), ok('creative-list')]);
    const [c] = (await conn.listEntities(auth, '10000001', 'campaign', null)).items;
    expect(c).toMatchObject({ id: '3000000001', name: '快手-春季上新', enabled: true, budgetFen: 50_000 });
    const units = (await conn.listEntities(auth, '10000001', 'plan', null)).items;
    expect(units.map((u) => [u.id, u.parentId, u.rawStatus, u.status, u.enabled, u.budgetFen, u.bidFen])).toEqual([
      ['5000000001', '3000000001', '20', 'delivering', true, 20_000, 150],
      ['5000000002', '3000000001', '15', 'paused', false, null, 80],
    ]);
    expect(units[0]!.landingUrl).toBe('https://shop.example.com/pub/3001');
    const creatives = (await conn.listEntities(auth, '10000001', 'creative', null)).items;
    expect(creatives.map((e) => [e.id, e.parentId, e.rawStatus, e.status])).toEqual([
      ['40000000001', '5000000001', '52', 'delivering'],
      ['40000000002', '5000000001', '41', 'auditing'],
    ]);
    expect(creatives[0]).toMatchObject({
      clickMonitorUrl: 'https://track.example.com/m/c/3001?ch=5&cb=__CALLBACK__',
      showMonitorUrl: 'https://track.example.com/m/s/3001?ch=5',
      materialType: '1',
    });
    for (const [i, name] of ['campaign-list', 'ad-unit-list', 'creative-list'].entries()) {
      expect(requestMismatches(fx(name), seen[i]!)).toEqual([]);
      expect(seen[i]!.headers['access-token']).toBe('at-1');
    }
  });

  it('reads the hourly unit report: stat_date + stat_hour, charge in yuan → fen', async () => {
    const { conn, seen } = make([ok('unit-report')]);
    const facts = await conn.hourlyReport(auth, '10000001', NOW - 3600, NOW);
    expect(facts).toEqual([
      {
        advertiserId: '10000001',
        campaignId: '3000000001',
        planId: '5000000001',
        hour: NOW - 3600,
        costFen: 1234,
        shows: 1000,
        clicks: 35,
        conversions: 2,
      },
      {
        advertiserId: '10000001',
        campaignId: '3000000001',
        planId: '5000000001',
        hour: NOW,
        costFen: 560,
        shows: 400,
        clicks: 10,
        conversions: 0,
      },
    ]);
    expect(requestMismatches(fx('unit-report'), seen[0]!)).toEqual([]);
    expect(bodyOf(seen[0]!.body)).toMatchObject({ temporal_granularity: 'HOURLY', page_size: 2000 });
  });

  it('sends status, budget (厘) and bid (厘) changes with the documented bodies', async () => {
    const { conn, seen } = make([
      ok('ad-unit-update-status'),
      ok('campaign-update-status'),
      ok('creative-update-status'),
      ok('ad-unit-update-day-budget'),
      ok('campaign-update-budget'),
      ok('ad-unit-update-bid'),
    ]);
    await conn.updateStatus(auth, '10000001', 'plan', ['5000000001'], false);
    await conn.updateStatus(auth, '10000001', 'campaign', ['3000000001'], true);
    await conn.updateStatus(auth, '10000001', 'creative', ['40000000001'], false);
    expect(await conn.updateBudget!(auth, '10000001', 'plan', '5000000001', 30_000)).toEqual({ id: '5000000001', ok: true });
    expect(await conn.updateBudget!(auth, '10000001', 'campaign', '3000000001', null)).toEqual({ id: '3000000001', ok: true });
    expect(await conn.updateBid!(auth, '10000001', 'plan', '5000000001', 180)).toEqual({ id: '5000000001', ok: true });
    const names = [
      'ad-unit-update-status',
      'campaign-update-status',
      'creative-update-status',
      'ad-unit-update-day-budget',
      'campaign-update-budget',
      'ad-unit-update-bid',
    ];
    for (const [i, name] of names.entries()) expect(requestMismatches(fx(name), seen[i]!), name).toEqual([]);
    expect(bodyOf(seen[0]!.body)).toEqual({ advertiser_id: 10000001, unit_ids: [5000000001], put_status: 2 });
    expect(bodyOf(seen[3]!.body)).toEqual({ advertiser_id: 10000001, unit_id: 5000000001, day_budget: 300000 });
    expect(bodyOf(seen[4]!.body)).toEqual({ advertiser_id: 10000001, campaign_id: 3000000001, day_budget: 0 });
    expect(bodyOf(seen[5]!.body)).toEqual({ advertiser_id: 10000001, unit_id: 5000000001, bid: 1800 });
  });
});

describe('快手 conversion postback on the fixture', () => {
  const conv = { advertiserId: '10000001', event: 'pay' as const, timeMs: 1_709_344_800_000, amountFen: 4590, orderId: 'o-1' };

  it('sends the callback parameter inside the __CALLBACK__ address, not the address', async () => {
    const f = fx('track-activate');
    const { conn, seen } = make([f.answers.ok]);
    await conn.postback(null, { ...conv, callback: 'http://ad.partner.gifshow.com/track/activate?callback=CALLBACK-TOKEN-1' });
    expect(`${seen[0]!.url.origin}${seen[0]!.url.pathname}`).toBe(`http://ad.partner.gifshow.com${f.call.path}`);
    expect(seen[0]!.params).toEqual(f.call.query);
    expect(requestMismatches(f, seen[0]!)).toEqual([]);
  });

  it('a landing page callback (the parameter itself) goes as it is; an address without one is refused before sending', async () => {
    const { conn, seen } = make([fx('track-activate').answers.ok]);
    await conn.postback(null, { ...conv, callback: 'CALLBACK-TOKEN-1' });
    expect(seen[0]!.params.callback).toBe('CALLBACK-TOKEN-1');
    await expect(conn.postback(null, { ...conv, callback: 'http://ad.partner.gifshow.com/track/activate?x=1' })).rejects.toMatchObject({
      kind: 'refused',
    });
    expect(seen).toHaveLength(1);
  });

  it('any result other than 1 is a refusal', async () => {
    const f = fx('track-activate');
    await expect(make([f.answers.errors[0]!.answer]).conn.postback(null, { ...conv, callback: 'x' })).rejects.toMatchObject({
      kind: 'refused',
      platform: 'kuaishou',
    });
  });
});
