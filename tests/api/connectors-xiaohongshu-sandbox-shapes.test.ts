/**
 * The 小红书 sandbox checked against the same fixtures the connector is tested on: the connector drives every call
 * over HTTP and each sandbox answer (and its error answer) must have the fixture's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createXiaohongshuConnector } from '../../src/server/connectors/xiaohongshu/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS, SANDBOX_XIAOHONGSHU_CONVERSION } from '../../src/shared/ad-platforms.ts';
import { parseJson } from '../../src/shared/lossless-json.ts';
import { consent, FAST_HTTP, type Harness, startSandbox, until } from '../support/ad-sandbox.ts';
import { fixtureNames, loadFixture, recordingFetch, shapeMismatches } from '../support/platform-fixtures.ts';

let h: Harness;
let conn: AdPlatformConnector;
let grant: TokenGrant;
let world: SeededAdvertiser[];
const rec = recordingFetch();
const auth = (): CallAuth => ({ kind: 'token', accessToken: grant.accessToken });
const REDIRECT = 'https://console.example.com/auloading';
const answerTo = (name: string) => {
  const path = loadFixture('xiaohongshu', name).call.path;
  const e = rec.exchanges.filter((x) => x.url.pathname.endsWith(path)).at(-1);
  if (!e) throw new Error(`no call to ${path}`);
  return parseJson(e.text);
};

beforeAll(async () => {
  h = await startSandbox();
  conn = createXiaohongshuConnector(
    {
      ...SANDBOX_APPS.xiaohongshu,
      apiBase: `${h.base}/xiaohongshu`,
      authBase: `${h.base}/xiaohongshu`,
      conversion: { ...SANDBOX_XIAOHONGSHU_CONVERSION },
      http: FAST_HTTP,
    },
    rec.fetch,
    { now: () => h.clock.now() },
  );
  const m = h.monitor.base;
  world = await h.seed('xiaohongshu', {
    advertisers: [
      {
        name: '小红书形状品牌',
        campaigns: [
          {
            name: '计划',
            budgetFen: 300_000,
            plans: [
              {
                name: '单元',
                bidFen: 90,
                landingUrl: `${m}/pub/4101`,
                clickUrl: `${m}/m/c/4101?ch=10&aid=__UNIT_ID__&clickid=__CLICK_ID__&cb=__CALLBACK_PARAM__`,
                creatives: [{ name: '创意' }],
              },
            ],
          },
        ],
      },
    ],
  });
  const { location } = await consent(conn.authorizeUrl({ state: 's', redirectUri: REDIRECT }), 'approve', [world[0]!.id]);
  grant = await conn.exchangeCode(location.searchParams.get('auth_code')!, REDIRECT);
});
afterAll(async () => h?.close());

describe('小红书 sandbox answers have the fixtures’ shapes', () => {
  it('every call the connector makes, answered as the source documents it', async () => {
    const adv = world[0]!.id;
    const camp = world[0]!.campaigns[0]!;
    const plan = camp.plans[0]!;
    for (const level of ['campaign', 'plan', 'creative'] as const) await conn.listEntities(auth(), adv, level, null);
    h.monitor.hits.length = 0;
    await h.admin('xiaohongshu', 'POST', '/deliver', { planId: plan.id, shows: 10, clicks: 2, landingRate: 0 });
    await until(() => h.monitor.hits.length >= 2);
    await h.admin('xiaohongshu', 'POST', '/history', { days: 1 });
    const now = h.clock.now();
    await conn.hourlyReport(auth(), adv, now - 2 * 86400, now);
    await conn.updateStatus(auth(), adv, 'plan', [plan.id], true);
    await conn.updateStatus(auth(), adv, 'campaign', [camp.id], true);
    await conn.updateStatus(auth(), adv, 'creative', plan.creatives, true);
    await conn.updateBudget!(auth(), adv, 'campaign', camp.id, 400_000);
    await conn.updateBid!(auth(), adv, 'plan', plan.id, 100);
    grant = await conn.refresh(grant.refreshToken);
    const { clicks } = await h.admin<{ clicks: Array<{ click_id: string; callback: string }> }>('xiaohongshu', 'GET', '/clicks');
    await conn.postback(auth(), {
      callback: clicks[0]!.callback,
      clickId: clicks[0]!.click_id,
      advertiserId: adv,
      event: 'order',
      timeMs: h.clock.nowMs() - 60_000,
      amountFen: 100,
      orderId: 'TB-9',
    });
    const problems = fixtureNames('xiaohongshu')
      .filter((n) => n !== 'oauth-authorize')
      .flatMap((name) => shapeMismatches(loadFixture('xiaohongshu', name).answers.ok, answerTo(name)).map((p) => `${name} ${p}`));
    expect(problems).toEqual([]);
    const { conversions } = await h.admin<{ conversions: Array<{ accepted: boolean; payload: { context: unknown } }> }>(
      'xiaohongshu',
      'GET',
      '/conversions',
    );
    expect(conversions.at(-1)).toMatchObject({ accepted: true, payload: { context: { product: { order_id: 'TB-9' } } } });
  });

  it("refuses a conversion sent with the OAuth app and a grant's token; error answers have the documented envelope", async () => {
    const res = await fetch(`${h.base}/xiaohongshu/api/open/conversion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        app_id: SANDBOX_APPS.xiaohongshu.appId,
        access_token: grant.accessToken,
        event_type: 1,
        timestamp: h.clock.nowMs(),
        click_id: 'x',
      }),
    });
    const body = parseJson(await res.text());
    expect(body).toMatchObject({ success: false });
    expect(shapeMismatches(loadFixture('xiaohongshu', 'conversion').answers.errors[0]!.answer, body)).toEqual([]);
  });
});
