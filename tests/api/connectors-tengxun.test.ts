/** 腾讯 connector ⇄ sandbox over real HTTP: OAuth, the access_token/timestamp/nonce query, entities, hourly report, changes, postback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createTengxunConnector } from '../../src/server/connectors/tengxun/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { hourStart } from '../../src/shared/china-clock.ts';
import { consent, FAST_HTTP, FOREIGN_APP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';

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
    now ? { now } : {},
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

  it('sends access_token, timestamp and a fresh nonce on every call; lists the organisation accounts', async () => {
    expect(await conn.listAdvertisers(auth())).toEqual([{ advertiserId: world[0]!.id, name: '腾讯沙箱广告主' }]);
    await conn.listAdvertisers(auth());
    const reqs = await h.requests('tengxun', '/v3.0/organization_account_relation/get');
    expect(reqs.at(-1)!.query).toMatchObject({
      access_token: grant.accessToken,
      pagination_mode: 'PAGINATION_MODE_NORMAL',
      page: '1',
      page_size: '100',
    });
    expect(Math.abs(Number(reqs.at(-1)!.query.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(reqs.at(-1)!.query.nonce).toMatch(/^[0-9a-f]{16}$/);
    expect(reqs.at(-1)!.query.nonce).not.toBe(reqs.at(-2)!.query.nonce);
  });

  it('refuses a stale timestamp and a replayed nonce with the platform code', async () => {
    const late = connectorFor(SANDBOX_APPS.tengxun, () => Math.floor(Date.now() / 1000) - 1000);
    // the sandbox's timestamp code is documented nowhere: unclassified (retried with back-off), never re-authorise
    await expect(late.listAdvertisers(auth())).rejects.toMatchObject({ kind: 'transient', unclassified: true, platformCode: '11003' });
    const q = new URLSearchParams({
      access_token: grant.accessToken,
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: 'same-nonce-1',
      pagination_mode: 'PAGINATION_MODE_NORMAL',
    });
    const url = `${h.base}/tengxun/v3.0/organization_account_relation/get?${q}`;
    expect(((await (await fetch(url)).json()) as { code: number }).code).toBe(0);
    expect(await (await fetch(url)).json()).toMatchObject({ code: 11001, message_cn: expect.stringContaining('nonce 重复') });
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
    expect(click.searchParams.get('cb')).toContain(`${h.base}/tengxun/conv/callback?cb=`);
    expect(h.monitor.hits.find((u) => u.pathname === '/pub/2001')!.searchParams.get('gdt_vid')).toMatch(/^wx0/);
    const now = Math.floor(Date.now() / 1000);
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

  it('posts conversions to the click callback; a callback on another host is refused before any request', async () => {
    const { clicks } = await h.admin<{ clicks: Array<{ click_id: string; callback: string; plan_id: string }> }>(
      'tengxun',
      'GET',
      '/clicks',
    );
    const click = clicks[0]!;
    await conn.postback(null, {
      callback: click.callback,
      clickId: click.click_id,
      advertiserId: world[0]!.id,
      event: 'order',
      timeMs: Date.now(),
      amountFen: 5990,
      orderId: 'JD-7',
    });
    const req = (await h.requests('tengxun', '/conv/callback')).at(-1)!;
    expect(req.body).toEqual({
      actions: [
        {
          outer_action_id: 'JD-7',
          action_time: expect.any(Number),
          action_type: 'COMPLETE_ORDER',
          trace: { click_id: click.click_id },
          action_param: { value: 5990 },
        },
      ],
    });
    const { conversions } = await h.admin<{ conversions: Array<{ accepted: boolean; planId: string }> }>('tengxun', 'GET', '/conversions');
    expect(conversions.at(-1)).toMatchObject({ accepted: true, planId: click.plan_id });
    await expect(
      conn.postback(null, {
        callback: 'http://169.254.169.254/latest/meta-data',
        advertiserId: '1',
        event: 'pay',
        timeMs: Date.now(),
        amountFen: 1,
        orderId: 'x',
      }),
    ).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('不属于平台') });
  });
});
