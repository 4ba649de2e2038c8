/** 巨量 connector ⇄ sandbox over real HTTP: every call, exact request shapes, and the failure paths. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { ConnectorError } from '../../src/server/connectors/errors.ts';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { hourStart } from '../../src/shared/china-clock.ts';
import { consent, FAST_HTTP, FOREIGN_APP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';

let h: Harness;
let conn: AdPlatformConnector;
let grant: TokenGrant;
let world: SeededAdvertiser[];
const auth = (): CallAuth => ({ kind: 'token', accessToken: grant.accessToken });
const connectorFor = (app = SANDBOX_APPS.juliang, pageSize = 2) =>
  createJuliangConnector(
    {
      ...app,
      apiBase: `${h.base}/juliang/open_api`,
      authBase: `${h.base}/juliang`,
      postbackBase: `${h.base}/juliang/analytics/api/v2`,
      http: FAST_HTTP,
      pageSize,
    },
    undefined,
    { now: () => h.clock.now() },
  );
const REDIRECT = 'https://console.example.com/auloading';

async function authorise(c = conn, ids?: string[]): Promise<TokenGrant> {
  const { location } = await consent(c.authorizeUrl({ state: 's1', redirectUri: REDIRECT }), 'approve', ids);
  return c.exchangeCode(location.searchParams.get('auth_code')!, REDIRECT);
}

beforeAll(async () => {
  h = await startSandbox();
  conn = connectorFor();
  const m = h.monitor.base;
  world = await h.seed('juliang', {
    advertisers: [
      {
        name: '沙箱广告主一',
        balanceFen: 50_000_000,
        campaigns: [
          {
            name: '618 大促',
            budgetFen: null,
            plans: [
              {
                name: '计划-投放中',
                budgetFen: 1_000_000,
                bidFen: 5000,
                showUrl: `${m}/m/s/1001?ch=2&adv=__ADVERTISER_ID__&aid=__AID__&cid=__CID__&x=__NOT_A_MACRO__`,
                clickUrl: `${m}/m/c/1001?ch=2&adv=__ADVERTISER_ID__&camp=__CAMPAIGN_ID__&aid=__AID__&cb=__CALLBACK_PARAM__&ts=__TS__`,
                landingUrl: `${m}/pub/1001`,
                creatives: [{ name: '竖版视频 A', materialType: 'CREATIVE_IMAGE_MODE_VIDEO_VERTICAL' }],
              },
              { name: '计划-审核中', bidFen: 300, auditSeconds: 3600 },
              { name: '计划-被拒', bidFen: 300, rejected: true },
              { name: '计划-已暂停', bidFen: 300, enabled: false },
              { name: '计划-五', bidFen: 300 },
            ],
          },
        ],
      },
      { name: '沙箱广告主二', balanceFen: 1_000_000, campaigns: [] },
    ],
  });
  grant = await authorise(conn, [world[0]!.id]);
});
afterAll(async () => h?.close());

describe('巨量 OAuth', () => {
  it('builds the authorise URL on the consent host and shows a zh-CN consent page', async () => {
    const url = new URL(conn.authorizeUrl({ state: 'abc', redirectUri: REDIRECT }));
    expect(url.pathname).toBe('/sandbox/juliang/audit/oauth.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({ app_id: SANDBOX_APPS.juliang.appId, state: 'abc', redirect_uri: REDIRECT });
    const { page, location } = await consent(url.toString(), 'approve');
    expect(page).toContain('<html lang="zh-CN">');
    expect(page).toContain('沙箱广告主二');
    expect(page).not.toContain('<script');
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('abc');
    expect(location.searchParams.get('auth_code')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('exchanges a code with the exact body and gets the granted advertisers', async () => {
    expect(grant.advertiserIds).toEqual([world[0]!.id]);
    expect(grant.accessExpiresAt).toBeGreaterThan(h.clock.now() + 80_000);
    expect(grant.refreshExpiresAt).toBeGreaterThan(grant.accessExpiresAt);
    const [req] = await h.requests('juliang', '/oauth2/access_token/');
    expect(req).toMatchObject({ method: 'POST', path: '/open_api/oauth2/access_token/', headers: { 'content-type': 'application/json' } });
    expect(req!.body).toEqual({
      app_id: Number(SANDBOX_APPS.juliang.appId),
      secret: SANDBOX_APPS.juliang.appSecret,
      grant_type: 'auth_code',
      auth_code: expect.any(String),
    });
  });

  it('refuses a replayed code, a code of another app, a refused consent and a wrong secret, each with a clear message', async () => {
    const { location } = await consent(conn.authorizeUrl({ state: 's', redirectUri: REDIRECT }), 'approve');
    const code = location.searchParams.get('auth_code')!;
    await conn.exchangeCode(code, REDIRECT);
    await expect(conn.exchangeCode(code, REDIRECT)).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('已被使用'),
    });

    const foreign = connectorFor(FOREIGN_APP);
    const other = await consent(foreign.authorizeUrl({ state: 's', redirectUri: REDIRECT }), 'approve');
    await expect(conn.exchangeCode(other.location.searchParams.get('auth_code')!, REDIRECT)).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('auth_code 无效'),
    });

    const denied = await consent(conn.authorizeUrl({ state: 'st-9', redirectUri: REDIRECT }), 'deny');
    expect(denied.location.searchParams.get('error')).toBe('access_denied');
    expect(denied.location.searchParams.get('state')).toBe('st-9');
    expect(denied.location.searchParams.has('auth_code')).toBe(false);

    const wrong = connectorFor({ appId: SANDBOX_APPS.juliang.appId, appSecret: 'wrong' });
    await expect(wrong.exchangeCode('x', REDIRECT)).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('secret') });
  });

  it('lists the authorised advertisers (app credentials in the query, token in both)', async () => {
    expect(await conn.listAdvertisers(auth())).toEqual([{ advertiserId: world[0]!.id, name: '沙箱广告主一' }]);
    const req = (await h.requests('juliang', '/oauth2/advertiser/get')).at(-1)!;
    expect(req.method).toBe('GET');
    expect(req.query).toEqual({
      app_id: SANDBOX_APPS.juliang.appId,
      secret: SANDBOX_APPS.juliang.appSecret,
      access_token: grant.accessToken,
    });
    expect(req.headers['access-token']).toBe(grant.accessToken);
  });

  it('refuses an advertiser outside the grant', async () => {
    await expect(conn.listEntities(auth(), world[1]!.id, 'plan', null)).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('没有权限'),
    });
  });
});

describe('巨量 entities', () => {
  it('pages through plans with exact 19-digit ids, yuan→fen, monitors and moving statuses', async () => {
    const adv = world[0]!.id;
    const items = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await conn.listEntities(auth(), adv, 'plan', cursor);
      items.push(...page.items);
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    const planIds = world[0]!.campaigns[0]!.plans.map((p) => p.id);
    expect(items.map((e) => e.id)).toEqual(planIds);
    expect(planIds[0]).toMatch(/^73\d{17}$/);
    const [live, audit, denied, paused] = items;
    expect(live).toMatchObject({
      rawStatus: 'AD_STATUS_DELIVERY_OK',
      status: 'delivering',
      enabled: true,
      budgetFen: 1_000_000,
      bidFen: 5000,
      parentId: world[0]!.campaigns[0]!.id,
      landingUrl: `${h.monitor.base}/pub/1001`,
    });
    expect(live!.clickMonitorUrl).toContain('__CALLBACK_PARAM__');
    expect(audit).toMatchObject({ rawStatus: 'AD_STATUS_AUDIT', status: 'auditing' });
    expect(denied).toMatchObject({ rawStatus: 'AD_STATUS_AUDIT_DENY', status: 'rejected' });
    expect(paused).toMatchObject({ rawStatus: 'AD_STATUS_DISABLE', status: 'paused', enabled: false });
    const req = (await h.requests('juliang', '/2/ad/get/')).at(-1)!;
    expect(req).toMatchObject({
      method: 'GET',
      path: '/open_api/2/ad/get/',
      query: { advertiser_id: adv, page: '3', page_size: '2' },
      headers: { 'access-token': grant.accessToken },
    });
  });

  it('lists campaigns and creatives', async () => {
    const camps = await conn.listEntities(auth(), world[0]!.id, 'campaign', null);
    expect(camps.items[0]).toMatchObject({
      id: world[0]!.campaigns[0]!.id,
      level: 'campaign',
      name: '618 大促',
      rawStatus: 'CAMPAIGN_STATUS_ENABLE',
      budgetFen: null,
    });
    const cr = await conn.listEntities(auth(), world[0]!.id, 'creative', null);
    expect(cr.items[0]).toMatchObject({
      level: 'creative',
      parentId: world[0]!.campaigns[0]!.plans[0]!.id,
      rawStatus: 'CREATIVE_STATUS_DELIVERY_OK',
      materialType: 'CREATIVE_IMAGE_MODE_VIDEO_VERTICAL',
    });
  });

  it('token expired mid-sync → token_expired → refresh (rotating) → the sync completes; the old refresh token is dead', async () => {
    const adv = world[0]!.id;
    const first = await conn.listEntities(auth(), adv, 'plan', null);
    await h.admin('juliang', 'POST', '/tokens', { action: 'expire', which: 'access', token: grant.accessToken });
    const err = await conn.listEntities(auth(), adv, 'plan', first.next).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect((err as ConnectorError).kind).toBe('token_expired');
    const old = grant;
    grant = await conn.refresh(old.refreshToken);
    expect(grant.refreshToken).not.toBe(old.refreshToken);
    const second = await conn.listEntities(auth(), adv, 'plan', first.next);
    expect(second.items).toHaveLength(2);
    const req = (await h.requests('juliang', '/oauth2/refresh_token/')).at(-1)!;
    expect(req.body).toEqual({
      app_id: Number(SANDBOX_APPS.juliang.appId),
      secret: SANDBOX_APPS.juliang.appSecret,
      grant_type: 'refresh_token',
      refresh_token: old.refreshToken,
    });
    await expect(conn.refresh(old.refreshToken)).rejects.toMatchObject({ kind: 'refresh_expired' });
  });

  it('an expired refresh token, or a revoked grant, is refresh_expired (需要重新授权)', async () => {
    const g = await authorise(conn, [world[0]!.id]);
    await h.admin('juliang', 'POST', '/tokens', { action: 'expire', which: 'both', token: g.accessToken });
    await expect(conn.listAdvertisers({ kind: 'token', accessToken: g.accessToken })).rejects.toMatchObject({ kind: 'token_expired' });
    await expect(conn.refresh(g.refreshToken)).rejects.toMatchObject({ kind: 'refresh_expired', platformCode: '40103' });
    const r = await authorise(conn, [world[0]!.id]);
    await h.admin('juliang', 'POST', '/tokens', { action: 'revoke', token: r.accessToken });
    await expect(conn.refresh(r.refreshToken)).rejects.toMatchObject({ kind: 'refresh_expired' });
  });

  it('backs off on the rate-limit code and retries 5xx and timeouts until the call completes', async () => {
    await h.admin('juliang', 'DELETE', '/requests');
    await h.admin('juliang', 'POST', '/faults', { kind: 'rate_limit', count: 2, match: '/2/campaign/get/' });
    await h.admin('juliang', 'POST', '/faults', { kind: 'http5xx', count: 1, match: '/2/campaign/get/' });
    await h.admin('juliang', 'POST', '/faults', { kind: 'timeout', count: 1, match: '/2/campaign/get/', delayMs: 2500 });
    const page = await conn.listEntities(auth(), world[0]!.id, 'campaign', null);
    expect(page.items).toHaveLength(1);
    expect(await h.requests('juliang', '/2/campaign/get/')).toHaveLength(5);
  });
});

describe('巨量 changes', () => {
  it('pauses and resumes plans; a bad id fails the whole call with the platform message', async () => {
    const plan = world[0]!.campaigns[0]!.plans[4]!.id;
    expect(await conn.updateStatus(auth(), world[0]!.id, 'plan', [plan], false)).toEqual([{ id: plan, ok: true }]);
    const req = (await h.requests('juliang', '/2/ad/update/status/')).at(-1)!;
    expect(req.body).toEqual({ advertiser_id: Number(world[0]!.id), ad_ids: [plan], opt_status: 'disable' });
    const after = await conn.listEntities(auth(), world[0]!.id, 'plan', '3');
    expect(after.items.find((e) => e.id === plan)).toMatchObject({ rawStatus: 'AD_STATUS_DISABLE', enabled: false });
    const res = await conn.updateStatus(auth(), world[0]!.id, 'plan', [plan, '7300000000000009999'], true);
    expect(res.every((r) => !r.ok && r.message?.includes('7300000000000009999'))).toBe(true);
  });

  it("refuses a budget under 105 % of today's spend with the platform message and accepts a valid one; bids too", async () => {
    const plan = world[0]!.campaigns[0]!.plans[0]!;
    await h.admin('juliang', 'POST', '/deliver', { planId: plan.id, shows: 0, clicks: 250, landingRate: 0 });
    // 250 clicks × 50 yuan = 12 500 yuan spent today → at least 13 200 yuan (105 %, up to the next hundred).
    const low = await conn.updateBudget!(auth(), world[0]!.id, 'plan', plan.id, 1_300_000);
    expect(low).toMatchObject({ id: plan.id, ok: false, message: expect.stringContaining('105%') });
    expect(await conn.updateBudget!(auth(), world[0]!.id, 'plan', plan.id, 1_320_000)).toEqual({ id: plan.id, ok: true });
    const req = (await h.requests('juliang', '/2/ad/update/budget/')).at(-1)!;
    expect(req.body).toEqual({ advertiser_id: Number(world[0]!.id), data: [{ ad_id: plan.id, budget: 13200 }] });
    expect(JSON.stringify(req.body)).toBeTruthy();
    expect(await conn.updateBid!(auth(), world[0]!.id, 'plan', plan.id, 6012)).toEqual({ id: plan.id, ok: true });
    expect((await h.requests('juliang', '/2/ad/update/bid/')).at(-1)!.body).toEqual({
      advertiser_id: Number(world[0]!.id),
      data: [{ ad_id: plan.id, bid: 60.12 }],
    });
  });
});

describe('巨量 delivery, reports and postback', () => {
  it('pings the monitors with the macros filled, visits the landing page with clickid, and reports ≥ what was pinged', async () => {
    const adv = world[0]!;
    const plan = adv.campaigns[0]!.plans[0]!;
    h.monitor.hits.length = 0;
    const before = await h.admin<{ shows: number; clicks: number }>('juliang', 'GET', `/pinged/${plan.id}`);
    await h.admin('juliang', 'POST', '/deliver', { planId: plan.id, shows: 40, clicks: 6 });
    await until(() => h.monitor.hits.length >= 52);
    const shows = h.monitor.hits.filter((u) => u.pathname === '/m/s/1001');
    const clicks = h.monitor.hits.filter((u) => u.pathname === '/m/c/1001');
    const visits = h.monitor.hits.filter((u) => u.pathname === '/pub/1001');
    expect([shows.length, clicks.length, visits.length]).toEqual([40, 6, 6]);
    expect(shows[0]!.searchParams.get('adv')).toBe(adv.id);
    expect(shows[0]!.searchParams.get('aid')).toBe(plan.id);
    expect(shows[0]!.searchParams.get('cid')).toBe(plan.creatives[0]);
    expect(shows[0]!.searchParams.get('x')).toBe('__NOT_A_MACRO__');
    expect(clicks[0]!.searchParams.get('camp')).toBe(adv.campaigns[0]!.id);
    expect(clicks[0]!.searchParams.get('cb')).toMatch(/^B\./);
    expect(clicks[0]!.searchParams.get('ts')).toMatch(/^\d{13}$/);
    expect(visits[0]!.searchParams.get('clickid')).toMatch(/^[0-9a-f]{24}$/);

    const now = h.clock.now();
    const facts = await conn.hourlyReport(auth(), adv.id, hourStart(now) - 3600, now);
    const mine = facts.filter((f) => f.planId === plan.id);
    const pinged = await h.admin<{ shows: number; clicks: number }>('juliang', 'GET', `/pinged/${plan.id}`);
    expect(pinged.shows - before.shows).toBe(40);
    const total = mine.reduce((s, f) => ({ shows: s.shows + f.shows, clicks: s.clicks + f.clicks, cost: s.cost + f.costFen }), {
      shows: 0,
      clicks: 0,
      cost: 0,
    });
    expect(total.shows).toBe(pinged.shows + Math.ceil(pinged.shows * 0.03));
    expect(total.clicks).toBe(pinged.clicks + Math.ceil(pinged.clicks * 0.02));
    expect(total.clicks).toBeGreaterThanOrEqual(pinged.clicks);
    expect(mine[0]).toMatchObject({ advertiserId: adv.id, campaignId: adv.campaigns[0]!.id, hour: expect.any(Number) });
    const req = (await h.requests('juliang', '/2/report/ad/get/')).at(-1)!;
    expect(req.query).toMatchObject({
      advertiser_id: adv.id,
      time_granularity: 'STAT_TIME_GRANULARITY_HOURLY',
      group_by: '["STAT_GROUP_BY_FIELD_ID","STAT_GROUP_BY_FIELD_STAT_TIME"]',
      page_size: '1000',
    });
  });

  it('a paused plan stops sending: neither the admin delivery nor the live loop pings it', async () => {
    const plan = world[0]!.campaigns[0]!.plans[0]!;
    await conn.updateStatus(auth(), world[0]!.id, 'plan', [plan.id], false);
    h.monitor.hits.length = 0;
    const r = await h.admin<{ state: string; sent: { shows: number } }>('juliang', 'POST', '/deliver', {
      planId: plan.id,
      shows: 5,
      clicks: 5,
    });
    expect(r.state).toBe('paused');
    expect(h.sandbox.engine.deliveringPlans().map((p) => p.id)).not.toContain(plan.id);
    for (let i = 0; i < 5; i++) await h.sandbox.engine.tick();
    expect(h.monitor.hits.filter((u) => u.pathname.endsWith('/1001'))).toHaveLength(0);
    await conn.updateStatus(auth(), world[0]!.id, 'plan', [plan.id], true);
  });

  it('back-fills history that the report returns', async () => {
    await h.admin('juliang', 'POST', '/history', { days: 3 });
    const now = h.clock.now();
    const facts = await conn.hourlyReport(auth(), world[0]!.id, now - 3 * 86400, now);
    const hours = new Set(facts.map((f) => f.hour));
    expect(hours.size).toBeGreaterThan(48);
    expect(facts.some((f) => f.costFen > 0)).toBe(true);
    expect(facts.filter((f) => f.hour < hourStart(now)).every((f) => f.clicks <= f.shows)).toBe(true);
  });

  it('posts conversions with the click callback; the sandbox keeps them and refuses an unknown callback', async () => {
    const { clicks } = await h.admin<{ clicks: Array<{ callback: string; plan_id: string }> }>('juliang', 'GET', '/clicks');
    const click = clicks[0]!;
    await conn.postback(null, {
      callback: click.callback,
      advertiserId: world[0]!.id,
      event: 'pay',
      timeMs: h.clock.nowMs(),
      amountFen: 12_990,
      orderId: 'TB-1',
    });
    const req = (await h.requests('juliang', '/analytics/api/v2/conversion')).at(-1)!;
    expect(req.body).toEqual({
      event_type: 'shopping',
      context: { ad: { callback: click.callback } },
      timestamp: expect.any(Number),
      properties: { pay_amount: 12_990, order_id: 'TB-1' },
    });
    const { conversions } = await h.admin<{ conversions: Array<{ accepted: boolean; planId: string }> }>('juliang', 'GET', '/conversions');
    expect(conversions.at(-1)).toMatchObject({ accepted: true, planId: click.plan_id });
    await expect(
      conn.postback(null, {
        callback: 'B.nope',
        advertiserId: world[0]!.id,
        event: 'order',
        timeMs: h.clock.nowMs(),
        amountFen: 1,
        orderId: 'x',
      }),
    ).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('callback 无效') });
  });
});
