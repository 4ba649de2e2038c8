/** 微博 connector ⇄ sandbox over real HTTP: Bearer + customer_id, REST lists, PUT status, insights JSON, track/activate. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createWeiboConnector } from '../../src/server/connectors/weibo/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { hourStart } from '../../src/shared/china-clock.ts';
import { consent, FAST_HTTP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';

let h: Harness;
let conn: AdPlatformConnector;
let grant: TokenGrant;
let world: SeededAdvertiser[];
const auth = (): CallAuth => ({ kind: 'token', accessToken: grant.accessToken });
const REDIRECT = 'https://console.example.com/auloading';

beforeAll(async () => {
  h = await startSandbox();
  conn = createWeiboConnector(
    {
      ...SANDBOX_APPS.weibo,
      apiBase: `${h.base}/weibo`,
      authBase: `${h.base}/weibo`,
      http: FAST_HTTP,
      pageSize: 2,
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
  const { location } = await consent(
    conn.authorizeUrl({ state: 'w', redirectUri: REDIRECT }),
    'approve',
    world.map((a) => a.id),
  );
  grant = await conn.exchangeCode(location.searchParams.get('code')!, REDIRECT);
});
afterAll(async () => h?.close());

describe('微博', () => {
  it('authorises with response_type=code and lists the customers with a Bearer token', async () => {
    expect(new URL(conn.authorizeUrl({ state: 'w', redirectUri: REDIRECT })).searchParams.get('response_type')).toBe('code');
    expect((await h.requests('weibo', '/oauth/token'))[0]!.query).toEqual({
      client_id: SANDBOX_APPS.weibo.appId,
      client_secret: SANDBOX_APPS.weibo.appSecret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code: expect.any(String),
    });
    expect(await conn.listAdvertisers(auth())).toEqual(world.map((a) => ({ advertiserId: a.id, name: a.name })));
    const req = (await h.requests('weibo', '/customers')).at(-1)!;
    expect(req.headers).toMatchObject({ authorization: `Bearer ${grant.accessToken}`, accept: 'application/json,application/text+gw2.0' });
    await expect(conn.exchangeCode('bad-code', REDIRECT)).rejects.toMatchObject({ kind: 'refused', platformCode: '21325' });
  });

  it("lists ads of one customer (customer_id) with effective_status and paging; another customer's id is refused", async () => {
    const a = world[0]!.id;
    const p1 = await conn.listEntities(auth(), a, 'plan', null);
    const p2 = await conn.listEntities(auth(), a, 'plan', p1.next);
    expect([...p1.items, ...p2.items].map((e) => [e.rawStatus, e.status])).toEqual([
      ['2', 'delivering'],
      ['1', 'not_started'],
      ['3', 'paused'],
    ]);
    expect(p1.items[0]).toMatchObject({ bidFen: 35, landingUrl: `${h.monitor.base}/pub/3101?from=wb` });
    expect((await h.requests('weibo', '/ads')).at(-1)!.query).toEqual({ page: '2', page_size: '2', customer_id: a });
    expect((await conn.listEntities(auth(), a, 'creative', null)).items[0]).toMatchObject({ rawStatus: '1', status: 'delivering' });
    await expect(conn.listEntities(auth(), '6999999999', 'campaign', null)).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '20003',
    });
  });

  it('pauses through PUT …/status/{id}, changes budget and bid in yuan', async () => {
    const a = world[0]!;
    const ad = a.campaigns[0]!.plans[0]!.id;
    expect(await conn.updateStatus(auth(), a.id, 'plan', [ad], false)).toEqual([{ id: ad, ok: true }]);
    const req = (await h.requests('weibo', `/ads/status/${ad}`)).at(-1)!;
    expect(req).toMatchObject({ method: 'PUT', body: { update_status: true, status: 0 } });
    await conn.updateStatus(auth(), a.id, 'plan', [ad], true);
    expect(await conn.updateBudget!(auth(), a.id, 'campaign', a.campaigns[0]!.id, 1000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('不低于 50'),
    });
    expect(await conn.updateBudget!(auth(), a.id, 'campaign', a.campaigns[0]!.id, 300_000)).toEqual({ id: a.campaigns[0]!.id, ok: true });
    expect(await conn.updateBid!(auth(), a.id, 'plan', ad, 42)).toEqual({ id: ad, ok: true });
    expect((await h.requests('weibo', `/ads/${ad}`)).at(-1)!.body).toEqual({ bid_amount: 0.42 });
  });

  it('reports hourly through /insights/effect (data as JSON), ≥ pinged; the landing page gets mark_id', async () => {
    const a = world[0]!;
    const ad = a.campaigns[0]!.plans[0]!;
    h.monitor.hits.length = 0;
    await h.admin('weibo', 'POST', '/deliver', { planId: ad.id, shows: 0, clicks: 3 });
    await until(() => h.monitor.hits.length >= 6);
    expect(h.monitor.hits.find((u) => u.pathname === '/pub/3101')!.searchParams.get('mark_id')).toMatch(/^[0-9a-f]{24}$/);
    const now = h.clock.now();
    const facts = (await conn.hourlyReport(auth(), a.id, hourStart(now) - 3600, now)).filter((f) => f.planId === ad.id);
    expect(facts.reduce((s, f) => s + f.clicks, 0)).toBe(4);
    expect(facts.reduce((s, f) => s + f.costFen, 0)).toBe(3 * 42 + Math.ceil(3 * 42 * 0.02));
    const data = JSON.parse((await h.requests('weibo', '/insights/effect')).at(-1)!.query.data!);
    expect(data).toMatchObject({ dimension: ['ad'], granularity: ['ad', 'hour'], rows: 1000 });
  });

  it('refreshes with {client_id, refresh_token}; a dead refresh token is refresh_expired; conversions go to /v3/track/activate', async () => {
    await h.admin('weibo', 'POST', '/tokens', { action: 'expire', token: grant.accessToken });
    await expect(conn.listAdvertisers(auth())).rejects.toMatchObject({ kind: 'token_expired', platformCode: '21327' });
    const old = grant.refreshToken;
    grant = await conn.refresh(old);
    expect((await h.requests('weibo', '/oauth/refresh_token')).at(-1)!.body).toEqual({
      client_id: SANDBOX_APPS.weibo.appId,
      refresh_token: old,
    });
    await expect(conn.refresh(old)).rejects.toMatchObject({ kind: 'refresh_expired' });
    const { clicks } = await h.admin<{ clicks: Array<{ click_id: string }> }>('weibo', 'GET', '/clicks');
    await conn.postback(auth(), {
      callback: clicks[0]!.click_id,
      clickId: clicks[0]!.click_id,
      advertiserId: world[0]!.id,
      event: 'pay',
      timeMs: h.clock.nowMs(),
      amountFen: 8800,
      orderId: 'w1',
    });
    expect((await h.requests('weibo', '/v3/track/activate')).at(-1)!.query).toMatchObject({
      behavior: '1007',
      mark_id: clicks[0]!.click_id,
      paid_amount: '88',
    });
    await expect(
      conn.postback(auth(), {
        callback: 'x',
        clickId: 'nope',
        advertiserId: world[0]!.id,
        event: 'order',
        timeMs: h.clock.nowMs(),
        amountFen: 1,
        orderId: 'w2',
      }),
    ).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('mark_id 无效') });
  });
});
