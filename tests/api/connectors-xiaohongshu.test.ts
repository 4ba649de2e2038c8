/** 小红书 connector ⇄ sandbox over real HTTP: token-named accounts, page DTOs, offline/realtime hourly reports, the 1 h postback rule. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createXiaohongshuConnector } from '../../src/server/connectors/xiaohongshu/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS, SANDBOX_XIAOHONGSHU_CONVERSION } from '../../src/shared/ad-platforms.ts';
import { chinaDayStart, hourStart } from '../../src/shared/china-clock.ts';
import { consent, FAST_HTTP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';

let h: Harness;
let conn: AdPlatformConnector;
let grant: TokenGrant;
let world: SeededAdvertiser[];
const auth = (): CallAuth => ({ kind: 'token', accessToken: grant.accessToken });
const REDIRECT = 'https://console.example.com/auloading';

beforeAll(async () => {
  h = await startSandbox();
  conn = createXiaohongshuConnector(
    {
      ...SANDBOX_APPS.xiaohongshu,
      apiBase: `${h.base}/xiaohongshu`,
      authBase: `${h.base}/xiaohongshu`,
      conversion: { ...SANDBOX_XIAOHONGSHU_CONVERSION },
      http: FAST_HTTP,
      pageSize: 2,
    },
    undefined,
    { now: () => h.clock.now() },
  );
  const m = h.monitor.base;
  world = await h.seed('xiaohongshu', {
    advertisers: [
      {
        name: '小红书沙箱品牌',
        campaigns: [
          {
            name: '种草计划',
            budgetFen: 300_000,
            plans: [
              {
                name: '单元-A',
                bidFen: 90,
                landingUrl: `${m}/pub/4001`,
                clickUrl: `${m}/m/c/4001?ch=10&adv=__ADVERTISER_ID__&aid=__UNIT_ID__&cid=__CREATIVITY_ID__&clickid=__CLICK_ID__&cb=__CALLBACK_PARAM__`,
                creatives: [
                  { name: '笔记创意', auditSeconds: 0 },
                  { name: '审核中创意', auditSeconds: 900 },
                ],
              },
              { name: '单元-B', enabled: false },
              { name: '单元-C' },
            ],
          },
          { name: '暂停的计划', enabled: false },
        ],
      },
    ],
  });
  const { location } = await consent(conn.authorizeUrl({ state: 'r', redirectUri: REDIRECT }), 'approve', [world[0]!.id]);
  grant = await conn.exchangeCode(location.searchParams.get('auth_code')!, REDIRECT);
});
afterAll(async () => h?.close());

describe('小红书', () => {
  it('gets the authorised accounts with the token (there is no list call)', async () => {
    expect(grant.advertisers).toEqual([{ advertiserId: world[0]!.id, name: '小红书沙箱品牌' }]);
    expect((await h.requests('xiaohongshu', '/oauth2/access_token'))[0]).toMatchObject({
      method: 'POST',
      path: '/api/open/oauth2/access_token',
      body: { app_id: Number(SANDBOX_APPS.xiaohongshu.appId), secret: SANDBOX_APPS.xiaohongshu.appSecret, auth_code: expect.any(String) },
    });
    await expect(conn.listAdvertisers(auth())).rejects.toMatchObject({ kind: 'refused' });
  });

  it('pages campaigns with page DTOs, units with page/page_size, and reads statuses and monitors', async () => {
    const a = world[0]!.id;
    const camps = await conn.listEntities(auth(), a, 'campaign', null);
    expect(camps.items.map((c) => [c.name, c.rawStatus, c.status, c.budgetFen])).toEqual([
      ['种草计划', '1', 'delivering', 300_000],
      ['暂停的计划', '2', 'paused', null],
    ]);
    expect((await h.requests('xiaohongshu', '/jg/campaign/list')).at(-1)!.body).toEqual({
      advertiser_id: Number(a),
      page: { page_index: 1, page_size: 2 },
    });
    const u1 = await conn.listEntities(auth(), a, 'plan', null);
    const u2 = await conn.listEntities(auth(), a, 'plan', u1.next);
    expect([...u1.items, ...u2.items].map((u) => [u.rawStatus, u.status])).toEqual([
      ['1', 'delivering'],
      ['0', 'paused'],
      ['1', 'delivering'],
    ]);
    expect((await h.requests('xiaohongshu', '/jg/unit/list')).at(-1)!.body).toEqual({ advertiser_id: Number(a), page: 2, page_size: 2 });
    const cr = await conn.listEntities(auth(), a, 'creative', null);
    expect(cr.items.map((c) => c.status)).toEqual(['delivering', 'auditing']);
    expect(cr.items[0]!.clickMonitorUrl).toContain('__CLICK_ID__');
  });

  it('reads today from the realtime report and earlier days from the offline one; fee strings in yuan → fen', async () => {
    const a = world[0]!;
    const unit = a.campaigns[0]!.plans[0]!;
    h.monitor.hits.length = 0;
    await h.admin('xiaohongshu', 'POST', '/deliver', { planId: unit.id, shows: 25, clicks: 5 });
    await until(() => h.monitor.hits.length >= 10);
    const click = h.monitor.hits.find((u) => u.pathname === '/m/c/4001')!;
    expect(click.searchParams.get('aid')).toBe(unit.id);
    expect(click.searchParams.get('clickid')).toMatch(/^[0-9a-f]{24}$/);
    await h.admin('xiaohongshu', 'POST', '/history', { days: 2 });
    const now = h.clock.now();
    const facts = await conn.hourlyReport(auth(), a.id, chinaDayStart(now) - 2 * 86400, now);
    const today = facts.filter((f) => f.planId === unit.id && f.hour >= chinaDayStart(now));
    expect(today.reduce((s, f) => s + f.clicks, 0)).toBeGreaterThanOrEqual(5);
    // the realtime report has no hours: today's totals so far, one day-to-date fact per unit at the current hour
    expect(today.every((f) => f.dayToDate === true && f.hour === hourStart(now))).toBe(true);
    expect(today.reduce((s, f) => s + f.costFen, 0)).toBeGreaterThanOrEqual(5 * 90);
    expect(facts.some((f) => f.hour < chinaDayStart(now))).toBe(true);
    const kinds = (await h.requests('xiaohongshu', '/jg/data/report/')).map((r) => r.path);
    expect(kinds).toEqual(['/api/open/jg/data/report/offline/unit', '/api/open/jg/data/report/realtime/unit']);
  });

  it('pauses units, changes campaign budget (fen) and unit bid; a refusal carries the message', async () => {
    const a = world[0]!;
    const camp = a.campaigns[0]!.id;
    expect(await conn.updateStatus(auth(), a.id, 'plan', [a.campaigns[0]!.plans[2]!.id], false)).toEqual([
      { id: a.campaigns[0]!.plans[2]!.id, ok: true },
    ]);
    expect((await h.requests('xiaohongshu', '/jg/unit/update/status')).at(-1)!.body).toEqual({
      advertiser_id: Number(a.id),
      unit_ids: [Number(a.campaigns[0]!.plans[2]!.id)],
      status: 2,
    });
    expect(await conn.updateBudget!(auth(), a.id, 'campaign', camp, 5000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('10000'),
    });
    expect(await conn.updateBudget!(auth(), a.id, 'campaign', camp, 500_000)).toEqual({ id: camp, ok: true });
    expect((await h.requests('xiaohongshu', '/jg/campaign/update')).at(-1)!.body).toEqual({
      advertiser_id: Number(a.id),
      campaign_id: Number(camp),
      limit_day_budget: 1,
      campaign_day_budget: 500_000,
    });
    expect(await conn.updateBid!(auth(), a.id, 'plan', a.campaigns[0]!.plans[0]!.id, 120)).toEqual({
      id: a.campaigns[0]!.plans[0]!.id,
      ok: true,
    });
  });

  it('refresh: an expired token answers a code no source documents (retried, unclassified); a refresh brings the calls back; the rate-limit answer is retried', async () => {
    await h.admin('xiaohongshu', 'POST', '/tokens', { action: 'expire', token: grant.accessToken });
    await expect(conn.listEntities(auth(), world[0]!.id, 'campaign', null)).rejects.toMatchObject({
      kind: 'transient',
      unclassified: true,
    });
    grant = await conn.refresh(grant.refreshToken);
    expect(grant.advertisers).toHaveLength(1);
    await h.admin('xiaohongshu', 'POST', '/faults', { kind: 'rate_limit', count: 2, match: '/jg/campaign/list' });
    expect((await conn.listEntities(auth(), world[0]!.id, 'campaign', null)).items).toHaveLength(2);
  });

  it('posts conversions with click_id and callback_param; more than 1 h late is refused', async () => {
    const { clicks } = await h.admin<{ clicks: Array<{ click_id: string; callback: string }> }>('xiaohongshu', 'GET', '/clicks');
    const c0 = clicks[0]!;
    await conn.postback(auth(), {
      callback: c0.callback,
      clickId: c0.click_id,
      advertiserId: world[0]!.id,
      event: 'order',
      timeMs: h.clock.nowMs() - 60_000,
      amountFen: 9900,
      orderId: 'o-1',
    });
    const sent = (await h.requests('xiaohongshu', '/api/open/conversion')).at(-1)!;
    // the operations-issued pair, not the OAuth app and token; the order under context.product
    expect(sent.body).toEqual({
      app_id: SANDBOX_XIAOHONGSHU_CONVERSION.appId,
      access_token: SANDBOX_XIAOHONGSHU_CONVERSION.token,
      event_type: 1,
      timestamp: expect.any(Number),
      click_id: c0.click_id,
      context: { ad: { callback_param: c0.callback }, product: { order_id: 'o-1', order_count: 1, pay_amount: 9900 } },
    });
    expect(sent.headers['access-token']).toBeUndefined();
    await expect(
      conn.postback(auth(), {
        callback: c0.callback,
        clickId: c0.click_id,
        advertiserId: world[0]!.id,
        event: 'order',
        timeMs: h.clock.nowMs() - 2 * 3600_000,
        amountFen: 9900,
        orderId: 'o-2',
      }),
    ).rejects.toMatchObject({ unclassified: true, message: expect.stringContaining('超过 1 小时') });
    // 小红书's refusal code is documented nowhere: retried (the platform refuses each time), never accepted
    const { conversions } = await h.admin<{ conversions: Array<{ accepted: boolean }> }>('xiaohongshu', 'GET', '/conversions');
    expect(conversions[0]!.accepted).toBe(true);
    expect(conversions.slice(1).every((c) => !c.accepted) && conversions.length > 1).toBe(true);
  });
});
