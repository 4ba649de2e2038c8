/**
 * The 巨量 sandbox checked against the same fixtures the connector is tested on: a v2 advertiser, an advertiser on
 * 升级版 (v3.0 项目/广告), and a grant of a 管家 and a 代理商 that reaches the advertisers they hold. Every answer the
 * sandbox gives the connector (and its error answers) must have the fixture's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { parseJson } from '../../src/shared/lossless-json.ts';
import { consent, FAST_HTTP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';
import { fixtureNames, loadFixture, recordingFetch, shapeMismatches } from '../support/platform-fixtures.ts';

let h: Harness;
let conn: AdPlatformConnector;
let grant: TokenGrant;
let seeded: SeededAdvertiser[];
const rec = recordingFetch();
const auth = (): CallAuth => ({ kind: 'token', accessToken: grant.accessToken });
const REDIRECT = 'https://console.example.com/auloading';
const answerTo = (name: string) => {
  const path = loadFixture('juliang', name).call.path;
  const e = rec.exchanges.filter((x) => x.url.pathname.endsWith(path) && x.text.includes('"code":0')).at(-1);
  if (!e) throw new Error(`no successful call to ${path}`);
  return JSON.parse(e.text) as unknown; // the JSON types as sent (a 19-digit id is a number, whatever its precision)
};
const tree = (name: string, v3 = false) => ({
  name,
  balanceFen: 100_000_000,
  ...(v3 ? { model: 'v3' as const } : {}),
  campaigns: [
    {
      name: `${name}-组`,
      budgetFen: 500_000,
      plans: [
        {
          name: `${name}-计划`,
          budgetFen: 100_000,
          bidFen: 80,
          landingUrl: `${'http://127.0.0.1:9'}/pub/${v3 ? 1202 : 1201}`,
          clickUrl: `http://127.0.0.1:9/m/c/${v3 ? 1202 : 1201}?ch=2&camp=__CAMPAIGN_ID__&proj=__PROJECT_ID__&aid=__AID__&promo=__PROMOTION_ID__&cb=__CALLBACK_PARAM__`,
          creatives: [{ name: '创意' }],
        },
        { name: `${name}-审核中`, bidFen: 50, auditSeconds: 3600 },
      ],
    },
  ],
});

beforeAll(async () => {
  h = await startSandbox();
  conn = createJuliangConnector(
    {
      ...SANDBOX_APPS.juliang,
      apiBase: `${h.base}/juliang/open_api`,
      authBase: `${h.base}/juliang`,
      postbackBase: `${h.base}/juliang/analytics/api/v2`,
      http: FAST_HTTP,
    },
    rec.fetch,
    { now: () => h.clock.now() },
  );
  const m = h.monitor.base;
  const spec = JSON.parse(
    JSON.stringify({
      advertisers: [
        tree('v2 广告主'),
        tree('升级版广告主', true),
        { name: '账号管家', role: 'majordomo', children: [tree('管家下的广告主'), tree('管家下的升级版', true)] },
        { name: '代理商', role: 'agent', children: [tree('代理客户')] },
      ],
    }).replaceAll('http://127.0.0.1:9', m),
  );
  seeded = await h.seed('juliang', spec);
  const ticked = seeded.map((a) => a.id); // the two advertisers, the 管家 and the 代理商
  const { location } = await consent(conn.authorizeUrl({ state: 's', redirectUri: REDIRECT }), 'approve', ticked);
  grant = await conn.exchangeCode(location.searchParams.get('auth_code')!, REDIRECT);
});
afterAll(async () => h?.close());

describe('巨量 sandbox answers have the fixtures’ shapes', () => {
  it('a grant of a 管家 and a 代理商 binds the advertisers they hold, not the holders', () => {
    const [v2, v3, majordomo, agent] = seeded;
    expect(grant.advertisers!.map((a) => a.name).sort()).toEqual(
      ['v2 广告主', '代理客户', '升级版广告主', '管家下的升级版', '管家下的广告主'].sort(),
    );
    expect(grant.advertiserIds).toEqual(
      expect.arrayContaining([v2!.id, v3!.id, ...majordomo!.children!.map((c) => c.id), agent!.children![0]!.id]),
    );
    expect(grant.advertiserIds).not.toContain(majordomo!.id);
    expect(grant.advertiserIds).not.toContain(agent!.id);
  });

  it('every call the connector makes, for v2 and 升级版 accounts, answered as the sources document it', async () => {
    const [v2, v3] = seeded;
    const now = h.clock.now();
    for (const adv of [v2!, v3!, seeded[2]!.children![1]!]) {
      for (const level of ['campaign', 'plan', 'creative'] as const) await conn.listEntities(auth(), adv.id, level, null);
      const plan = adv.campaigns[0]!.plans[0]!;
      h.monitor.hits.length = 0;
      await h.admin('juliang', 'POST', '/deliver', { planId: plan.id, shows: 4, clicks: 2, landingRate: 0 });
      await until(() => h.monitor.hits.length >= 2);
      await conn.hourlyReport(auth(), adv.id, now - 3600, now);
      await conn.updateStatus(auth(), adv.id, 'plan', [plan.id], true);
      await conn.updateStatus(auth(), adv.id, 'campaign', [adv.campaigns[0]!.id], true);
      await conn.updateBudget!(auth(), adv.id, 'plan', plan.id, 130_000);
      await conn.updateBid!(auth(), adv.id, 'plan', plan.id, 90);
    }
    await conn.updateStatus(auth(), v2!.id, 'creative', v2!.campaigns[0]!.plans[0]!.creatives, true);
    await conn.updateBudget!(auth(), v3!.id, 'campaign', v3!.campaigns[0]!.id, 600_000);
    grant = { ...grant, ...(await conn.refresh(grant.refreshToken)) };
    const { clicks } = await h.admin<{ clicks: Array<{ callback: string }> }>('juliang', 'GET', '/clicks');
    await conn.postback(null, {
      callback: clicks[0]!.callback,
      advertiserId: v2!.id,
      event: 'pay',
      timeMs: h.clock.nowMs(),
      amountFen: 100,
      orderId: 'TB-7',
    });
    const problems = fixtureNames('juliang')
      .filter((n) => n !== 'oauth-authorize')
      .flatMap((name) => shapeMismatches(loadFixture('juliang', name).answers.ok, answerTo(name)).map((p) => `${name} ${p}`));
    expect(problems).toEqual([]);
  });

  it('an 升级版 ad fills __PROJECT_ID__ / __PROMOTION_ID__ and leaves the v2 macros; a v2 ad the reverse', async () => {
    const [v2, v3] = seeded;
    const hitOf = async (adv: SeededAdvertiser, page: number) => {
      h.monitor.hits.length = 0;
      await h.admin('juliang', 'POST', '/deliver', { planId: adv.campaigns[0]!.plans[0]!.id, shows: 0, clicks: 1, landingRate: 0 });
      await until(() => h.monitor.hits.length >= 1);
      return h.monitor.hits.find((u) => u.pathname === `/m/c/${page}`)!.searchParams;
    };
    const a = await hitOf(v3!, 1202);
    expect([a.get('proj'), a.get('promo'), a.get('camp'), a.get('aid')]).toEqual([
      v3!.campaigns[0]!.id,
      v3!.campaigns[0]!.plans[0]!.id,
      '__CAMPAIGN_ID__',
      '__AID__',
    ]);
    const b = await hitOf(v2!, 1201);
    expect([b.get('camp'), b.get('aid'), b.get('proj'), b.get('promo')]).toEqual([
      v2!.campaigns[0]!.id,
      v2!.campaigns[0]!.plans[0]!.id,
      '__PROJECT_ID__',
      '__PROMOTION_ID__',
    ]);
  });

  it('error answers have the documented envelope: an expired token answers 40105, a refusal 50003', async () => {
    for (const [name, token] of [
      ['campaign-get', 'not-a-token'],
      ['project-list', 'not-a-token'],
    ] as const) {
      const path = loadFixture('juliang', name).call.path;
      const res = await fetch(`${h.base}/juliang/open_api${path}?advertiser_id=${seeded[0]!.id}&page=1&page_size=10`, {
        headers: { 'Access-Token': token },
      });
      const body = parseJson(await res.text()) as { code: number };
      expect(body.code).toBe(40105);
      expect(shapeMismatches(loadFixture('juliang', name).answers.errors[0]!.answer, body)).toEqual([]);
    }
    const res = await fetch(`${h.base}/juliang/open_api/v3.0/project/list/?advertiser_id=${seeded[1]!.id}&page=1&page_size=11`, {
      headers: { 'Access-Token': grant.accessToken },
    });
    expect(parseJson(await res.text())).toMatchObject({ code: 50003 });
  });
});
