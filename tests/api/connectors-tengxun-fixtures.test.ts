/**
 * 腾讯 connector against the protocol fixtures (tests/fixtures/platforms/tengxun/, from TencentAd/marketing-api-go-sdk
 * and developers.e.qq.com): request builders and parsers, no sandbox. Each 腾讯 row of issue 20 has a test here
 * that fails on the old code: binding by the authoriser's role, the `http://tracking.e.qq.com/conv` callback, the
 * refresh answer without a refresh token.
 */
import { describe, expect, it } from 'vitest';
import type { CallAuth } from '../../src/server/connectors/ad-platform.ts';
import { createTengxunConnector } from '../../src/server/connectors/tengxun/index.ts';
import { fakeFetch, loadFixture, type PlatformFixture, requestMismatches, wireText } from '../support/platform-fixtures.ts';

const NOW = 1_700_000_000;
const REAL = {
  appId: '1112000001',
  appSecret: 'secret',
  apiBase: 'https://api.e.qq.com',
  authBase: 'https://developers.e.qq.com',
  postbackBase: 'https://tracking.e.qq.com',
  http: { retries: 0, rateLimitRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
};
const auth: CallAuth = { kind: 'token', accessToken: 'at-1' };
const fx = (name: string) => loadFixture('tengxun', name);
const ok = (name: string) => fx(name).answers.ok;
const error = (f: PlatformFixture, name: string) => f.answers.errors.find((e) => e.name === name)?.answer;
/** The connector on the real hosts, answered in turn by fixture answers (objects) or raw texts (strings). */
const make = (answers: unknown[]) => {
  const f = fakeFetch(answers.map((a) => (typeof a === 'string' ? a : wireText(a))));
  return { seen: f.sent, conn: createTengxunConnector(REAL, f.fetch, { now: () => NOW, sleep: async () => {} }) };
};
const keys = (q: Record<string, unknown> | undefined) => Object.keys(q ?? {}).sort();
const withAuthorizer = (info: Record<string, unknown>) => {
  const answer = structuredClone(ok('oauth-token-code')) as { data: { authorizer_info: Record<string, unknown> } };
  answer.data.authorizer_info = { ...answer.data.authorizer_info, ...info };
  return answer;
};

describe('腾讯 OAuth on the fixtures', () => {
  it('builds the consent URL of oauth-authorize.json (with user_actions for authenticated conversions)', () => {
    const f = fx('oauth-authorize');
    const u = new URL(make([]).conn.authorizeUrl({ state: 's-1', redirectUri: 'https://console.example.com/auloading' }));
    expect(`${u.origin}${u.pathname}`).toBe(`https://developers.e.qq.com${f.call.path}`);
    expect(Object.fromEntries(u.searchParams)).toEqual({ ...f.call.query, client_id: REAL.appId });
  });

  it('a direct advertiser grant binds the authoriser itself, named by advertiser/get (not organization_account_relation)', async () => {
    const { conn, seen } = make([ok('oauth-token-code'), ok('advertiser-get')]);
    const grant = await conn.exchangeCode('ac-1', 'https://console.example.com/auloading');
    expect(grant).toMatchObject({
      accessToken: 'at-1',
      refreshToken: 'rt-1',
      accessExpiresAt: NOW + 86400,
      refreshExpiresAt: NOW + 2592000,
    });
    expect(grant.advertisers).toEqual([{ advertiserId: '25610000', name: '青禾服饰有限公司' }]);
    expect(grant.advertiserIds).toEqual(['25610000']);
    expect(requestMismatches(fx('oauth-token-code'), seen[0]!)).toEqual([]);
    expect(seen[1]!.url.pathname).toBe('/v3.0/advertiser/get');
    expect(requestMismatches(fx('advertiser-get'), seen[1]!)).toEqual([]);
    expect(keys(seen[1]!.params)).toEqual(keys(fx('advertiser-get').call.query));
    expect(seen[1]!.params.account_id).toBe('25610000');
    expect(seen).toHaveLength(2);
  });

  it("an organisation grant (集团/主体/业务单元) binds every account under it, not the organisation's own id", async () => {
    const { conn, seen } = make([
      withAuthorizer({ account_id: 39000001, account_role_type: 'ACCOUNT_ROLE_TYPE_ORGANIZATION_ADVERTISER_CORPORATION' }),
      ok('organization-account-relation-get'),
    ]);
    const grant = await conn.exchangeCode('ac-1', 'https://console.example.com/auloading');
    expect(grant.advertiserIds).toEqual(['25610001', '25610002']);
    expect(grant.advertisers?.map((a) => a.name)).toEqual(['青禾服饰有限公司', '青禾服饰有限公司']);
    expect(seen[1]!.url.pathname).toBe('/v3.0/organization_account_relation/get');
    expect(requestMismatches(fx('organization-account-relation-get'), seen[1]!)).toEqual([]);
    expect(keys(seen[1]!.params)).toEqual(keys(fx('organization-account-relation-get').call.query));
  });

  it('an agency grant binds its sub-clients (advertiser/get without account_id); roles with no account list are refused', async () => {
    const agency = make([withAuthorizer({ account_role_type: 'ACCOUNT_ROLE_TYPE_AGENCY' }), ok('advertiser-get')]);
    expect((await agency.conn.exchangeCode('ac-1', 'https://x.example.com/cb')).advertiserIds).toEqual(['25610000']);
    expect('account_id' in agency.seen[1]!.params).toBe(false);
    const bm = make([withAuthorizer({ account_role_type: 'ACCOUNT_ROLE_TYPE_BUSINESS_MANAGER' })]);
    await expect(bm.conn.exchangeCode('ac-1', 'https://x.example.com/cb')).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('ACCOUNT_ROLE_TYPE_BUSINESS_MANAGER'),
    });
  });

  it("a token alone lists an organisation's accounts, else an agency's 子客 (listAdvertisers, as platform:check uses it)", async () => {
    const noOrg = { code: 11023, message: 'no permission', message_cn: '本接口仅支持集团、主体、业务单元 id 的 token 进行操作' };
    const agency = make([noOrg, ok('advertiser-get')]);
    expect(await agency.conn.listAdvertisers(auth)).toEqual([{ advertiserId: '25610000', name: '青禾服饰有限公司' }]);
    expect(agency.seen.map((r) => r.url.pathname)).toEqual(['/v3.0/organization_account_relation/get', '/v3.0/advertiser/get']);
    const direct = make([noOrg, { code: 31001, message: 'account_id required', message_cn: '直客客户必须填写 account_id' }]);
    await expect(direct.conn.listAdvertisers(auth)).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('authorizer_info'),
    });
  });

  it('a refresh answer without refresh_token keeps the current one (expiry 0 = unchanged); a full answer rotates', async () => {
    const f = fx('oauth-token-refresh');
    const minimal = await make([f.answers.ok]).conn.refresh('rt-1');
    expect(minimal).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-1', accessExpiresAt: NOW + 86400, refreshExpiresAt: 0 });
    const full = await make([f.answers.variants?.rotated]).conn.refresh('rt-1');
    expect(full).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2', refreshExpiresAt: NOW + 2592000 });
  });

  it('documented refusals keep the platform code; no token, an HTML page or an empty body is a protocol error', async () => {
    await expect(make([error(fx('oauth-token-code'), 'code_used')]).conn.exchangeCode('ac-1', 'https://x/cb')).rejects.toMatchObject({
      platformCode: '11013',
    });
    await expect(make([error(fx('oauth-token-refresh'), 'refresh_expired')]).conn.refresh('rt-1')).rejects.toMatchObject({
      platformCode: '11012',
    });
    await expect(make([{ code: 0, data: { access_token_expires_in: 86400 } }]).conn.refresh('rt-1')).rejects.toMatchObject({
      kind: 'protocol',
    });
    await expect(make(['<html>502 Bad Gateway</html>']).conn.refresh('rt-1')).rejects.toMatchObject({
      kind: 'protocol',
      platform: 'tengxun',
    });
    await expect(make(['']).conn.refresh('rt-1')).rejects.toMatchObject({ kind: 'protocol' });
  });
});

