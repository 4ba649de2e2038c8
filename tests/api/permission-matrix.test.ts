import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { allContracts } from '../../src/shared/api/index.ts';
import type { Envelope } from '../../src/shared/codes.ts';
import { type Harness, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { insertOrder, makeAdAccount } from '../support/factories-admin.ts';
import { authoriseAs, consentAs, sandboxRegistry, seedAdvertiser } from '../support/factories-ads.ts';
import { seedBoardFacts } from '../support/factories-facts.ts';
import { adClick, followJump, landingVisit, placeOrder, SHOPPER_UA, setWatermarks, syncOrders } from '../support/factories-orders.ts';
import { ALL_ACCEPTING, insertAccount, insertEntity } from '../support/factories-promotion.ts';
import { CALLERS, type Caller, type Cell, MATRIX, parseCells, renderPermissionsDoc, ruleBody, type World } from './permissions.ts';

/** The matrix's shopper: a phone's browser (a made-up agent is a bot by isbot, its visit no order's evidence). */
const MATRIX_UA = `${SHOPPER_UA} matrix`;

const PW = 'secret123';
/** Routes that are not product endpoints: health, metrics and the API document (no envelope, no rights). */
const INFRASTRUCTURE = [
  '/healthz',
  '/metrics',
  '/capi/openapi.json',
  '/capi/docs',
  '/capi/docs/swagger-ui.css',
  '/capi/docs/swagger-ui-bundle.js',
];
/**
 * Routes whose right is a signature, not a session's role, so they have no matrix row: the export download (an
 * HMAC-signed, expiring link that must also be opened by the user it was made for), the local object store's
 * upload (an upload credential's signed policy) and the hourly report's unsubscribe page (a signed token, no
 * login). They answer files, HTML or multipart, not JSON bodies; their refusals are tested in exports.test.ts,
 * oss.test.ts and hourly-report.test.ts.
 */
const SIGNED = ['/capi/napi/export/file/:id', '/capi/oss/upload', '/capi/api/report/unsubscribe'];
const DOC = new URL('../../docs/permissions.md', import.meta.url);
const EMAIL: Record<Exclude<Caller, 'anon'>, string> = {
  r1: 'super@x.cn',
  r2: 'admin@x.cn',
  r3: 'sub@x.cn',
  r4: 'agent@x.cn',
  r5: 'ud@x.cn',
  r6: 'udsub@x.cn',
  other: 'other@x.cn',
};

describe.each(dialects().slice(0, 1))('the permission matrix ($name)', (dialect) => {
  let t: TestApp;
  let h: Harness;
  let world: World;
  let ip = 0;

  const request = async (method: string, path: string, input: Record<string, unknown>, token?: string): Promise<Envelope> => {
    // A new client address per call: the matrix is about rights, not the per-IP rate limits.
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${(ip >> 8) & 255}.${ip++ & 255}`,
    };
    if (token) headers.authorization = token;
    const query = method === 'GET' ? `?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}` : '';
    const res = await t.app.request(path + query, { method, headers, body: method === 'GET' ? undefined : JSON.stringify(input) });
    return (await res.json()) as Envelope;
  };
  const tokenOf = async (caller: Exclude<Caller, 'anon'>): Promise<string> =>
    ((await request('POST', '/capi/api/user/login', { email: EMAIL[caller], password: PW })).data as { jwt: string }).jwt;

  beforeAll(async () => {
    // Changes are accepted without a platform; 快手 is the sandbox's, for the authorisations made through its consent page.
    h = await startSandbox();
    t = await makeTestApp(dialect, {}, { adPlatforms: { ...ALL_ACCEPTING(), kuaishou: sandboxRegistry(h).kuaishou } });
    const ids: Record<string, number> = {};
    const accounts: [string, number, string?][] = [
      ['super', 1],
      ['admin', 2],
      ['agent', 4],
      ['sub', 3, 'agent@x.cn'],
      ['ud', 5],
      ['udsub', 6, 'ud@x.cn'],
      ['other', 3],
    ];
    for (const [name, role, parentEmail] of accounts)
      ids[name] = (await createUser(t.deps, { email: `${name}@x.cn`, password: PW, role, company: name, parentEmail })).id;
    // A fresh login each time: the password-change and logout rows end `sub`'s sessions.
    const newLink = async () =>
      (
        (await request('POST', '/capi/napi/link/create', { platform: 2, state: 2, item: '600000000001', isdirect: 1 }, await tokenOf('r3')))
          .data as { pageid: string }
      ).pageid;
    let mail = 0;
    const pageid = await newLink();
    // an order of sub's link, the way real ones come: ad click, landing visit, jump into the union, sync
    const planId = '7300000000000000077';
    await adClick(
      t.deps,
      pageid,
      2,
      { ADVERTISER_ID: '1760000000000077', PROMOTION_ID: planId, AID: planId, CALLBACK_PARAM: 'B.matrix' },
      MATRIX_UA,
    );
    await landingVisit(t.deps, pageid, `promotionid=${planId}&clickid=EJmatrix`, MATRIX_UA);
    const link = await t.deps.db
      .selectFrom('links')
      .select(['transedlink', 'platform'])
      .where('pageid', '=', pageid)
      .executeTakeFirstOrThrow();
    const now = t.deps.clock.now();
    const order = await placeOrder(t, 'taobao', await followJump(t, link), 'settled', { created_at: now - 200, paid_at: now - 190 });
    await setWatermarks(t);
    await syncOrders(t);
    ids.staff = (await createUser(t.deps, { email: 'staff@x.cn', password: PW, role: 2 })).id;
    ids.expiring = (await createUser(t.deps, { email: 'expiring@x.cn', password: PW, role: 3, expireTime: 1893427200 })).id;
    // UDSmart: a brand of `ud`, a 巨量 account of `sub` bound to it and assigned (through the brand) to `udsub`,
    // an order of the world's page through that account; and an authorisation that needs renewing (sync health).
    const newBrand = async () =>
      ((await request('POST', '/capi/napi/udsmart/brand/create', { name: `品牌${mail++}` }, await tokenOf('r5'))).data as { id: number })
        .id;
    const ud = await tokenOf('r5');
    const brandId = await newBrand();
    const account = await makeAdAccount(t.deps.db, { customerid: ids.sub!, platform: 2 });
    await makeAdAccount(t.deps.db, { customerid: ids.other!, platform: 4, state: 'reauth' });
    await request('POST', '/capi/napi/udsmart/brand/bind', { id: brandId, account_ids: [account.id] }, ud);
    await request('POST', '/capi/napi/udsmart/sub/assign', { sub_id: ids.udsub, brand_ids: [brandId], account_ids: [] }, ud);
    await insertOrder(t.deps.db, { pageid, customerid: ids.sub!, channel: 2, advertiser_id: account.advertiser_id });
    let templates = 0;
    const newTemplate = async () =>
      (
        (
          await request(
            'POST',
            '/capi/napi/exporttemplate/create',
            { name: `模板${templates++}`, kind: 'links', columns: ['pageid'] },
            await tokenOf('r3'),
          )
        ).data as { id: number }
      ).id;
    const exportId = (
      (await request('POST', '/capi/napi/export/create', { kind: 'links', format: 'csv' }, await tokenOf('r3'))).data as { id: number }
    ).id;
    const ad = {
      advertiserId: '1800000000000001',
      campaignId: '801',
      planId: '802',
      creativeId: '803',
      freePlanId: '805',
      weiboId: '5000001',
      weiboPlanId: '901',
      miniPageid: '700000001',
    };
    await insertLinkRow(t.deps.db, { pageid: ad.miniPageid, customerid: ids.sub!, platform: 4, state: 2, title: '小程序链接' });
    await insertAccount(t.deps, { platform: 2, advertiserId: ad.advertiserId, customerid: ids.sub! });
    await insertAccount(t.deps, { platform: 3, advertiserId: ad.weiboId, customerid: ids.sub! });
    const e = (platform: number, advertiser_id: string, level: string, entity_id: string, over: Record<string, unknown> = {}) =>
      insertEntity(t.deps.db, { platform, advertiser_id, customerid: ids.sub!, level, entity_id, ...over });
    await e(2, ad.advertiserId, 'campaign', ad.campaignId);
    await e(2, ad.advertiserId, 'plan', ad.planId, { parent_id: ad.campaignId, campaign_id: ad.campaignId, pageid });
    await e(2, ad.advertiserId, 'creative', ad.creativeId, { parent_id: ad.planId, campaign_id: ad.campaignId });
    await e(2, ad.advertiserId, 'plan', '804', { parent_id: ad.campaignId, campaign_id: ad.campaignId, pageid: ad.miniPageid });
    await e(2, ad.advertiserId, 'plan', ad.freePlanId, { parent_id: ad.campaignId, campaign_id: ad.campaignId });
    await e(3, ad.weiboId, 'campaign', '900');
    await e(3, ad.weiboId, 'plan', ad.weiboPlanId, { parent_id: '900', campaign_id: '900' });
    // A 快手 account of `sub` authorised through the sandbox's consent page, as a person does it.
    let adv = 0;
    const newAuth = async () => {
      const a = await seedAdvertiser(h, 'kuaishou', `矩阵广告主${adv++}`);
      return authoriseAs(t, await tokenOf('r3'), 5, [a.id]);
    };
    const auth = await newAuth();
    await t.deps.jobs.idle();
    const newRule = async () => {
      const body = ruleBody({ subId: ids.sub!, ad } as unknown as World);
      return ((await request('POST', '/capi/napi/rules/save', body, await tokenOf('r3'))).data as { id: number }).id;
    };
    const ruleId = await newRule();
    world = {
      ruleId,
      freshRuleId: newRule,
      authId: auth.id,
      adAccountId: auth.accounts[0]?.id ?? 0,
      freshAuthId: async () => (await newAuth()).id,
      callback: async (caller) => {
        if (caller !== 'r3' && caller !== 'r4' && caller !== 'other') return { state: 'not-for-this-caller', code: 'x' };
        // `other` submits the redirect of a consent `sub` started: a state bound to another user.
        const a = await seedAdvertiser(h, 'kuaishou', `矩阵广告主${adv++}`);
        return { platform: 5, ...(await consentAs(t, await tokenOf(caller === 'other' ? 'r3' : caller), 5, [a.id])) };
      },
      ad,
      pageid,
      itemId: await seedBoardFacts(t.deps.db, pageid, '2026-01-03 10:00'),
      freshPageid: newLink,
      subId: ids.sub!,
      customerIds: { sub: ids.sub!, other: ids.other!, expiring: ids.expiring },
      nextEmail: () => `nobody${mail++}@x.cn`,
      orderId: order.id,
      planId,
      freshCustomer: async () => (await createUser(t.deps, { email: `fresh${mail++}@x.cn`, password: PW, role: 3 })).id,
      staffId: ids.staff,
      udsubId: ids.udsub!,
      brandId,
      freshBrand: newBrand,
      accountId: account.id,
      nextName: () => `品牌${mail++}`,
      templateId: await newTemplate(),
      freshTemplateId: newTemplate,
      exportId,
    };
  });
  afterAll(async () => {
    await t.deps.jobs.idle();
    await t.close();
    await h.close();
  });

  it('has exactly one row per route the server answers, and per contract', () => {
    const rows = MATRIX.map((r) => r.endpoint);
    expect(new Set(rows).size).toBe(rows.length);
    // The server's own route table: everything it registered, less middleware and the infrastructure routes.
    const served = t.app.routes
      .filter((r) => r.method !== 'ALL' && !INFRASTRUCTURE.includes(r.path) && !SIGNED.includes(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect([...rows].sort()).toEqual([...new Set(served)].sort());
    expect([...rows].sort()).toEqual(allContracts.map((c) => `${c.method} ${c.path}`).sort());
  });

  it('docs/permissions.md is printed from the table', () => {
    if (process.env.UPDATE_DOCS) writeFileSync(DOC, renderPermissionsDoc());
    expect(readFileSync(DOC, 'utf8')).toBe(renderPermissionsDoc());
  });

  it.each(MATRIX)('$endpoint', async (row) => {
    const [method, path] = row.endpoint.split(' ') as [string, string];
    const expected = parseCells(row.cells);
    expect(expected).toHaveLength(CALLERS.length);
    const got: Cell[] = [];
    for (const caller of CALLERS) {
      const token = caller === 'anon' ? undefined : await tokenOf(caller);
      const env = await request(method, path, await row.sample(world, caller), token);
      const empty =
        env.code === 1 && (Array.isArray(env.data) ? env.data.length === 0 : (env.data as { total?: number } | null)?.total === 0);
      got.push(env.code === 1 ? (empty ? 'empty' : 'ok') : env.code);
    }
    expect(got).toEqual(expected);
  });
});
