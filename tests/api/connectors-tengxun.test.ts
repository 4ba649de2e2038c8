/**
 * 腾讯 connector ⇄ sandbox over real HTTP: OAuth (accounts by the authoriser's role), the access_token/timestamp/nonce
 * query, entities, hourly report, changes, postback; and every sandbox answer checked against the protocol fixtures
 * (tests/fixtures/platforms/tengxun/), so the sandbox speaks the platform's shapes, not the connector's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createTengxunConnector } from '../../src/server/connectors/tengxun/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { hourStart } from '../../src/shared/china-clock.ts';
import { consent, FAST_HTTP, FOREIGN_APP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';
import { loadFixture, shapeMismatches } from '../support/platform-fixtures.ts';

let h: Harness;
let conn: AdPlatformConnector;
let grant: TokenGrant;
let world: SeededAdvertiser[];
const auth = (): CallAuth => ({ kind: 'token', accessToken: grant.accessToken });
const REDIRECT = 'https://console.example.com/auloading';
const connectorFor = (app = SANDBOX_APPS.tengxun, now?: () => number) =>
  createTengxunConnector(
    {
      ...app,
      apiBase: `${h.base}/tengxun`,
      authBase: `${h.base}/tengxun`,
      postbackBase: `${h.base}/tengxun`,
      http: FAST_HTTP,
      pageSize: 2,
    },
    undefined,
    { now: now ?? (() => h.clock.now()) },
  );

beforeAll(async () => {
  h = await startSandbox();
  conn = connectorFor();
  const m = h.monitor.base;
  world = await h.seed('tengxun', {
    advertisers: [
      {
        name: '腾讯沙箱广告主',
        balanceFen: 20_000_000,
        campaigns: [
          {
            name: '广告-朋友圈',
            budgetFen: 500_000,
            bidFen: 80,
            plans: [
              {
                name: '创意-A',
                clickUrl: `${m}/m/c/2001?ch=4&adv=__ACCOUNT_ID__&aid=__ADGROUP_ID__&cid=__DYNAMIC_CREATIVE_ID__&clickid=__CLICK_ID__&cb=__CALLBACK__`,
                showUrl: `${m}/m/s/2001?ch=4&aid=__ADGROUP_ID__&imp=__IMPRESSION_ID__`,
                landingUrl: `${m}/pub/2001`,
              },
              { name: '创意-B', auditSeconds: 3600 },
              { name: '创意-C', rejected: true },
            ],
          },
          { name: '广告-已暂停', enabled: false, plans: [] },
        ],
      },
    ],
  });
  const { location } = await consent(conn.authorizeUrl({ state: 'x', redirectUri: REDIRECT }), 'approve', [world[0]!.id]);
  grant = await conn.exchangeCode(location.searchParams.get('authorization_code')!, REDIRECT);
});
afterAll(async () => h?.close());

describe('腾讯 OAuth and the signed query', () => {
  it('exchanges the authorization_code with GET /oauth/token and the exact query', async () => {
    expect(grant.advertiserIds).toEqual([world[0]!.id]);
    const req = (await h.requests('tengxun', '/oauth/token'))[0]!;
    expect(req.method).toBe('GET');
    expect(req.query).toEqual({
      client_id: SANDBOX_APPS.tengxun.appId,
      client_secret: SANDBOX_APPS.tengxun.appSecret,
      grant_type: 'authorization_code',
      authorization_code: expect.any(String),
      redirect_uri: REDIRECT,
    });
  });

  it("refuses a replayed code, another app's code, and a redirect_uri that differs from the consent", async () => {
    const { location } = await consent(conn.authorizeUrl({ state: 'x', redirectUri: REDIRECT }), 'approve');
    const code = location.searchParams.get('authorization_code')!;
    await expect(conn.exchangeCode(code, 'https://elsewhere.example.com/cb')).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('redirect_uri'),
    });
    await conn.exchangeCode(code, REDIRECT);
    await expect(conn.exchangeCode(code, REDIRECT)).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('已被使用'),
    });
    const other = await consent(connectorFor(FOREIGN_APP).authorizeUrl({ state: 'x', redirectUri: REDIRECT }), 'approve');
    await expect(conn.exchangeCode(other.location.searchParams.get('authorization_code')!, REDIRECT)).rejects.toMatchObject({
      kind: 'refused',
    });
  });

  it('a direct advertiser grant binds that advertiser (advertiser/get); organization_account_relation refuses its token', async () => {
    expect(grant.advertisers).toEqual([{ advertiserId: world[0]!.id, name: '腾讯沙箱广告主' }]);
    const reqs = (await h.requests('tengxun', '/v3.0/advertiser/get')).filter((r) => r.query.access_token === grant.accessToken);
    expect(reqs.at(-1)!.query).toMatchObject({
      account_id: world[0]!.id,
      pagination_mode: 'PAGINATION_MODE_NORMAL',
      page: '1',
      page_size: '100',
    });
    await expect(conn.listAdvertisers(auth())).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('authorizer_info'),
    });
    const tried = (await h.requests('tengxun')).slice(-2).map((r) => r.path);
    expect(tried).toEqual(['/v3.0/organization_account_relation/get', '/v3.0/advertiser/get']);
  });

  it('an organisation grant binds every account under it; its token lists them with a fresh nonce on every call', async () => {
    const [second] = await h.seed('tengxun', { advertisers: [{ name: '腾讯沙箱广告主二', campaigns: [] }] });
    const { location } = await consent(conn.authorizeUrl({ state: 'o', redirectUri: REDIRECT }), 'approve', [world[0]!.id, second!.id]);
    const org = await conn.exchangeCode(location.searchParams.get('authorization_code')!, REDIRECT);
    expect(org.advertiserIds).toEqual([world[0]!.id, second!.id]);
    const orgAuth: CallAuth = { kind: 'token', accessToken: org.accessToken };
    expect(await conn.listAdvertisers(orgAuth)).toEqual([
      { advertiserId: world[0]!.id, name: '腾讯沙箱广告主' },
      { advertiserId: second!.id, name: '腾讯沙箱广告主二' },
    ]);
    const reqs = await h.requests('tengxun', '/v3.0/organization_account_relation/get');
    expect(reqs.at(-1)!.query).toMatchObject({
      access_token: org.accessToken,
      pagination_mode: 'PAGINATION_MODE_NORMAL',
      page: '1',
      page_size: '100',
    });
    expect(Math.abs(Number(reqs.at(-1)!.query.timestamp) - h.clock.now())).toBeLessThan(60);
    expect(reqs.at(-1)!.query.nonce).toMatch(/^[0-9a-f]{16}$/);
    expect(reqs.at(-1)!.query.nonce).not.toBe(reqs.at(-2)!.query.nonce);
  });

  it('refuses a stale timestamp and a replayed nonce with the platform code', async () => {
    const late = connectorFor(SANDBOX_APPS.tengxun, () => h.clock.now() - 1000);
    await expect(late.listAdvertisers(auth())).rejects.toMatchObject({ kind: 'refused', platformCode: '11003' });
    const q = new URLSearchParams({
      access_token: grant.accessToken,
      timestamp: String(h.clock.now()),
      nonce: 'same-nonce-1',
      pagination_mode: 'PAGINATION_MODE_NORMAL',
      account_id: world[0]!.id,
      fields: '["account_id"]',
      page_size: '10',
    });
    const url = `${h.base}/tengxun/v3.0/advertiser/get?${q}`;
    expect(((await (await fetch(url)).json()) as { code: number }).code).toBe(0);
    expect(await (await fetch(url)).json()).toMatchObject({ code: 11004, message_cn: expect.stringContaining('nonce 重复') });
  });
});

describe('腾讯 entities, report, changes', () => {
  it('lists adgroups (campaign level) and dynamic creatives (plan level) with statuses and monitors', async () => {
    const adv = world[0]!.id;
    const groups = await conn.listEntities(auth(), adv, 'campaign', null);
    expect(groups.items.map((g) => [g.name, g.rawStatus, g.status, g.budgetFen, g.bidFen])).toEqual([
      ['广告-朋友圈', 'ADGROUP_STATUS_ACTIVE', 'delivering', 500_000, 80],
      ['广告-已暂停', 'ADGROUP_STATUS_SUSPEND', 'paused', null, null],
    ]);
    const first = await conn.listEntities(auth(), adv, 'plan', null);
    const second = await conn.listEntities(auth(), adv, 'plan', first.next);
    expect(second.next).toBeNull();
    const creatives = [...first.items, ...second.items];
    expect(creatives.map((c) => [c.rawStatus, c.status])).toEqual([
      ['CREATIVE_SET_APPROVAL_STATUS_NORMAL', 'delivering'],
      ['CREATIVE_SET_APPROVAL_STATUS_PENDING', 'auditing'],
      ['CREATIVE_SET_APPROVAL_STATUS_DENIED', 'rejected'],
    ]);
    expect(creatives[0]).toMatchObject({ parentId: world[0]!.campaigns[0]!.id, clickMonitorUrl: expect.stringContaining('__CALLBACK__') });
    expect((await conn.listEntities(auth(), adv, 'creative', null)).items).toEqual([]);
    const req = (await h.requests('tengxun', '/v3.0/dynamic_creatives/get')).at(-1)!;
    expect(JSON.parse(req.query.fields!)).toContain('click_tracking_url');
    expect(req.query).toMatchObject({ account_id: adv, page: '2', page_size: '2' });
  });

  it('token expired → refresh (GET /oauth/token grant_type=refresh_token) → the call succeeds; rate-limit code 11017 is backed off', async () => {
    await h.admin('tengxun', 'POST', '/tokens', { action: 'expire', token: grant.accessToken });
    await expect(conn.listEntities(auth(), world[0]!.id, 'campaign', null)).rejects.toMatchObject({
      kind: 'token_expired',
      platformCode: '11000',
    });
    grant = await conn.refresh(grant.refreshToken);
    await h.admin('tengxun', 'POST', '/faults', { kind: 'rate_limit', count: 2, match: '/adgroups/get' });
    expect((await conn.listEntities(auth(), world[0]!.id, 'campaign', null)).items).toHaveLength(2);
    expect((await h.requests('tengxun', '/oauth/token')).at(-1)!.query).toMatchObject({ grant_type: 'refresh_token' });
  });

  it('delivers to the monitors with Tencent macros and reports per hour in fen (≥ pinged)', async () => {
    const adv = world[0]!;
    const plan = adv.campaigns[0]!.plans[0]!;
    h.monitor.hits.length = 0;
    await h.admin('tengxun', 'POST', '/deliver', { planId: plan.id, shows: 30, clicks: 5 });
    await until(() => h.monitor.hits.length >= 40);
    const click = h.monitor.hits.find((u) => u.pathname === '/m/c/2001')!;
    expect(click.searchParams.get('aid')).toBe(adv.campaigns[0]!.id);
    expect(click.searchParams.get('cid')).toBe(plan.id);
    expect(click.searchParams.get('clickid')).toMatch(/^wx0/);
    expect(click.searchParams.get('cb')).toMatch(
      new RegExp(`^${h.base}/tengxun/(conv|v3\\.0/user_actions/add)\\?cb=[\\w-]+&conv_id=\\d+$`),
    );
    expect(h.monitor.hits.find((u) => u.pathname === '/pub/2001')!.searchParams.get('gdt_vid')).toMatch(/^wx0/);
    const now = h.clock.now();
    const facts = (await conn.hourlyReport(auth(), adv.id, hourStart(now) - 3600, now)).filter((f) => f.planId === plan.id);
    expect(facts.reduce((s, f) => s + f.shows, 0)).toBe(31);
    expect(facts.reduce((s, f) => s + f.clicks, 0)).toBe(6);
    expect(facts.reduce((s, f) => s + f.costFen, 0)).toBe(5 * 80 + Math.ceil(5 * 80 * 0.02));
    const req = (await h.requests('tengxun', '/v3.0/hourly_reports/get')).at(-1)!;
    expect(req.query.level).toBe('REPORT_LEVEL_DYNAMIC_CREATIVE');
    expect(JSON.parse(req.query.date_range!)).toEqual({
      start_date: expect.any(String),
      end_date: JSON.parse(req.query.date_range!).start_date,
    });
  });

  it("pauses adgroups and creatives; a budget below today's spend + 50 yuan is refused with the platform message", async () => {
    const adv = world[0]!;
    const group = adv.campaigns[0]!.id;
    expect(await conn.updateStatus(auth(), adv.id, 'campaign', [group], false)).toEqual([{ id: group, ok: true }]);
    expect((await h.requests('tengxun', '/adgroups/update_configured_status')).at(-1)!.body).toEqual({
      account_id: Number(adv.id),
      update_configured_status_spec: [{ adgroup_id: Number(group), configured_status: 'AD_STATUS_SUSPEND' }],
    });
    expect(await conn.updateStatus(auth(), adv.id, 'campaign', [group], true)).toEqual([{ id: group, ok: true }]);
    expect(await conn.updateStatus(auth(), adv.id, 'plan', [adv.campaigns[0]!.plans[0]!.id], false)).toEqual([
      { id: adv.campaigns[0]!.plans[0]!.id, ok: true },
    ]);
    const low = await conn.updateBudget!(auth(), adv.id, 'campaign', group, 5000);
    expect(low).toMatchObject({ ok: false, message: expect.stringContaining('今日已消耗') });
    expect(await conn.updateBudget!(auth(), adv.id, 'campaign', group, 800_000)).toEqual({ id: group, ok: true });
    expect(await conn.updateBid!(auth(), adv.id, 'campaign', group, 120)).toEqual({ id: group, ok: true });
    expect((await h.requests('tengxun', '/adgroups/update_bid_amount')).at(-1)!.body).toEqual({
      account_id: Number(adv.id),
      update_bid_amount_spec: [{ adgroup_id: Number(group), bid_amount: 120 }],
    });
  });

  it('posts conversions to both callback forms with the token headers; a callback on another host is refused before any request', async () => {
    const { clicks } = await h.admin<{ clicks: Array<{ click_id: string; callback: string; plan_id: string }> }>(
      'tengxun',
      'GET',
      '/clicks',
    );
    const forms = ['/conv?', '/v3.0/user_actions/add?'].map((f) => clicks.find((c) => c.callback.includes(f))!);
    expect(forms.every(Boolean)).toBe(true);
    for (const [i, click] of forms.entries())
      await conn.postback(auth(), {
        callback: click.callback,
        clickId: click.click_id,
        advertiserId: world[0]!.id,
        event: 'order',
        timeMs: h.clock.nowMs(),
        amountFen: 5990,
        orderId: `JD-${7 + i}`,
      });
    const click = forms[1]!;
    const req = (await h.requests('tengxun', '/v3.0/user_actions/add')).at(-1)!;
    expect(req.headers.access_token).toBe(grant.accessToken);
    expect(req.body).toEqual({
      actions: [
        {
          outer_action_id: 'JD-8',
          action_time: expect.any(Number),
          action_type: 'COMPLETE_ORDER',
          trace: { click_id: click.click_id },
          action_param: { value: 5990 },
        },
      ],
    });
    const { conversions } = await h.admin<{ conversions: Array<{ accepted: boolean; planId: string }> }>('tengxun', 'GET', '/conversions');
    expect(conversions.slice(-2)).toEqual([
      expect.objectContaining({ accepted: true, planId: forms[0]!.plan_id }),
      expect.objectContaining({ accepted: true, planId: click.plan_id }),
    ]);
    // without the token headers the sandbox refuses, as 腾讯 does since 2025-03-31
    const bare = await fetch(click.callback, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"actions":[]}' });
    expect(((await bare.json()) as { code: number }).code).toBe(12000);
    await expect(
      conn.postback(null, {
        callback: 'http://169.254.169.254/latest/meta-data',
        advertiserId: '1',
        event: 'pay',
        timeMs: h.clock.nowMs(),
        amountFen: 1,
        orderId: 'x',
      }),
    ).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('不属于平台') });
  });
});

describe('腾讯 sandbox answers have the shapes of the protocol fixtures', () => {
  const fx = (name: string) => loadFixture('tengxun', name);
  let n = 0;
  const signed = () => ({
    access_token: grant.accessToken,
    timestamp: String(h.clock.now()),
    nonce: `shape${++n}`,
  });
  const call = async (name: string, over: Record<string, unknown> = {}, body?: unknown) => {
    const f = fx(name);
    const path = new URL(f.call.path, 'https://api.e.qq.com').pathname;
    const q = new URLSearchParams(
      Object.entries({ ...f.call.query, ...(path.startsWith('/v3.0') ? signed() : {}), ...over }).map(([k, v]) => [k, String(v)]),
    );
    const res = await fetch(`${h.base}/tengxun${path}?${q}`, {
      method: f.call.method,
      headers: { 'content-type': 'application/json' },
      body: f.call.method === 'GET' ? undefined : JSON.stringify(body ?? f.call.body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const expectShape = (answer: unknown, name: string) => expect(shapeMismatches(fx(name).answers.ok, answer)).toEqual([]);

  it('oauth/token: the code grant (authorizer_info included) and the refresh grant; their documented refusals', async () => {
    const { location } = await consent(conn.authorizeUrl({ state: 'x', redirectUri: REDIRECT }), 'approve', [world[0]!.id]);
    const code = location.searchParams.get('authorization_code')!;
    const q = {
      client_id: SANDBOX_APPS.tengxun.appId,
      client_secret: SANDBOX_APPS.tengxun.appSecret,
      authorization_code: code,
      redirect_uri: REDIRECT,
    };
    const first = await call('oauth-token-code', q);
    expectShape(first, 'oauth-token-code');
    expect(shapeMismatches(fx('oauth-token-code').answers.errors[0]?.answer, await call('oauth-token-code', q))).toEqual([]);
    expect((await call('oauth-token-code', q)).code).toBe(11013);
    const rt = (first.data as { refresh_token: string }).refresh_token;
    const refreshed = await call('oauth-token-refresh', { client_id: q.client_id, client_secret: q.client_secret, refresh_token: rt });
    expectShape(refreshed, 'oauth-token-refresh');
    expect(refreshed.data).not.toHaveProperty('authorizer_info');
    await h.admin('tengxun', 'POST', '/tokens', { action: 'expire', which: 'refresh', token: rt });
    expect((await call('oauth-token-refresh', { client_id: q.client_id, client_secret: q.client_secret, refresh_token: rt })).code).toBe(
      11012,
    );
  });

  it('advertiser/get, adgroups/get, dynamic_creatives/get, hourly_reports/get', async () => {
    const acc = world[0]!.id;
    expectShape(await call('advertiser-get', { account_id: acc }), 'advertiser-get');
    expectShape(await call('adgroups-get', { account_id: acc }), 'adgroups-get');
    expectShape(await call('dynamic-creatives-get', { account_id: acc }), 'dynamic-creatives-get');
    const today = new Date(h.clock.nowMs() + 8 * 3600_000).toISOString().slice(0, 10);
    const report = await call('hourly-reports-get', {
      account_id: acc,
      date_range: JSON.stringify({ start_date: today, end_date: today }),
    });
    expectShape(report, 'hourly-reports-get');
    expect((report.data as { list: unknown[] }).list.length).toBeGreaterThan(0);
  });

  it('the v3.0 envelope refusal of an unknown token: 11002 with the documented fields', async () => {
    const env = fx('v3-envelope');
    const invalid = await call('adgroups-get', { account_id: world[0]!.id, access_token: 'no-such-token' });
    expect(shapeMismatches(env.answers.errors.find((e) => e.name === 'token_invalid')?.answer, invalid)).toEqual([]);
    expect(invalid.code).toBe(11002);
  });

  it('the adgroup and creative updates', async () => {
    const acc = world[0]!.id;
    const group = world[0]!.campaigns[0]!.id;
    const spec = (key: string, v: Record<string, unknown>) => ({ account_id: Number(acc), [key]: [{ adgroup_id: Number(group), ...v }] });
    expectShape(
      await call('adgroups-update-configured-status', {}, spec('update_configured_status_spec', { configured_status: 'AD_STATUS_NORMAL' })),
      'adgroups-update-configured-status',
    );
    expectShape(
      await call('adgroups-update-daily-budget', {}, spec('update_daily_budget_spec', { daily_budget: 900_000 })),
      'adgroups-update-daily-budget',
    );
    expectShape(
      await call('adgroups-update-bid-amount', {}, spec('update_bid_amount_spec', { bid_amount: 1 })),
      'adgroups-update-bid-amount',
    );
    const creative = world[0]!.campaigns[0]!.plans[0]!.id;
    expectShape(
      await call(
        'dynamic-creatives-update',
        {},
        { account_id: Number(acc), dynamic_creative_id: Number(creative), configured_status: 'AD_STATUS_NORMAL' },
      ),
      'dynamic-creatives-update',
    );
  });
});