describe('腾讯 entities, report and changes on the fixtures', () => {
  it('reads adgroups-get.json and dynamic-creatives-get.json, asking for the fixture fields', async () => {
    const { conn, seen } = make([ok('adgroups-get'), ok('dynamic-creatives-get')]);
    const groups = await conn.listEntities(auth, '25610000', 'campaign', null);
    expect(groups.items.map((g) => [g.id, g.name, g.status, g.enabled, g.budgetFen, g.bidFen, g.createdAt])).toEqual([
      ['91234567890', '广告-朋友圈', 'delivering', true, 500000, 80, 1699990000],
      ['91234567891', '广告-智能', 'paused', false, null, null, 1699990100],
    ]);
    expect(groups.next).toBeNull();
    expect(requestMismatches(fx('adgroups-get'), seen[0]!)).toEqual([]);
    expect(seen[0]!.params).toMatchObject({ account_id: '25610000', fields: fx('adgroups-get').call.query?.fields });
    const plans = await conn.listEntities(auth, '25610000', 'plan', null);
    expect(plans.items[0]).toMatchObject({
      id: '61234567890',
      parentId: '91234567890',
      status: 'delivering',
      clickMonitorUrl: expect.stringContaining('__CALLBACK__'),
      landingUrl: 'https://t.example.com/pub/2001',
    });
    expect(plans.items[1]!.status).toBe('auditing');
    expect(requestMismatches(fx('dynamic-creatives-get'), seen[1]!)).toEqual([]);
    expect(seen[1]!.params.fields).toBe(fx('dynamic-creatives-get').call.query?.fields);
  });

  it('an answer without data.list is a protocol error, never an empty page', async () => {
    const { conn } = make([{ code: 0, message: '', data: {} }]);
    await expect(conn.listEntities(auth, '25610000', 'campaign', null)).rejects.toMatchObject({ kind: 'protocol', platform: 'tengxun' });
  });

  it('reads hourly-reports-get.json: hour of the China day, cost in fen', async () => {
    const { conn, seen } = make([ok('hourly-reports-get')]);
    const day = Date.UTC(2023, 10, 15) / 1000 - 8 * 3600;
    const facts = await conn.hourlyReport(auth, '25610000', day, day + 23 * 3600);
    const fact = { advertiserId: '25610000', campaignId: '91234567890', planId: '61234567890' };
    expect(facts).toEqual([
      { ...fact, hour: day + 9 * 3600, costFen: 2880, shows: 1200, clicks: 36, conversions: 2 },
      { ...fact, hour: day + 10 * 3600, costFen: 1600, shows: 900, clicks: 20, conversions: 0 },
    ]);
    expect(requestMismatches(fx('hourly-reports-get'), seen[0]!)).toEqual([]);
    const want = fx('hourly-reports-get').call.query ?? {};
    for (const k of ['level', 'date_range', 'group_by', 'fields', 'page_size']) expect(seen[0]!.params[k]).toBe(String(want[k]));
  });

  it("sends the fixture bodies of status, budget, bid and creative updates; a per-item refusal is that id's message", async () => {
    const names = [
      'adgroups-update-configured-status',
      'adgroups-update-daily-budget',
      'adgroups-update-bid-amount',
      'dynamic-creatives-update',
    ];
    const { conn, seen } = make(names.map(ok));
    expect(await conn.updateStatus(auth, '25610000', 'campaign', ['91234567890'], false)).toEqual([{ id: '91234567890', ok: true }]);
    expect(await conn.updateBudget?.(auth, '25610000', 'campaign', '91234567890', 800000)).toEqual({ id: '91234567890', ok: true });
    expect(await conn.updateBid?.(auth, '25610000', 'campaign', '91234567890', 120)).toEqual({
      id: '91234567890',
      ok: false,
      message: '出价不在允许范围内',
    });
    expect(await conn.updateStatus(auth, '25610000', 'plan', ['61234567890'], false)).toEqual([{ id: '61234567890', ok: true }]);
    names.forEach((n, i) => {
      expect(JSON.parse(seen[i]!.body)).toEqual(fx(n).call.body);
      expect(requestMismatches(fx(n), seen[i]!)).toEqual([]);
    });
  });
});

