/**
 * The 快手 sandbox checked against the same fixtures the connector is tested on: the connector drives every call over
 * HTTP, each answer the sandbox gives (and its error answers) must have the fixture's shape, and the requests the
 * connector sends must be the fixture's. So the sandbox and the connector can no longer share a private assumption.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { createKuaishouConnector } from '../../src/server/connectors/kuaishou/index.ts';
import type { SeededAdvertiser } from '../../src/server/sandbox/adplatforms/admin.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
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
/** The sandbox's last answer to a fixture's path. */
const answerTo = (name: string) => {
  const path = loadFixture('kuaishou', name).call.path;
  const e = rec.exchanges.filter((x) => x.url.pathname.endsWith(path)).at(-1);
  if (!e) throw new Error(`no call to ${path}`);
  return parseJson(e.text);
};

beforeAll(async () => {
  h = await startSandbox();
  conn = createKuaishouConnector(
    {
      ...SANDBOX_APPS.kuaishou,
      apiBase: `${h.base}/kuaishou`,
      authBase: `${h.base}/kuaishou`,
      postbackBase: `${h.base}/kuaishou`,
      http: FAST_HTTP,
    },
    rec.fetch,
    { now: () => h.clock.now() },
  );
  const m = h.monitor.base;
  world = await h.seed('kuaishou', {
    advertisers: [
      {
        name: '快手形状店铺',
        campaigns: [
          {
            name: '计划',
            budgetFen: 600_000,
            plans: [
              {
                name: '组',
                budgetFen: 20_000,
                bidFen: 150,
                landingUrl: `${m}/pub/3101`,
                clickUrl: `${m}/m/c/3101?ch=5&aid=__AID__&cb=__CALLBACK__`,
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

describe('快手 sandbox answers have the fixtures’ shapes', () => {
  it('every call the connector makes, answered as the source documents it', async () => {
    const adv = world[0]!.id;
    const plan = world[0]!.campaigns[0]!.plans[0]!;
    await conn.listAdvertisers(auth());
    for (const level of ['campaign', 'plan', 'creative'] as const) await conn.listEntities(auth(), adv, level, null);
    await h.admin('kuaishou', 'POST', '/deliver', { planId: plan.id, shows: 5, clicks: 2, landingRate: 0 });
    const now = h.clock.now();
    await conn.hourlyReport(auth(), adv, now - 3600, now);
    await conn.updateStatus(auth(), adv, 'creative', plan.creatives, true);
    await conn.updateStatus(auth(), adv, 'campaign', [world[0]!.campaigns[0]!.id], true);
    await conn.updateStatus(auth(), adv, 'plan', [plan.id], true);
    await conn.updateBudget!(auth(), adv, 'plan', plan.id, 30_000);
    await conn.updateBudget!(auth(), adv, 'campaign', world[0]!.campaigns[0]!.id, 70_000);
    await conn.updateBid!(auth(), adv, 'plan', plan.id, 160);
    grant = await conn.refresh(grant.refreshToken);
    const { clicks } = await h.admin<{ clicks: Array<{ callback: string }> }>('kuaishou', 'GET', '/clicks');
    await conn.postback(null, {
      callback: clicks[0]!.callback,
      advertiserId: adv,
      event: 'pay',
      timeMs: h.clock.nowMs(),
      amountFen: 100,
      orderId: 'o',
    });
    const checked = fixtureNames('kuaishou').filter((n) => n !== 'oauth-authorize');
    const problems = checked.flatMap((name) =>
      shapeMismatches(loadFixture('kuaishou', name).answers.ok, answerTo(name)).map((p) => `${name} ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it("the click monitor's __CALLBACK__ is the conversion address; only the callback parameter inside it is accepted", async () => {
    const plan = world[0]!.campaigns[0]!.plans[0]!;
    h.monitor.hits.length = 0;
    await h.admin('kuaishou', 'POST', '/deliver', { planId: plan.id, shows: 0, clicks: 1, landingRate: 1 });
    await until(() => h.monitor.hits.length >= 2);
    const cb = h.monitor.hits.find((u) => u.pathname === '/m/c/3101')!.searchParams.get('cb')!;
    const address = new URL(cb);
    expect(address.pathname).toBe('/sandbox/kuaishou/track/activate');
    const inner = address.searchParams.get('callback')!;
    expect(h.monitor.hits.find((u) => u.pathname === '/pub/3101')!.searchParams.get('callback')).toBe(inner);
    const conv = { advertiserId: world[0]!.id, event: 'order' as const, timeMs: h.clock.nowMs(), amountFen: 100, orderId: 'o2' };
    await conn.postback(null, { ...conv, callback: cb });
    expect(rec.exchanges.at(-1)!.url.searchParams.get('callback')).toBe(inner);
    // the old behaviour — the whole address as `callback` — is refused by the sandbox as by 快手
    const whole = await fetch(
      `${h.base}/kuaishou/track/activate?${new URLSearchParams({ callback: cb, event_type: '14', event_time: String(h.clock.nowMs()) })}`,
    );
    const refusal = parseJson(await whole.text());
    expect(refusal).toMatchObject({ result: 0 });
    expect(shapeMismatches(loadFixture('kuaishou', 'track-activate').answers.errors[0]!.answer, refusal)).toEqual([]);
  });

  it('error answers have the documented envelope', async () => {
    const res = await fetch(`${h.base}/kuaishou/rest/openapi/v1/campaign/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Access-Token': 'not-a-token' },
      body: JSON.stringify({ advertiser_id: Number(world[0]!.id) }),
    });
    const body = parseJson(await res.text());
    expect(shapeMismatches(loadFixture('kuaishou', 'campaign-list').answers.errors[0]!.answer, body)).toEqual([]);
    expect((body as { code: number }).code).not.toBe(0);
  });
});
