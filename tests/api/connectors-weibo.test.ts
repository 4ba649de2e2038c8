/**
 * 微博 connector ⇄ sandbox over real HTTP, the current management API (bububa/biz-weibo): Bearer, advertiser_id only for
 * managed advertisers, the v3 / v4 lists, POST status updates, the hourly ad report, track/activate with host; and every
 * sandbox answer checked against the protocol fixtures (tests/fixtures/platforms/weibo/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createWeiboConnector } from '../../src/server/connectors/weibo/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { agencyOf } from '../../src/server/sandbox/adplatforms/weibo-wire.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { hourStart } from '../../src/shared/china-clock.ts';
import { consent, FAST_HTTP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';
import { loadFixture, shapeMismatches } from '../support/platform-fixtures.ts';

let h: Harness;
let conn: AdPlatformConnector;
/** An agency's grant (both advertisers) and a direct advertiser's (the first only). */
let agency: TokenGrant;
let direct: TokenGrant;
let world: SeededAdvertiser[];
const as = (g: TokenGrant): CallAuth => ({ kind: 'token', accessToken: g.accessToken });
const REDIRECT = 'https://console.example.com/auloading';
const grantOf = async (ids: string[]) => {
  const { location } = await consent(conn.authorizeUrl({ state: 'w', redirectUri: REDIRECT }), 'approve', ids);
  return conn.exchangeCode(location.searchParams.get('code')!, REDIRECT);
};

beforeAll(async () => {
  h = await startSandbox();
  conn = createWeiboConnector(
    {
      ...SANDBOX_APPS.weibo,
      apiBase: `${h.base}/weibo`,
      authBase: `${h.base}/weibo`,
      http: FAST_HTTP,
      pageSize: 2,
      reportHost: 'console.example.com',
    },
    undefined,
    { now: () => h.clock.now() },
  );
  const m = h.monitor.base;
  world = await h.seed('weibo', {
    advertisers: [
      {
        name: '微博沙箱客户',
        campaigns: [
          {
            name: '粉丝通系列',
            budgetFen: 200_000,
            plans: [
              {
                name: '广告-投放中',
                bidFen: 35,
                landingUrl: `${m}/pub/3101?from=wb`,
                clickUrl: `${m}/m/c/3101?ch=3`,
                creatives: [{ name: '博文创意' }],
              },
              { name: '广告-审核中', auditSeconds: 900 },
              { name: '广告-暂停', enabled: false },
            ],
          },
        ],
      },
      { name: '微博客户二', campaigns: [] },
    ],
  });
  agency = await grantOf(world.map((a) => a.id));
  direct = await grantOf([world[0]!.id]);
});
afterAll(async () => h?.close());

