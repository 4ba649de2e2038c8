/**
 * 微博 connector against the protocol fixtures (tests/fixtures/platforms/weibo/, from bububa/biz-weibo): request
 * builders and parsers, no sandbox. The 微博 row of issue 20 — accounts from v3/account/manage-list, `/v3/campaigns`,
 * `/v3/ads`, `/v4/creatives` with `advertiser_id` answering `{list, total}` (creatives wrapped in `data`), status by
 * POST `update-status` / `update_status_batch`, the hourly ad report, the refresh answer wrapped in `{code, data}`,
 * the postback's `host` — each has a test here that fails on the old connector.
 */
import { describe, expect, it } from 'vitest';
import type { CallAuth } from '../../src/server/connectors/ad-platform.ts';
import { createWeiboConnector } from '../../src/server/connectors/weibo/index.ts';
import { fakeFetch, loadFixture, requestMismatches, wireText } from '../support/platform-fixtures.ts';

const NOW = 1_709_254_800;
const fx = (name: string) => loadFixture('weibo', name);
const ok = (name: string) => fx(name).answers.ok;
/** The agency's own account (manage-list's main_id) and a managed advertiser. */
const OWN = { id: 6012345678, name: '青禾代理' };
const ADV = '6012345679';
const auth = (n: number): CallAuth => ({ kind: 'token', accessToken: `at-${n}` });
let tokens = 0;
/** A connector on the real host answered in turn; each test uses a fresh token (the own account is asked once per token). */
const make = (answers: unknown[]) => {
  const f = fakeFetch(answers.map((a) => (typeof a === 'string' ? a : wireText(a))));
  const conn = createWeiboConnector(
    {
      appId: '3710000001',
      appSecret: 's',
      apiBase: 'https://api.biz.weibo.com',
      authBase: 'https://api.biz.weibo.com',
      reportHost: 'console.example.com',
      http: { retries: 0 },
    },
    f.fetch,
    { now: () => NOW },
  );
  return { conn, seen: f.sent, auth: auth(++tokens) };
};
const own = { ...(ok('account-info') as object), id: OWN.id, name: OWN.name };

