/**
 * 巨量 connector against the protocol fixtures (tests/fixtures/platforms/juliang/, from oceanengine/ad_open_sdk_go and
 * bububa/oceanengine): request builders and parsers, no sandbox. The 巨量 rows of issue 20 fail here on the old
 * code: 升级版 (v3.0 项目/广告) accounts syncing nothing, 管家/代理商 ids bound as advertisers, 40110 unknown.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallAuth } from '../../src/server/connectors/ad-platform.ts';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import { fakeFetch, loadFixture, type PlatformFixture, requestMismatches, wireText } from '../support/platform-fixtures.ts';

const NOW = 1_709_344_800 + 1800; // 2024-03-02 10:30 China time
const REAL = {
  appId: '1780000000000001',
  appSecret: 'secret',
  apiBase: 'https://api.oceanengine.com/open_api',
  authBase: 'https://open.oceanengine.com',
  postbackBase: 'https://analytics.oceanengine.com/api/v2',
  http: { retries: 0, rateLimitRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
  pageSize: 100,
};
const auth: CallAuth = { kind: 'token', accessToken: 'at-1' };
const fx = (name: string) => loadFixture('juliang', name);
const ok = (name: string) => fx(name).answers.ok;
const error = (f: PlatformFixture, name: string) => f.answers.errors.find((e) => e.name === name)!.answer;
const make = (answers: unknown[]) => {
  const f = fakeFetch(answers.map((a) => (typeof a === 'string' ? a : wireText(a))));
  return { seen: f.sent, conn: createJuliangConnector(REAL, f.fetch, { now: () => NOW, sleep: async () => {} }) };
};
const bodyOf = (body: string) => JSON.parse(body) as Record<string, unknown>;
/** `v3.0/project/list/` answering "no projects": the account is on v2. */
const noProjects = { code: 0, message: 'OK', data: { list: [], page_info: { page: 1, page_size: 1, total_number: 0, total_page: 0 } } };

beforeAll(() => setLogLevel('silent'));

describe('巨量 OAuth and account roles on the fixtures', () => {
  it('builds the consent URL of oauth-authorize.json', () => {
    const f = fx('oauth-authorize');
    const u = new URL(make([]).conn.authorizeUrl({ state: 's-1', redirectUri: 'https://console.example.com/auloading' }));
    expect(`${u.origin}${u.pathname}`).toBe(`https://open.oceanengine.com${f.call.path}`);
    expect(Object.fromEntries(u.searchParams)).toEqual(f.call.query);
  });

  it('binds the advertisers a grant covers: an advertiser itself, a 管家’s and a 代理商’s advertisers — never their own ids', async () => {
    const { conn, seen } = make([
      ok('oauth-access-token'),
      ok('oauth-advertiser-get'),
      ok('majordomo-advertiser-select'),
      ok('agent-advertiser-select'),
      ok('advertiser-info'),
    ]);
    const g = await conn.exchangeCode('ac-1', 'https://x/cb');
    expect(g.advertisers).toEqual([
      { advertiserId: '1700000000000001', name: '青禾服饰旗舰店' },
      { advertiserId: '1700000000000002', name: '青禾服饰-直播' },
      { advertiserId: '1700000000000003', name: '青禾服饰-短视频' },
      { advertiserId: '1700000000000004', name: '代理客户甲' },
      { advertiserId: '1700000000000005', name: '代理客户乙' },
    ]);
    expect(g.advertiserIds).not.toContain('1700000000000009'); // the 管家
    expect(g.advertiserIds).not.toContain('1700000000000008'); // the 代理商
    expect(g.advertiserIds).not.toContain('1700000000000007'); // is_valid false
    expect(bodyOf(seen[0]!.body)).toEqual(fx('oauth-access-token').call.body);
    const names = [
      'oauth-access-token',
      'oauth-advertiser-get',
      'majordomo-advertiser-select',
      'agent-advertiser-select',
      'advertiser-info',
    ];
    for (const [i, name] of names.entries()) expect(requestMismatches(fx(name), seen[i]!), name).toEqual([]);
    expect(seen[2]!.params.advertiser_id).toBe('1700000000000009');
    expect(seen[3]!.params.advertiser_id).toBe('1700000000000008');
  });

  it('40110 (developer rate limit) is backed off and retried; an undocumented code is unclassified; no code is a protocol error', async () => {
    const retrying = fakeFetch([wireText(error(fx('oauth-refresh-token'), 'developer_rate_limit')), wireText(ok('oauth-refresh-token'))]);
    const conn = createJuliangConnector({ ...REAL, http: { ...REAL.http, rateLimitRetries: 2 } }, retrying.fetch, {
      now: () => NOW,
      sleep: async () => {},
    });
    expect((await conn.refresh('rt-1')).refreshToken).toBe('rt-2');
    expect(retrying.sent).toHaveLength(2);
    await expect(make([error(fx('oauth-refresh-token'), 'developer_rate_limit')]).conn.refresh('rt-1')).rejects.toMatchObject({
      kind: 'rate_limited',
      platformCode: '40110',
    });
    await expect(make([{ code: 40103, message: 'refresh_token 已过期' }]).conn.refresh('rt-1')).rejects.toMatchObject({
      kind: 'transient',
      unclassified: true,
    });
    for (const bad of ['{"message":"OK"}', '<html>502</html>', '', '{"code":0,"data":{"expires_in":1}}'])
      await expect(make([bad]).conn.refresh('rt-1')).rejects.toMatchObject({ kind: 'protocol', platform: 'juliang' });
  });
});