describe('腾讯 conversion callbacks on the fixture', () => {
  const conv = (callback: string) => ({
    callback,
    clickId: 'wx0abc',
    advertiserId: '25610000',
    event: 'order' as const,
    timeMs: NOW * 1000,
    amountFen: 5990,
    orderId: 'JD-7',
  });
  const f = fx('conversion-callback');

  it('the documented http://tracking.e.qq.com/conv callback is accepted and posted over HTTPS with the token headers', async () => {
    const { conn, seen } = make([f.answers.ok]);
    await conn.postback(auth, conv('http://tracking.e.qq.com/conv?cb=Y2I&conv_id=10001'));
    expect(seen[0]!.url.toString()).toBe('https://tracking.e.qq.com/conv?cb=Y2I&conv_id=10001');
    expect(seen[0]!.headers).toMatchObject({
      access_token: 'at-1',
      timestamp: String(NOW),
      nonce: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ actions: [{ ...(f.call.body as { actions: object[] }).actions[0], action_time: NOW }] });
  });

  it('the authenticated https://api.e.qq.com/v3.0/user_actions/add callback goes to the configured API host', async () => {
    const { conn, seen } = make([f.answers.ok]);
    await conn.postback(auth, conv(`https://api.e.qq.com${f.call.path}?${new URLSearchParams(f.call.query as Record<string, string>)}`));
    expect(seen[0]!.url.origin + seen[0]!.url.pathname).toBe(`https://api.e.qq.com${f.call.path}`);
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual(f.call.query);
    expect(requestMismatches(f, seen[0]!)).toEqual([]);
    for (const h of ['access_token', 'timestamp', 'nonce']) expect(seen[0]!.headers[h]).toBeTruthy();
  });

  it('refuses any other host, path or credentials in the URL before a request (SSRF); needs the token', async () => {
    const { conn, seen } = make([f.answers.ok]);
    for (const cb of [
      'http://169.254.169.254/latest/meta-data?cb=x',
      'http://tracking.e.qq.com/admin?cb=x&conv_id=1',
      'http://tracking.e.qq.com.evil.example/conv?cb=x',
      'http://user:pw@tracking.e.qq.com/conv?cb=x',
      'ftp://tracking.e.qq.com/conv?cb=x',
      'not a url',
    ])
      await expect(conn.postback(auth, conv(cb))).rejects.toMatchObject({ kind: 'refused' });
    await expect(conn.postback(null, conv('http://tracking.e.qq.com/conv?cb=x&conv_id=1'))).rejects.toMatchObject({ kind: 'protocol' });
    expect(seen).toHaveLength(0);
  });

  it('the platform refusal keeps its code', async () => {
    const { conn } = make([error(f, 'token_expired')]);
    await expect(conn.postback(auth, conv('http://tracking.e.qq.com/conv?cb=x&conv_id=1'))).rejects.toMatchObject({
      platformCode: '11000',
    });
  });
});