describe('微博', () => {
  it('authorises with response_code=code, exchanges the code without a secret, names the user', async () => {
    const u = new URL(conn.authorizeUrl({ state: 'w', redirectUri: REDIRECT }));
    expect(u.searchParams.get('response_code')).toBe('code');
    expect(u.searchParams.get('scope')).toBe('ads_management');
    expect((await h.requests('weibo', '/oauth/token'))[0]!.query).toEqual({
      client_id: SANDBOX_APPS.weibo.appId,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code: expect.any(String),
    });
    expect(agency.platformUserId).toBe(agencyOf(world.map((a) => a.id)));
    expect(direct.platformUserId).toBe(world[0]!.id);
    await expect(conn.exchangeCode('bad-code', REDIRECT)).rejects.toMatchObject({ kind: 'refused', platformCode: '21325' });
  });

  it("an agency's token binds the advertisers it manages (manage-list, named by v3/account); a direct one its own", async () => {
    expect(await conn.listAdvertisers(as(agency))).toEqual(world.map((a) => ({ advertiserId: a.id, name: a.name })));
    const named = (await h.requests('weibo', '/v3/account')).filter(
      (r) => r.path === '/v3/account' && r.headers.authorization === `Bearer ${agency.accessToken}`,
    );
    expect(named.map((r) => r.query.advertiser_id)).toEqual(world.map((a) => a.id));
    expect(named[0]!.headers.accept).toBe('application/json,application/text+gw2.0');
    expect(await conn.listAdvertisers(as(direct))).toEqual([{ advertiserId: world[0]!.id, name: '微博沙箱客户' }]);
  });

  it('lists ads with advertiser_id for a managed advertiser and without it for the own account; paging; another id is refused', async () => {
    const a = world[0]!.id;
    const p1 = await conn.listEntities(as(agency), a, 'plan', null);
    const p2 = await conn.listEntities(as(agency), a, 'plan', p1.next);
    expect([...p1.items, ...p2.items].map((e) => [e.rawStatus, e.status])).toEqual([
      ['2', 'delivering'],
      ['1', 'not_started'],
      ['3', 'paused'],
    ]);
    expect(p1.items[0]).toMatchObject({
      bidFen: 35,
      parentId: world[0]!.campaigns[0]!.id,
      landingUrl: `${h.monitor.base}/pub/3101?from=wb`,
      clickMonitorUrl: `${h.monitor.base}/m/c/3101?ch=3`,
    });
    expect((await h.requests('weibo', '/v3/ads')).at(-1)!.query).toEqual({ advertiser_id: a, page: '2', page_size: '2' });
    const own = await conn.listEntities(as(direct), a, 'campaign', null);
    expect(own.items.map((c) => [c.name, c.rawStatus, c.status, c.budgetFen])).toEqual([['粉丝通系列', '1', 'delivering', 200_000]]);
    expect((await h.requests('weibo', '/v3/campaigns')).at(-1)!.query).toEqual({ page: '1', page_size: '2' });
    const creatives = await conn.listEntities(as(agency), a, 'creative', null);
    expect(creatives.items[0]).toMatchObject({ rawStatus: '1', status: 'delivering', parentId: world[0]!.campaigns[0]!.plans[0]!.id });
    await expect(conn.listEntities(as(agency), '6999999999', 'campaign', null)).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '20003',
    });
  });

  it('switches through the update-status calls (per-id results) and changes a campaign budget in yuan; no bid call', async () => {
    const a = world[0]!;
    const ad = a.campaigns[0]!.plans[0]!.id;
    expect(await conn.updateStatus(as(agency), a.id, 'plan', [ad], false)).toEqual([{ id: ad, ok: true }]);
    expect((await h.requests('weibo', '/v3/ads/update-status')).at(-1)).toMatchObject({
      method: 'POST',
      body: { advertiser_id: Number(a.id), ids: [Number(ad)], configured_status: 0 },
    });
    await conn.updateStatus(as(agency), a.id, 'plan', [ad], true);
    const creative = a.campaigns[0]!.plans[0]!.creatives[0]!;
    expect(await conn.updateStatus(as(direct), a.id, 'creative', [creative], true)).toEqual([{ id: creative, ok: true }]);
    expect((await h.requests('weibo', '/v4/creatives/update_status_batch')).at(-1)!.body).toEqual({
      creative_ids: [Number(creative)],
      configured_status: 1,
    });
    expect(await conn.updateStatus(as(agency), a.id, 'campaign', ['4600000000000000'], false)).toEqual([
      { id: '4600000000000000', ok: false, message: '对象不存在或不属于该广告主' },
    ]);
    const campaign = a.campaigns[0]!.id;
    expect(await conn.updateBudget!(as(agency), a.id, 'campaign', campaign, 1000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('不低于 50'),
    });
    expect(await conn.updateBudget!(as(agency), a.id, 'campaign', campaign, 300_000)).toEqual({ id: campaign, ok: true });
    expect((await h.requests('weibo', `/v3/campaigns/${campaign}`)).at(-1)!.body).toEqual({
      advertiser_id: Number(a.id),
      id: Number(campaign),
      budget_type: 2,
      daily_budget: 3000,
    });
    await expect(conn.updateBid!(as(agency), a.id, 'plan', ad, 42)).rejects.toMatchObject({ kind: 'refused' });
  });

  it('reports hourly through get_ad_data (group_by=hour, fields repeated), clicks = 导流, ≥ pinged; the landing page gets mark_id', async () => {
    const a = world[0]!;
    const ad = a.campaigns[0]!.plans[0]!;
    h.monitor.hits.length = 0;
    await h.admin('weibo', 'POST', '/deliver', { planId: ad.id, shows: 0, clicks: 3 });
    await until(() => h.monitor.hits.length >= 6);
    expect(h.monitor.hits.find((u) => u.pathname === '/pub/3101')!.searchParams.get('mark_id')).toMatch(/^[0-9a-f]{24}$/);
    const now = h.clock.now();
    const facts = (await conn.hourlyReport(as(agency), a.id, hourStart(now) - 3600, now)).filter((f) => f.planId === ad.id);
    expect(facts.reduce((s, f) => s + f.clicks, 0)).toBe(4);
    expect(facts.reduce((s, f) => s + f.costFen, 0)).toBe(3 * 35 + Math.ceil(3 * 35 * 0.02));
    expect(facts[0]).toMatchObject({ campaignId: a.campaigns[0]!.id });
    const req = (await h.requests('weibo', '/get_ad_data')).at(-1)!;
    expect(req.query).toMatchObject({ advertiser_id: a.id, group_by: 'hour', page_size: '200' });
  });

  it('refreshes with {client_id (number), refresh_token} and reads the data wrapper; conversions carry host and pay_amount', async () => {
    await h.admin('weibo', 'POST', '/tokens', { action: 'expire', token: agency.accessToken });
    await expect(conn.listEntities(as(agency), world[0]!.id, 'campaign', null)).rejects.toMatchObject({
      kind: 'token_expired',
      platformCode: '21327',
    });
    const old = agency.refreshToken;
    agency = await conn.refresh(old);
    expect((await h.requests('weibo', '/oauth/refresh_token')).at(-1)!.body).toEqual({
      client_id: Number(SANDBOX_APPS.weibo.appId),
      refresh_token: old,
    });
    expect(agency.refreshToken).not.toBe(old);
    await expect(conn.refresh(old)).rejects.toMatchObject({ kind: 'refresh_expired' });
    const { clicks } = await h.admin<{ clicks: Array<{ click_id: string }> }>('weibo', 'GET', '/clicks');
    const pay = {
      callback: clicks[0]!.click_id,
      clickId: clicks[0]!.click_id,
      advertiserId: world[0]!.id,
      event: 'pay' as const,
      timeMs: h.clock.nowMs(),
      amountFen: 8800,
      orderId: 'w1',
    };
    await conn.postback(as(agency), pay);
    expect((await h.requests('weibo', '/v3/track/activate')).at(-1)!.query).toMatchObject({
      advertiser_id: world[0]!.id,
      behavior: '1007',
      mark_id: clicks[0]!.click_id,
      host: 'console.example.com',
      pay_amount: '88',
    });
    const { conversions } = await h.admin<{ conversions: Array<{ accepted: boolean }> }>('weibo', 'GET', '/conversions');
    expect(conversions.at(-1)).toMatchObject({ accepted: true });
    await expect(conn.postback(as(agency), { ...pay, clickId: 'nope', callback: 'x' })).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('mark_id 无效'),
    });
  });
});