describe('微博 on the fixtures', () => {
  it('authorise URL, code exchange (no secret, flat answer) and the user', async () => {
    const { conn, seen } = make([ok('oauth-token'), ok('oauth-get-user-info')]);
    const u = new URL(conn.authorizeUrl({ state: 's-1', redirectUri: 'https://console.example.com/auloading' }));
    expect(Object.fromEntries(u.searchParams)).toEqual(fx('oauth-authorize').call.query);
    const grant = await conn.exchangeCode('c-1', 'https://console.example.com/auloading');
    expect(grant).toMatchObject({
      accessToken: 'at-1',
      refreshToken: 'rt-1',
      accessExpiresAt: NOW + 86400,
      refreshExpiresAt: NOW + 7776000,
      platformUserId: '6012345678',
    });
    expect(requestMismatches(fx('oauth-token'), seen[0]!)).toEqual([]);
    expect(seen[0]!.params).toEqual(fx('oauth-token').call.query);
    expect(seen[1]!.headers.authorization).toBe('Bearer at-1');
  });

  it('refresh: POST {client_id as a number, refresh_token}, the answer wrapped in data; a refusal code ends the grant', async () => {
    const { conn, seen } = make([ok('oauth-refresh-token')]);
    expect(await conn.refresh('rt-1')).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2', refreshExpiresAt: NOW + 7776000 });
    expect(seen[0]!.body).toBe('{"client_id":3710000001,"refresh_token":"rt-1"}');
    expect(requestMismatches(fx('oauth-refresh-token'), seen[0]!)).toEqual([]);
    const dead = make([fx('oauth-refresh-token').answers.errors[0]?.answer]);
    await expect(dead.conn.refresh('rt-1')).rejects.toMatchObject({ kind: 'refresh_expired', platformCode: '21325' });
    const flat = make([{ access_token: 'x', expires_in: 1 }]);
    await expect(flat.conn.refresh('rt-1')).rejects.toMatchObject({ kind: 'protocol' });
  });

  it("an agency's grant binds the advertisers of manage-list, named by v3/account?advertiser_id", async () => {
    const named = (id: string, name: string) => ({ ...(ok('account-info') as object), id: Number(id), name });
    const { conn, seen } = make([ok('account-manage-list'), named('6012345679', '青禾服饰'), named('6012345680', '青禾数码')]);
    expect(await conn.listAdvertisers(auth(1000))).toEqual([
      { advertiserId: '6012345679', name: '青禾服饰' },
      { advertiserId: '6012345680', name: '青禾数码' },
    ]);
    expect(seen[0]!.url.pathname).toBe('/v3/account/manage-list');
    expect(requestMismatches(fx('account-manage-list'), seen[0]!)).toEqual([]);
    expect(seen.slice(1).map((r) => r.params.advertiser_id)).toEqual(['6012345679', '6012345680']);
    const alone = make([{ total: 0, page_total: 0, page_size: 100, page: 1, list: [] }, named(ADV, '青禾服饰')]);
    expect(await alone.conn.listAdvertisers(alone.auth)).toEqual([{ advertiserId: ADV, name: '青禾服饰' }]);
    expect('advertiser_id' in alone.seen[1]!.params).toBe(false);
  });

  it('lists campaigns and ads (flat) and creatives (wrapped in data), with advertiser_id for a managed advertiser only', async () => {
    const { conn, seen, auth } = make([own, ok('campaigns'), ok('ads'), ok('creatives')]);
    const campaigns = await conn.listEntities(auth, ADV, 'campaign', null);
    expect(campaigns.items).toEqual([
      expect.objectContaining({
        id: '4612345678901234',
        name: '粉丝通系列',
        rawStatus: '1',
        status: 'delivering',
        enabled: true,
        budgetFen: 200000,
      }),
    ]);
    const ads = await conn.listEntities(auth, ADV, 'plan', null);
    expect(ads.items[0]).toMatchObject({
      id: '4712345678901234',
      parentId: '4612345678901234',
      rawStatus: '2',
      status: 'delivering',
      budgetFen: 50000,
      bidFen: 35,
      landingUrl: 'https://t.example.com/pub/3101',
      clickMonitorUrl: 'https://t.example.com/m/c/3101?mark=__MARK_ID__',
      createdAt: NOW,
    });
    const creatives = await conn.listEntities(auth, ADV, 'creative', null);
    expect(creatives.items[0]).toMatchObject({
      id: '4812345678901234',
      parentId: '4712345678901234',
      rawStatus: '1',
      status: 'delivering',
    });
    expect(seen[0]!.url.pathname).toBe('/v3/account');
    expect(seen.slice(1).map((r) => [r.url.pathname, r.params.advertiser_id, r.headers.authorization, r.headers.accept])).toEqual(
      ['/v3/campaigns', '/v3/ads', '/v4/creatives'].map((p) => [
        p,
        ADV,
        `Bearer ${auth.kind === 'token' ? auth.accessToken : ''}`,
        'application/json,application/text+gw2.0',
      ]),
    );
    for (const [i, n] of ['campaigns', 'ads', 'creatives'].entries()) expect(requestMismatches(fx(n), seen[i + 1]!)).toEqual([]);
  });

  it("the token's own account is listed without advertiser_id; an answer without list is a protocol error", async () => {
    const { conn, seen, auth } = make([{ ...own, id: Number(ADV) }, ok('campaigns'), { total: 0 }]);
    await conn.listEntities(auth, ADV, 'campaign', null);
    expect('advertiser_id' in seen[1]!.params).toBe(false);
    await expect(conn.listEntities(auth, ADV, 'plan', null)).rejects.toMatchObject({ kind: 'protocol', platform: 'weibo' });
  });

  it('status updates: POST update-status (bare arrays) and update_status_batch (data), one result per id', async () => {
    const { conn, seen, auth } = make([own, ok('campaigns-update-status'), ok('ads-update-status'), ok('creatives-update-status-batch')]);
    expect(await conn.updateStatus(auth, ADV, 'campaign', ['4612345678901234'], false)).toEqual([{ id: '4612345678901234', ok: true }]);
    expect(await conn.updateStatus(auth, ADV, 'plan', ['4712345678901234'], false)).toEqual([
      { id: '4712345678901234', ok: false, message: '计划已结束，不能开启' },
    ]);
    expect(await conn.updateStatus(auth, ADV, 'creative', ['4812345678901234'], true)).toEqual([{ id: '4812345678901234', ok: true }]);
    for (const [i, n] of ['campaigns-update-status', 'ads-update-status', 'creatives-update-status-batch'].entries()) {
      expect(JSON.parse(seen[i + 1]!.body)).toEqual(fx(n).call.body);
      expect(seen[i + 1]!.url.pathname).toBe(fx(n).call.path);
    }
  });

  it('campaign budget: POST /v3/campaigns/{id} {id, budget_type 2, daily_budget in yuan}; no bid call exists', async () => {
    const { conn, seen, auth } = make([own, ok('campaign-update')]);
    expect(await conn.updateBudget?.(auth, ADV, 'campaign', '4612345678901234', 80000)).toEqual({ id: '4612345678901234', ok: true });
    expect(JSON.parse(seen[1]!.body)).toEqual(fx('campaign-update').call.body);
    expect(seen[1]!.url.pathname).toBe('/v3/campaigns/4612345678901234');
    await expect(conn.updateBid!(auth, ADV, 'plan', '4712345678901234', 42)).rejects.toMatchObject({ kind: 'refused' });
    expect(seen).toHaveLength(2);
  });

  it('hourly report: get_ad_data group_by=hour with repeated fields; campaigns from v3/ads?ids', async () => {
    const { conn, seen, auth } = make([own, ok('report-ad-data'), ok('ads')]);
    const day = NOW - 9 * 3600;
    const facts = await conn.hourlyReport(auth, ADV, day, day + 23 * 3600);
    expect(facts).toEqual([
      {
        advertiserId: ADV,
        campaignId: '4612345678901234',
        planId: '4712345678901234',
        hour: day + 9 * 3600,
        costFen: 2880,
        shows: 1200,
        clicks: 36,
        conversions: 2,
      },
    ]);
    const r = seen[1]!;
    expect(r.url.pathname).toBe('/v3/report/effect/get_ad_data');
    expect(r.url.searchParams.getAll('fields')).toEqual(['pv', 'traffic_bhv', 'consume', 'bhv_71000007']);
    expect(requestMismatches(fx('report-ad-data'), r)).toEqual([]);
    expect(r.params).toMatchObject({
      advertiser_id: ADV,
      start_date: '2024-03-01',
      end_date: '2024-03-01',
      group_by: 'hour',
      page_size: '200',
    });
    expect(seen[2]!.params.ids).toBe('[4712345678901234]');
    const bad = make([own, { code: 0, data: { list: [{ ad_id: 1, date: 'yesterday', hour: 'x' }] } }]);
    await expect(bad.conn.hourlyReport(bad.auth, ADV, day, day)).rejects.toMatchObject({ kind: 'protocol' });
  });

  it('conversion: track/activate with mark_id, behavior, host and pay_amount (yuan)', async () => {
    const { conn, seen, auth } = make([own, ok('track-activate')]);
    await conn.postback(auth, {
      callback: 'mk-1',
      clickId: 'mk-1',
      advertiserId: ADV,
      event: 'pay',
      timeMs: 1709254800000,
      amountFen: 5990,
      orderId: 'o-1',
    });
    expect(seen[1]!.params).toEqual(
      Object.fromEntries(Object.entries(fx('track-activate').call.query ?? {}).map(([k, v]) => [k, String(v)])),
    );
    expect(requestMismatches(fx('track-activate'), seen[1]!)).toEqual([]);
  });
});
