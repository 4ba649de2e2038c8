/** 快手 connector ⇄ sandbox over real HTTP: OAuth + approval list, 厘 budgets, yuan charge, status codes, /track/activate. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createKuaishouConnector } from '../../src/server/connectors/kuaishou/index.ts';
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
  conn = createKuaishouConnector(
    {
      ...SANDBOX_APPS.kuaishou,
      apiBase: `${h.base}/kuaishou`,
      authBase: `${h.base}/kuaishou`,
      postbackBase: `${h.base}/kuaishou`,
      http: FAST_HTTP,
      pageSize: 3,
    },
    undefined,
    { now: () => h.clock.now() },
  );
  const m = h.monitor.base;
  world = await h.seed('kuaishou', {
    advertisers: [
      {
        name: '快手沙箱店铺',
        campaigns: [
          {
            name: '快手计划',
            budgetFen: 600_000,
            plans: [
              {
                name: '组-有效',
                budgetFen: 20_000,
                bidFen: 150,
                landingUrl: `${m}/pub/3001`,
                clickUrl: `${m}/m/c/3001?ch=5&adv=__ACCOUNTID__&did=__DID__&aid=__AID__&cid=__CID__&cb=__CALLBACK__&imei=__IMEI2__`,
                showUrl: `${m}/m/s/3001?ch=5&aid=__AID__`,
                creatives: [{ name: '创意1' }, { name: '创意2', auditSeconds: 600 }],
              },
              { name: '组-审核中', auditSeconds: 600 },
              { name: '组-未通过', rejected: true },
              { name: '组-暂停', enabled: false },
            ],
          },
        ],
      },
      { name: '快手沙箱店铺二', campaigns: [] },
    ],
  });
  const url = conn.authorizeUrl({ state: 'k', redirectUri: REDIRECT });
  const { location } = await consent(
    url,
    'approve',
    world.map((a) => a.id),
  );
  grant = await conn.exchangeCode(location.searchParams.get('auth_code')!, REDIRECT);
});
afterAll(async () => h?.close());

describe('快手', () => {
  it('authorises with a JSON scope and lists approved accounts with names', async () => {
    const url = new URL(conn.authorizeUrl({ state: 'k', redirectUri: REDIRECT }));
    expect(url.pathname).toBe('/sandbox/kuaishou/tools/authorize');
    expect(JSON.parse(url.searchParams.get('scope')!)).toContain('report_service');
    expect(grant.advertiserIds).toEqual(world.map((a) => a.id));
    expect((await h.requests('kuaishou', '/oauth2/authorize/access_token'))[0]!.body).toEqual({
      app_id: Number(SANDBOX_APPS.kuaishou.appId),
      secret: SANDBOX_APPS.kuaishou.appSecret,
      auth_code: expect.any(String),
    });
    expect(await conn.listAdvertisers(auth())).toEqual([
      { advertiserId: world[0]!.id, name: '快手沙箱店铺' },
      { advertiserId: world[1]!.id, name: '快手沙箱店铺二' },
    ]);
    expect((await h.requests('kuaishou', '/approval/list'))[0]!.body).toMatchObject({
      access_token: grant.accessToken,
      page_no: 1,
      page_size: 1000,
    });
    expect((await h.requests('kuaishou', '/v1/advertiser/info'))[0]).toMatchObject({
      method: 'POST',
      headers: { 'access-token': grant.accessToken },
      body: { advertiser_id: Number(world[0]!.id) },
    });
  });

  it('reads units with spec §4 status codes and 厘 money; creatives carry the monitors', async () => {
    const a = world[0]!.id;
    const p1 = await conn.listEntities(auth(), a, 'plan', null);
    const p2 = await conn.listEntities(auth(), a, 'plan', p1.next);
    const units = [...p1.items, ...p2.items];
    expect(units.map((u) => [u.rawStatus, u.status])).toEqual([
      ['20', 'delivering'],
      ['11', 'auditing'],
      ['12', 'rejected'],
      ['15', 'paused'],
    ]);
    expect(units[0]).toMatchObject({ budgetFen: 20_000, bidFen: 150, landingUrl: `${h.monitor.base}/pub/3001` });
    const req = (await h.requests('kuaishou', '/v1/ad_unit/list')).at(-1)!;
    expect(req.body).toEqual({ advertiser_id: Number(a), page: 2, page_size: 3 });
    const cr = await conn.listEntities(auth(), a, 'creative', null);
    expect(cr.items[0]).toMatchObject({
      parentId: units[0]!.id,
      clickMonitorUrl: expect.stringContaining('__CALLBACK__'),
      rawStatus: '20',
    });
    expect(cr.items[1]).toMatchObject({ rawStatus: '11', status: 'auditing' });
    expect((await conn.listEntities(auth(), a, 'campaign', null)).items[0]).toMatchObject({
      rawStatus: '4',
      status: 'delivering',
      budgetFen: 600_000,
    });
  });

  it("writes budgets and bids in 厘 and shows the refusal of a budget under 120 % of today's spend", async () => {
    const a = world[0]!;
    const unit = a.campaigns[0]!.plans[0]!.id;
    await h.admin('kuaishou', 'POST', '/deliver', { planId: unit, shows: 0, clicks: 100, landingRate: 0 });
    // spent today: 100 × 1.50 yuan = 150 yuan → at least 180 yuan.
    expect(await conn.updateBudget!(auth(), a.id, 'plan', unit, 15_000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('120%'),
    });
    expect(await conn.updateBudget!(auth(), a.id, 'plan', unit, 30_000)).toEqual({ id: unit, ok: true });
    expect((await h.requests('kuaishou', '/day_budget')).at(-1)!.body).toEqual({
      advertiser_id: Number(a.id),
      unit_id: Number(unit),
      day_budget: 300_000,
    });
    expect(await conn.updateBudget!(auth(), a.id, 'campaign', a.campaigns[0]!.id, null)).toEqual({ id: a.campaigns[0]!.id, ok: true });
    expect(await conn.updateBid!(auth(), a.id, 'plan', unit, 180)).toEqual({ id: unit, ok: true });
    expect((await h.requests('kuaishou', '/ad_unit/update/bid')).at(-1)!.body).toMatchObject({ bid: 1800 });
  });

  it('pauses units (put_status 2), refreshes a dead token and retries 5xx', async () => {
    const a = world[0]!;
    const unit = a.campaigns[0]!.plans[1]!.id;
    expect(await conn.updateStatus(auth(), a.id, 'plan', [unit], false)).toEqual([{ id: unit, ok: true }]);
    expect((await h.requests('kuaishou', '/ad_unit/update/status')).at(-1)!.body).toEqual({
      advertiser_id: Number(a.id),
      unit_ids: [Number(unit)],
      put_status: 2,
    });
    await h.admin('kuaishou', 'POST', '/tokens', { action: 'expire', token: grant.accessToken });
    await expect(conn.listEntities(auth(), a.id, 'campaign', null)).rejects.toMatchObject({ kind: 'token_expired' });
    grant = await conn.refresh(grant.refreshToken);
    await h.admin('kuaishou', 'POST', '/faults', { kind: 'http5xx', count: 2, match: '/campaign/list' });
    await h.admin('kuaishou', 'POST', '/faults', { kind: 'rate_limit', count: 1, match: '/campaign/list' });
    expect((await conn.listEntities(auth(), a.id, 'campaign', null)).items).toHaveLength(1);
  });

  it('delivers with 快手 macros and the landing callback; the report gives charge in yuan → fen, ≥ pinged', async () => {
    const a = world[0]!;
    const unit = a.campaigns[0]!.plans[0]!;
    h.monitor.hits.length = 0;
    await h.admin('kuaishou', 'POST', '/deliver', { planId: unit.id, shows: 20, clicks: 4 });
    await until(() => h.monitor.hits.length >= 28);
    const click = h.monitor.hits.find((u) => u.pathname === '/m/c/3001')!;
    expect(click.searchParams.get('did')).toBe(a.campaigns[0]!.id);
    expect(click.searchParams.get('imei')).toMatch(/^[0-9a-f]{32}$/);
    const visit = h.monitor.hits.find((u) => u.pathname === '/pub/3001')!;
    expect(visit.searchParams.get('callback')).toBeTruthy();
    const now = h.clock.now();
    const facts = (await conn.hourlyReport(auth(), a.id, hourStart(now) - 3600, now)).filter((f) => f.planId === unit.id);
    const pinged = await h.admin<{ shows: number; clicks: number }>('kuaishou', 'GET', `/pinged/${unit.id}`);
    expect(facts.reduce((s, f) => s + f.clicks, 0)).toBe(pinged.clicks + Math.ceil(pinged.clicks * 0.02));
    expect(facts.reduce((s, f) => s + f.costFen, 0)).toBe(100 * 150 + 4 * 180 + Math.ceil((100 * 150 + 4 * 180) * 0.02)); // yuan on the wire, fen here
    expect((await h.requests('kuaishou', '/report/unit_report')).at(-1)!.body).toMatchObject({
      temporal_granularity: 'HOURLY',
      page_size: 2000,
    });
  });

  it('posts conversions to /track/activate and surfaces the refusal', async () => {
    const { clicks } = await h.admin<{ clicks: Array<{ callback: string }> }>('kuaishou', 'GET', '/clicks');
    await conn.postback(null, {
      callback: clicks[0]!.callback,
      advertiserId: world[0]!.id,
      event: 'pay',
      timeMs: h.clock.nowMs(),
      amountFen: 4590,
      orderId: 'o1',
    });
    expect((await h.requests('kuaishou', '/track/activate')).at(-1)!.query).toEqual({
      callback: clicks[0]!.callback,
      event_type: '3',
      event_time: expect.stringMatching(/^\d{13}$/),
      purchase_amount: '45.90',
    });
    await expect(
      conn.postback(null, { callback: 'nope', advertiserId: '1', event: 'pay', timeMs: h.clock.nowMs(), amountFen: 1, orderId: 'o2' }),
    ).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('callback 无效') });
  });
});