describe('微博 sandbox answers have the shapes of the protocol fixtures', () => {
  const fx = (name: string) => loadFixture('weibo', name);
  const call = async (name: string, token: string, query: Record<string, string> = {}, body?: unknown, path?: string) => {
    const f = fx(name);
    const q = new URLSearchParams(query);
    const res = await fetch(`${h.base}/weibo${path ?? f.call.path}${q.size ? `?${q}` : ''}`, {
      method: f.call.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return JSON.parse(await res.text()) as unknown;
  };
  const ok = (name: string, answer: unknown) => expect(shapeMismatches(fx(name).answers.ok, answer)).toEqual([]);

  it('oauth, accounts, lists (flat and wrapped), updates, report, track', async () => {
    const t = agency.accessToken;
    const a = world[0]!;
    const adv = { advertiser_id: a.id };
    ok('oauth-get-user-info', await call('oauth-get-user-info', t, { access_token: t }));
    ok('account-info', await call('account-info', t, adv));
    ok('account-manage-list', await call('account-manage-list', t, { page: '1', page_size: '100' }));
    ok('campaigns', await call('campaigns', t, { ...adv, page: '1', page_size: '100' }));
    ok('ads', await call('ads', t, { ...adv, page: '1', page_size: '100', ids: `[${a.campaigns[0]!.plans[0]!.id}]` }));
    ok('creatives', await call('creatives', t, { ...adv, page: '1', page_size: '100' }));
    const id = Number(a.id);
    ok(
      'campaigns-update-status',
      await call('campaigns-update-status', t, {}, { advertiser_id: id, ids: [Number(a.campaigns[0]!.id)], configured_status: 1 }),
    );
    ok(
      'ads-update-status',
      await call('ads-update-status', t, {}, { advertiser_id: id, ids: [Number(a.campaigns[0]!.plans[0]!.id)], configured_status: 1 }),
    );
    ok(
      'creatives-update-status-batch',
      await call(
        'creatives-update-status-batch',
        t,
        {},
        { advertiser_id: id, creative_ids: [Number(a.campaigns[0]!.plans[0]!.creatives[0]!)], configured_status: 1 },
      ),
    );
    const campaign = a.campaigns[0]!.id;
    ok(
      'campaign-update',
      await call(
        'campaign-update',
        t,
        {},
        { advertiser_id: id, id: Number(campaign), budget_type: 2, daily_budget: 3000 },
        `/v3/campaigns/${campaign}`,
      ),
    );
    const today = new Date(h.clock.nowMs() + 8 * 3600_000).toISOString().slice(0, 10);
    const report = (await fetch(
      `${h.base}/weibo/v3/report/effect/get_ad_data?advertiser_id=${a.id}&start_date=${today}&end_date=${today}&group_by=hour&page=1&page_size=200&fields=pv&fields=traffic_bhv&fields=consume&fields=bhv_71000007`,
      { headers: { authorization: `Bearer ${t}` } },
    ).then((r) => r.json())) as { data: { list: unknown[] } };
    ok('report-ad-data', report);
    expect(report.data.list.length).toBeGreaterThan(0);
    const { clicks } = await h.admin<{ clicks: Array<{ click_id: string }> }>('weibo', 'GET', '/clicks');
    const track = {
      ...adv,
      time: String(h.clock.nowMs()),
      mark_id: clicks[0]!.click_id,
      behavior: '1007',
      host: 'console.example.com',
      pay_amount: '59.9',
    };
    ok('track-activate', await call('track-activate', t, track));
    const { host: _host, ...noHost } = track;
    expect(await call('track-activate', t, noHost)).toMatchObject({ code: 10008, message: expect.stringContaining('host') });
    const refused = await call('account-info', 'no-such-token', adv);
    expect(shapeMismatches(fx('account-info').answers.errors[0]?.answer, refused)).toEqual([]);
  });

  it('token and refresh answers', async () => {
    const { location } = await consent(conn.authorizeUrl({ state: 'x', redirectUri: REDIRECT }), 'approve', [world[1]!.id]);
    const q = new URLSearchParams({
      client_id: SANDBOX_APPS.weibo.appId,
      redirect_uri: REDIRECT,
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
    });
    const token = (await (await fetch(`${h.base}/weibo/oauth/token?${q}`)).json()) as { refresh_token: string };
    ok('oauth-token', token);
    const r = await fetch(`${h.base}/weibo/oauth/refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"client_id":${SANDBOX_APPS.weibo.appId},"refresh_token":"${token.refresh_token}"}`,
    });
    ok('oauth-refresh-token', await r.json());
    expect(
      shapeMismatches(fx('oauth-token').answers.errors[0]?.answer, await (await fetch(`${h.base}/weibo/oauth/token?${q}`)).json()),
    ).toEqual([]);
  });
});
