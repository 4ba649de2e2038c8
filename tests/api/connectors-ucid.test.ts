/**
 * UC 汇川 connector ⇄ sandbox over real HTTP: per-account credentials in the body header, header.status, plans grouped
 * per 推广组, async CSV reports with an int64 taskId; and the sandbox's answers checked against the protocol fixtures
 * (tests/fixtures/platforms/ucid/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth } from '../../src/server/connectors/ad-platform.ts';
import { createUcidConnector } from '../../src/server/connectors/ucid/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { hourStart } from '../../src/shared/china-clock.ts';
import { rawId } from '../../src/shared/lossless-json.ts';
import { FAST_HTTP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';
import { loadFixture, shapeMismatches } from '../support/platform-fixtures.ts';

let h: Harness;
let conn: AdPlatformConnector;
let world: SeededAdvertiser[];
const auth: CallAuth = { kind: 'credentials', username: 'uc-shop-1', password: 'pw-1', token: 'tok-1' };

beforeAll(async () => {
  h = await startSandbox();
  conn = createUcidConnector({ apiBase: `${h.base}/ucid`, postbackBase: `${h.base}/ucid`, http: FAST_HTTP, reportPollMs: 5 }, undefined, {
    now: () => h.clock.now(),
  });
  const m = h.monitor.base;
  world = await h.seed('ucid', {
    advertisers: [
      {
        name: 'UC 沙箱账户',
        username: 'uc-shop-1',
        password: 'pw-1',
        apiToken: 'tok-1',
        campaigns: [
          {
            name: '推广组 A',
            plans: [
              {
                name: '计划-投放中',
                budgetFen: 100_000,
                bidFen: 60,
                landingUrl: `${m}/pub/8001`,
                clickUrl: `${m}/m/c/8001?ch=8&adv={ACCOUNT_ID}&aid={UNIT_ID}&cb={CALLBACK_URL}&imei={IMEI_SUM1}`,
                creatives: [{ name: '图文创意' }],
              },
              { name: '计划-暂停', enabled: false },
              { name: '计划-终止', rejected: true },
            ],
          },
        ],
      },
      {
        name: '另一个 UC 账户',
        username: 'uc-shop-2',
        password: 'pw-2',
        apiToken: 'tok-2',
        campaigns: [{ name: '别人的组', plans: [{ name: '别人的计划' }] }],
      },
    ],
  });
});
afterAll(async () => h?.close());

describe('UC 汇川', () => {
  it('has no OAuth and authenticates with the account header; a wrong password is refused', async () => {
    expect(conn.authKind).toBe('credentials');
    expect(() => conn.authorizeUrl({ state: 's', redirectUri: 'https://x/y' })).toThrow(/没有 OAuth/);
    expect(await conn.listAdvertisers(auth)).toEqual([{ advertiserId: world[0]!.id, name: 'UC 沙箱账户' }]);
    expect((await h.requests('ucid', '/account/getAccount'))[0]).toMatchObject({
      method: 'POST',
      path: '/api/account/getAccount',
      body: { header: { username: 'uc-shop-1', password: 'pw-1', token: 'tok-1' } },
    });
    await expect(conn.listAdvertisers({ ...auth, password: 'nope' })).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '8101',
      message: expect.stringContaining('用户名或密码错误'),
    });
    await expect(conn.listAdvertisers({ kind: 'token', accessToken: 'x' })).rejects.toMatchObject({ kind: 'protocol' });
  });

  it('lists 推广组, 推广计划 (spec §4 codes) and 创意, only of this account', async () => {
    const adv = world[0]!.id;
    const groups = await conn.listEntities(auth, adv, 'campaign', null);
    expect(groups.items.map((g) => g.name)).toEqual(['推广组 A']);
    const plans = await conn.listEntities(auth, adv, 'plan', null);
    expect(plans.items.map((p) => [p.name, p.rawStatus, p.status])).toEqual([
      ['计划-投放中', '14', 'delivering'],
      ['计划-暂停', '4', 'paused'],
      ['计划-终止', '16', 'done'],
    ]);
    expect(plans.items[0]).toMatchObject({
      budgetFen: 100_000,
      bidFen: 60,
      landingUrl: `${h.monitor.base}/pub/8001`,
      parentId: world[0]!.campaigns[0]!.id,
    });
    expect((await h.requests('ucid', '/campaign/getCampaignByAdGroupId')).at(-1)!.body).toEqual({
      header: expect.any(Object),
      body: { adGroupIds: [Number(world[0]!.campaigns[0]!.id)] },
    });
    expect((await conn.listEntities(auth, adv, 'creative', null)).items).toMatchObject([
      { name: '图文创意', parentId: world[0]!.campaigns[0]!.plans[0]!.id },
    ]);
    const other = await conn.updateStatus(auth, adv, 'plan', [world[1]!.campaigns[0]!.plans[0]!.id], false);
    expect(other[0]).toMatchObject({ ok: false, message: expect.stringContaining('不存在') });
  });

  it('pings with UC curly-brace macros and polls the async report until the CSV is ready (cost yuan → fen, ≥ pinged)', async () => {
    const plan = world[0]!.campaigns[0]!.plans[0]!;
    h.monitor.hits.length = 0;
    await h.admin('ucid', 'POST', '/deliver', { planId: plan.id, shows: 10, clicks: 4 });
    await until(() => h.monitor.hits.length >= 8);
    const click = h.monitor.hits.find((u) => u.pathname === '/m/c/8001')!;
    expect(click.searchParams.get('adv')).toBe(world[0]!.id);
    expect(click.searchParams.get('aid')).toBe(plan.id);
    expect(click.searchParams.get('cb')).toContain(`${h.base}/ucid/callback/appapi?click_id=`);
    expect(h.monitor.hits.find((u) => u.pathname === '/pub/8001')!.searchParams.get('uctrackid')).toBeTruthy();
    const now = h.clock.now();
    const facts = (await conn.hourlyReport(auth, world[0]!.id, hourStart(now) - 3600, now)).filter((f) => f.planId === plan.id);
    expect(facts.reduce((s, f) => s + f.clicks, 0)).toBe(5);
    expect(facts.reduce((s, f) => s + f.costFen, 0)).toBe(4 * 60 + Math.ceil(4 * 60 * 0.02));
    expect(facts[0]).toMatchObject({ campaignId: world[0]!.campaigns[0]!.id });
    const paths = (await h.requests('ucid', '/report/')).map((r) => r.path);
    expect(paths).toEqual(['/api/report/campaign', '/api/report/getFile', '/api/report/getFile', '/api/report/downloadFile']);
    expect((await h.requests('ucid', '/report/campaign'))[0]!.body).toMatchObject({
      body: { unitOfTime: 7, performanceData: ['impression', 'click', 'cost', 'conversion'] },
    });
    // the 19-digit taskId went back exactly as the sandbox issued it (a rounded one finds no task)
    const ids = (await h.requests('ucid', '/report/')).slice(1).map((r) => (r.body as { body: { taskId: unknown } }).body.taskId);
    expect(new Set(ids).size).toBe(1);
    expect(String(ids[0])).toMatch(/^8\d{18}$/);
  });

  it("pauses, changes budget and bid in yuan; a budget under today's spend is refused; quota exhaustion is backed off", async () => {
    const plan = world[0]!.campaigns[0]!.plans[0]!.id;
    expect(await conn.updateStatus(auth, world[0]!.id, 'plan', [plan], false)).toEqual([{ id: plan, ok: true }]);
    expect((await h.requests('ucid', '/campaign/paused/update')).at(-1)!.body).toMatchObject({
      body: { campaignIds: [Number(plan)], paused: true },
    });
    await conn.updateStatus(auth, world[0]!.id, 'plan', [plan], true);
    await h.admin('ucid', 'POST', '/deliver', { planId: plan, shows: 0, clicks: 100, landingRate: 0 });
    expect(await conn.updateBudget!(auth, world[0]!.id, 'plan', plan, 6000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('今日已消费'),
    });
    expect(await conn.updateBudget!(auth, world[0]!.id, 'plan', plan, 200_000)).toEqual({ id: plan, ok: true });
    expect((await h.requests('ucid', '/campaign/budget/update')).at(-1)!.body).toMatchObject({
      body: { budget: 2000, forceBudget: false },
    });
    await h.admin('ucid', 'POST', '/faults', { kind: 'rate_limit', count: 2, match: '/campaign/bid/update' });
    expect(await conn.updateBid!(auth, world[0]!.id, 'plan', plan, 75)).toEqual({ id: plan, ok: true });
    expect((await h.requests('ucid', '/campaign/bid/update')).length).toBe(3);
  });

  it('posts conversions through the click callback URL; a foreign URL is refused', async () => {
    const { clicks } = await h.admin<{ clicks: Array<{ callback: string }> }>('ucid', 'GET', '/clicks');
    await conn.postback(null, {
      callback: clicks[0]!.callback,
      advertiserId: world[0]!.id,
      event: 'pay',
      timeMs: h.clock.nowMs(),
      amountFen: 100,
      orderId: 'u1',
    });
    expect((await h.requests('ucid', '/callback/appapi')).at(-1)!.query).toMatchObject({
      type: '28',
      event_time: expect.stringMatching(/^\d{13}$/),
    });
    await expect(
      conn.postback(null, {
        callback: `${h.base}/juliang/_admin/world`,
        advertiserId: '1',
        event: 'pay',
        timeMs: h.clock.nowMs(),
        amountFen: 1,
        orderId: 'u2',
      }),
    ).rejects.toMatchObject({ kind: 'refused' });
  });
});

describe('UC sandbox answers have the shapes of the protocol fixtures', () => {
  const fx = (name: string) => loadFixture('ucid', name);
  const post = async (name: string, body?: unknown) => {
    const f = fx(name);
    const res = await fetch(`${h.base}/ucid${f.call.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body === undefined ? { header: { username: 'uc-shop-1', password: 'pw-1', token: 'tok-1' } } : body),
    });
    return { res, text: await res.text() };
  };
  const header = { username: 'uc-shop-1', password: 'pw-1', token: 'tok-1' };
  const expectShape = (name: string, text: string) => expect(shapeMismatches(fx(name).answers.ok, JSON.parse(text))).toEqual([]);

  it('account, 推广组 ids, plans grouped per 推广组, and a refusal with its failures', async () => {
    expectShape('account-get-account', (await post('account-get-account')).text);
    expectShape('adgroup-get-all-ad-group-id', (await post('adgroup-get-all-ad-group-id')).text);
    const groups = [Number(world[0]!.campaigns[0]!.id)];
    expectShape(
      'campaign-get-campaign-by-ad-group-id',
      (await post('campaign-get-campaign-by-ad-group-id', { header, body: { adGroupIds: groups } })).text,
    );
    const refused = await post('account-get-account', { header: { ...header, password: 'x' } });
    expect(shapeMismatches(fx('account-get-account').answers.errors[0]?.answer, JSON.parse(refused.text))).toEqual([]);
  });

  it('the report task: an int64 taskId, getFile until ready, an empty file before, CSV after', async () => {
    const plan = world[0]!.campaigns[0]!.plans[0]!.id;
    const today = new Date(h.clock.nowMs() + 8 * 3600_000).toISOString().slice(0, 10);
    const task = await post('report-campaign', {
      header,
      body: { startDate: today, endDate: today, unitOfTime: 7, performanceData: ['impression', 'click', 'cost', 'conversion'] },
    });
    expectShape('report-campaign', task.text);
    const taskId = /"taskId":(\d+)/.exec(task.text)?.[1] ?? '';
    expect(taskId).toMatch(/^\d{19}$/);
    const raw = () => ({ header, body: { taskId: rawId(taskId) } });
    const early = await post('report-download-file', raw());
    expect(early.text).toBe(fx('report-download-file').answers.errors[0]?.answer);
    expectShape('report-get-file', (await post('report-get-file', raw())).text);
    await post('report-get-file', raw());
    const csv = await post('report-download-file', raw());
    expect(csv.res.headers.get('content-type')).toContain('octet-stream');
    expect(csv.text.split('\n')[0]).toBe((fx('report-download-file').answers.ok as string).split('\n')[0]);
    expect(csv.text).toContain(plan);
    // a taskId sent as a string is not the documented int64
    expect(JSON.parse((await post('report-get-file', { header, body: { taskId } })).text).header.status).not.toBe(0);
  });

  it('pause, budget (with forceBudget) and bid answers', async () => {
    const plan = Number(world[0]!.campaigns[0]!.plans[1]!.id);
    expectShape(
      'campaign-paused-update',
      (await post('campaign-paused-update', { header, body: { campaignIds: [plan], paused: true } })).text,
    );
    expectShape(
      'campaign-budget-update',
      (await post('campaign-budget-update', { header, body: { campaignIds: [plan], budget: 900, forceBudget: false } })).text,
    );
    expectShape('campaign-bid-update', (await post('campaign-bid-update', { header, body: { campaignIds: [plan], bid: 1.2 } })).text);
  });
});