describe('巨量 v2 accounts on the fixtures', () => {
  it('asks v3.0/project/list/ once, then reads v2 campaigns, plans and creatives', async () => {
    const { conn, seen } = make([noProjects, ok('campaign-get'), ok('ad-get'), ok('creative-get')]);
    expect((await conn.listEntities(auth, '1700000000000001', 'campaign', null)).items[0]).toMatchObject({
      id: '1700000000000101',
      budgetFen: null,
      status: 'delivering',
    });
    const [plan] = (await conn.listEntities(auth, '1700000000000001', 'plan', null)).items;
    expect(plan).toMatchObject({
      id: '7300000000000000001',
      parentId: '1700000000000101',
      budgetFen: 10050,
      bidFen: 50,
      landingUrl: 'https://shop.example.com/pub/1001',
      clickMonitorUrl: 'https://track.example.com/m/c/1001?ch=2&cb=__CALLBACK_PARAM__',
    });
    expect((await conn.listEntities(auth, '1700000000000001', 'creative', null)).items[0]).toMatchObject({
      id: '7300000000000000101',
      parentId: '7300000000000000001',
    });
    expect(seen[0]!.url.pathname).toBe('/open_api/v3.0/project/list/');
    for (const [i, name] of ['campaign-get', 'ad-get', 'creative-get'].entries())
      expect(requestMismatches(fx(name), seen[i + 1]!), name).toEqual([]);
  });

  it('reads the v2 hourly report and sends status, budget and bid changes as documented', async () => {
    const { conn, seen } = make([
      noProjects,
      ok('report-ad-get'),
      ok('ad-update-status'),
      ok('ad-update-budget'),
      fx('ad-update-bid').answers.variants!.item_refused,
    ]);
    const facts = await conn.hourlyReport(auth, '1700000000000001', NOW - 7200, NOW);
    expect(facts).toEqual([
      {
        advertiserId: '1700000000000001',
        campaignId: '1700000000000101',
        planId: '7300000000000000001',
        hour: NOW - 5400,
        costFen: 1234,
        shows: 1000,
        clicks: 40,
        conversions: 2,
      },
    ]);
    expect(await conn.updateStatus(auth, '1700000000000001', 'plan', ['7300000000000000001'], false)).toEqual([
      { id: '7300000000000000001', ok: true },
    ]);
    expect(await conn.updateBudget!(auth, '1700000000000001', 'plan', '7300000000000000001', 13250)).toEqual({
      id: '7300000000000000001',
      ok: true,
    });
    expect(await conn.updateBid!(auth, '1700000000000001', 'plan', '7300000000000000001', 60)).toEqual({
      id: '7300000000000000001',
      ok: false,
      message: '预算不能低于 300 元',
    });
    for (const [i, name] of ['report-ad-get', 'ad-update-status', 'ad-update-budget', 'ad-update-bid'].entries())
      expect(requestMismatches(fx(name), seen[i + 1]!), name).toEqual([]);
    expect(bodyOf(seen[2]!.body)).toEqual(fx('ad-update-status').call.body);
    expect(bodyOf(seen[3]!.body)).toEqual(fx('ad-update-budget').call.body);
  });
});

describe('巨量 升级版 (v3.0) accounts on the fixtures', () => {
  const ADV = '1700000000000002';
  it('an account with projects syncs 项目 and 广告: monitors on the project, landing on the 广告, second-level statuses kept', async () => {
    const { conn, seen } = make([ok('project-list'), ok('project-list'), ok('promotion-list')]);
    const [project] = (await conn.listEntities(auth, ADV, 'campaign', null)).items;
    expect(project).toMatchObject({
      id: '7310000000000000001',
      level: 'campaign',
      name: '项目-春季',
      rawStatus: 'PROJECT_STATUS_ENABLE',
      status: 'delivering',
      enabled: true,
      budgetFen: 50000,
      showMonitorUrl: 'https://track.example.com/m/s/1002?ch=2',
      clickMonitorUrl: expect.stringContaining('promo=__PROMOTION_ID__'),
    });
    const [promotion] = (await conn.listEntities(auth, ADV, 'plan', null)).items;
    expect(promotion).toMatchObject({
      id: '7320000000000000001',
      parentId: '7310000000000000001',
      name: '广告-审核中',
      rawStatus: 'PROMOTION_STATUS_AUDIT',
      status: 'auditing',
      budgetFen: 30000,
      bidFen: 80,
      landingUrl: 'https://shop.example.com/pub/1002',
    });
    expect(await conn.listEntities(auth, ADV, 'creative', null)).toEqual({ items: [], next: null });
    expect(seen).toHaveLength(3); // the model is asked once, then remembered
    expect(requestMismatches(fx('project-list'), seen[1]!)).toEqual([]);
    expect(requestMismatches(fx('promotion-list'), seen[2]!)).toEqual([]);
  });

  it('reads the hourly custom report (strings) and sends 项目/广告 status, budget and bid changes', async () => {
    const names = [
      'report-custom-get',
      'project-status-update',
      'promotion-status-update',
      'project-budget-update',
      'promotion-budget-update',
      'promotion-bid-update',
    ];
    const { conn, seen } = make([ok('project-list'), ...names.map(ok)]);
    expect(await conn.hourlyReport(auth, ADV, NOW - 7200, NOW)).toEqual([
      {
        advertiserId: ADV,
        campaignId: '7310000000000000001',
        planId: '7320000000000000001',
        hour: NOW - 5400,
        costFen: 2345,
        shows: 2000,
        clicks: 55,
        conversions: 3,
      },
    ]);
    expect(await conn.updateStatus(auth, ADV, 'campaign', ['7310000000000000001'], false)).toEqual([
      { id: '7310000000000000001', ok: true },
    ]);
    expect(await conn.updateStatus(auth, ADV, 'plan', ['7320000000000000001'], false)).toEqual([{ id: '7320000000000000001', ok: true }]);
    expect(await conn.updateBudget!(auth, ADV, 'campaign', '7310000000000000001', 60000)).toEqual({ id: '7310000000000000001', ok: true });
    expect(await conn.updateBudget!(auth, ADV, 'plan', '7320000000000000001', 35000)).toEqual({ id: '7320000000000000001', ok: true });
    expect(await conn.updateBid!(auth, ADV, 'plan', '7320000000000000001', 90)).toEqual({ id: '7320000000000000001', ok: true });
    for (const [i, name] of names.entries()) {
      expect(requestMismatches(fx(name), seen[i + 1]!), name).toEqual([]);
      if (i > 0) expect(bodyOf(seen[i + 1]!.body), name).toEqual(fx(name).call.body);
    }
    const q = fx('report-custom-get').call.query!;
    for (const k of ['data_topic', 'dimensions', 'metrics', 'filters', 'order_by']) expect(seen[1]!.params[k], k).toBe(q[k]);
  });

  it('a refused item comes back with the platform message; the creative level does not exist on 升级版', async () => {
    const { conn } = make([ok('project-list'), fx('promotion-budget-update').answers.variants!.item_refused]);
    expect(await conn.updateBudget!(auth, ADV, 'plan', '7320000000000000001', 100)).toEqual({
      id: '7320000000000000001',
      ok: false,
      message: '预算不能低于 300 元',
    });
    await expect(conn.updateStatus(auth, ADV, 'creative', ['1'], false)).rejects.toMatchObject({ kind: 'refused' });
  });
});

describe('巨量 conversion postback on the fixture', () => {
  it('posts the click callback, the millisecond timestamp and the order in properties', async () => {
    const f = fx('conversion');
    const { conn, seen } = make([f.answers.ok]);
    await conn.postback(null, {
      callback: 'B.cb-1',
      advertiserId: '1',
      event: 'pay',
      timeMs: 1709344800000,
      amountFen: 12990,
      orderId: 'TB-1',
    });
    expect(`${seen[0]!.url.origin}${seen[0]!.url.pathname}`).toBe(`https://analytics.oceanengine.com/api/v2${f.call.path}`);
    expect(bodyOf(seen[0]!.body)).toEqual(f.call.body);
  });
});
