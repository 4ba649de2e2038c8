/**
 * Authorising ad accounts end to end: the product's endpoints, the sandbox's consent page walked like a
 * browser over real HTTP, the `/auloading` callback. State rules (bound to the user, single use, ten minutes),
 * refusals, foreign codes, advertisers owned by another customer, UC credentials, re-authorise, cancel,
 * agents for sub-customers, tenant isolation and bad input — on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt } from '../../src/server/crypto.ts';
import type { AdAccountView, AuthStart, AuthView } from '../../src/shared/ad-auth.ts';
import { consent, type Harness, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';
import { authoriseAs, authoriseUc, callbackOf, consentAs, sandboxRegistry, seedAdvertiser } from '../support/factories-ads.ts';

let h: Harness;
beforeAll(async () => {
  h = await startSandbox();
});
afterAll(() => h.close());

describe.each(dialects())('ad-account authorisation ($name)', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  const ids = { customer: 0, agent: 0, sub: 0, other: 0 };
  const tok = { customer: '', agent: '', sub: '', other: '', admin: '' };
  const post = <T>(path: string, body: unknown, who: keyof typeof tok) => t.post<T>(path, body, { token: tok[who] });

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: sandboxRegistry({ base: h.base, clock }) });
    const customer = await makeUser(t.deps, { role: 3 });
    const agent = await makeUser(t.deps, { role: 4 });
    const sub = await makeUser(t.deps, { role: 3, parentEmail: agent.email });
    const other = await makeUser(t.deps, { role: 3 });
    const admin = await makeUser(t.deps, { role: 1 });
    Object.assign(ids, { customer: customer.id, agent: agent.id, sub: sub.id, other: other.id });
    for (const [k, u] of Object.entries({ customer, agent, sub, other, admin })) tok[k as keyof typeof tok] = await loginAs(t, u.email);
  });
  afterAll(() => t.close());

  it('a customer authorises a 巨量 account through the consent page and sees it with its advertisers', async () => {
    const a1 = await seedAdvertiser(h, 'juliang', `${dialect.name}-巨量一`);
    const a2 = await seedAdvertiser(h, 'juliang', `${dialect.name}-巨量二`);
    const start = await post<AuthStart>('/capi/napi/auth/create', { platform: 2 }, 'customer');
    expect(start.body.code).toBe(1);
    const url = new URL(start.body.data.url);
    expect(url.pathname).toBe('/sandbox/juliang/audit/oauth.html');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:4321/auloading');
    expect(url.searchParams.get('state')).toBe(start.body.data.state);
    expect(start.body.data.expires_at - clock.now()).toBe(600);

    const { location } = await consent(start.body.data.url, 'approve', [a1.id, a2.id]);
    const done = await post<{ auth: AuthView; added: number }>(
      '/capi/napi/auth/callback',
      { platform: 2, ...callbackOf(location) },
      'customer',
    );
    expect(done.body).toMatchObject({ code: 1, msg: '授权成功', data: { added: 2 } });
    const auth = done.body.data.auth;
    expect(auth).toMatchObject({ platform: 2, customerid: ids.customer, status: 'valid', status_label: '有效' });
    expect(auth.accounts.map((a) => [a.advertiser_id, a.advertiser_name]).sort()).toEqual(
      [
        [a1.id, a1.name],
        [a2.id, a2.name],
      ].sort(),
    );

    const list = await post<{ list: AuthView[]; total: number }>('/capi/napi/auth/index', { platform: 2 }, 'customer');
    expect(list.body.data.list.map((a) => a.id)).toContain(auth.id);
    // Tokens are stored encrypted and decrypt to what the platform issued.
    const row = await t.deps.db.selectFrom('ad_auths').selectAll().where('id', '=', auth.id).executeTakeFirstOrThrow();
    expect(row.access_token_enc).not.toMatch(/^[0-9a-f]{40}$/);
    expect(decrypt(t.deps.secrets.encryptionKey, row.access_token_enc)).toMatch(/^[0-9a-f]{40}$/);
    await t.deps.jobs.idle();
  });

  it('an agent authorises for a chosen sub-customer; the sub-customer sees it; agentALL lists the whole tree', async () => {
    const a = await seedAdvertiser(h, 'tengxun', `${dialect.name}-腾讯子客户`);
    const auth = await authoriseAs(t, tok.agent, 4, [a.id], { customerid: ids.sub });
    expect(auth.customerid).toBe(ids.sub);
    const own = await post<{ list: AuthView[] }>('/capi/napi/auth/index', {}, 'agent');
    expect(own.body.data.list.map((x) => x.id)).not.toContain(auth.id);
    const all = await post<{ list: AuthView[] }>('/capi/napi/auth/index', { method: 'agentALL' }, 'agent');
    expect(all.body.data.list.map((x) => x.id)).toContain(auth.id);
    const bySub = await post<{ list: AuthView[] }>('/capi/napi/auth/index', { customerid: ids.sub }, 'agent');
    expect(bySub.body.data.list.map((x) => x.id)).toEqual([auth.id]);
    const mine = await post<{ list: AuthView[] }>('/capi/napi/auth/index', {}, 'sub');
    expect(mine.body.data.list.map((x) => x.id)).toEqual([auth.id]);
    const summary = await post<Array<{ customerid: number; valid: number; accounts: number }>>('/capi/napi/auth/agentall', {}, 'agent');
    expect(summary.body.data.find((r) => r.customerid === ids.sub)).toMatchObject({ valid: 1, accounts: 1 });
    // named by company, with the login account to tell two of one name apart (the console shows no internal id)
    for (const r of summary.body.data as unknown as Array<{ email: string }>) expect(r.email).toMatch(/@/);
    const blist = await post<AdAccountView[]>('/capi/napi/auth/blist', { platform: 4, method: 'agentALL' }, 'agent');
    expect(blist.body.data.map((x) => x.advertiser_id)).toEqual([a.id]);
    await t.deps.jobs.idle();
  });

  it('the link dialog’s options carry the authorised advertisers per channel (customers and adlist)', async () => {
    type Option = { customerid: number; advertisers: Record<string, Array<{ advertiser_id: string; advertiser_name: string }>> };
    const options = await post<Option[]>('/capi/napi/link/customers', {}, 'agent');
    const sub = options.body.data.find((o) => o.customerid === ids.sub)!;
    expect(sub.advertisers['4']?.map((a) => a.advertiser_name)).toEqual([`${dialect.name}-腾讯子客户`]);
    expect((await post<Option[]>('/capi/napi/link/customers', {}, 'customer')).body.data).toEqual([]);
    const mine = await post<Array<{ advertiser_id: string }>>('/capi/api/land/adlist', { state: 2 }, 'customer');
    expect(mine.body.data.length).toBe(2);
    expect((await post<unknown[]>('/capi/api/land/adlist', { state: 4 }, 'customer')).body.data).toEqual([]);
    expect((await post<unknown[]>('/capi/api/land/adlist', {}, 'agent')).body.data).toHaveLength(1);
    expect((await post('/capi/api/land/adlist', { state: 99 }, 'customer')).body.code).toBe(4000);
    expect((await post<unknown[]>('/capi/api/land/adlist', {}, 'other')).body.data).toEqual([]);
  });

  it('refuses to authorise for someone outside the caller’s tree', async () => {
    const forOther = await post('/capi/napi/auth/create', { platform: 2, customerid: ids.other }, 'agent');
    expect(forOther.body).toMatchObject({ code: 4003, msg: '只能为自己或名下子客户授权' });
    const customerForSub = await post('/capi/napi/auth/create', { platform: 2, customerid: ids.sub }, 'customer');
    expect(customerForSub.body).toMatchObject({ code: 4003, msg: '只能为自己的账号授权' });
    const adminCreates = await post('/capi/napi/auth/create', { platform: 2, customerid: ids.customer }, 'admin');
    expect(adminCreates.body.code).toBe(4003);
  });

  it('a replayed state, another user’s state, an expired state, a refused consent and a foreign code each say what happened', async () => {
    const a = await seedAdvertiser(h, 'kuaishou', `${dialect.name}-快手`);
    const cb = await consentAs(t, tok.customer, 5, [a.id]);
    const stolen = await post('/capi/napi/auth/callback', { platform: 5, ...cb }, 'other');
    expect(stolen.body).toMatchObject({ code: 4003, msg: expect.stringContaining('由其他账号发起') });
    const ok = await post('/capi/napi/auth/callback', { platform: 5, ...cb }, 'customer');
    expect(ok.body.code).toBe(1);
    const replay = await post('/capi/napi/auth/callback', { platform: 5, ...cb }, 'customer');
    expect(replay.body).toMatchObject({ code: 4009, msg: expect.stringContaining('已经使用过') });

    const late = await consentAs(t, tok.customer, 5, [a.id]);
    clock.advance(601_000);
    const expired = await post('/capi/napi/auth/callback', { platform: 5, ...late }, 'customer');
    clock.advance(-601_000);
    expect(expired.body).toMatchObject({ code: 4000, msg: expect.stringContaining('已过期（10 分钟内有效）') });

    const refused = await consentAs(t, tok.customer, 5, [a.id], { decision: 'deny' });
    expect(refused.error).toBe('access_denied');
    const denied = await post('/capi/napi/auth/callback', { platform: 5, ...refused }, 'customer');
    expect(denied.body).toMatchObject({ code: 4003, msg: '您在磁力引擎授权页拒绝了授权，未添加任何广告账户' });

    const fresh = await post<AuthStart>('/capi/napi/auth/create', { platform: 5 }, 'customer');
    const foreign = await post('/capi/napi/auth/callback', { platform: 5, state: fresh.body.data.state, code: 'f'.repeat(32) }, 'customer');
    expect(foreign.body).toMatchObject({ code: 4000, msg: expect.stringContaining('授权码无效或已失效') });

    const unknown = await post('/capi/napi/auth/callback', { state: 'no-such-state' }, 'customer');
    expect(unknown.body).toMatchObject({ code: 4000, msg: expect.stringContaining('找不到这次授权请求') });
    const wrongPlatform = await consentAs(t, tok.customer, 5, [a.id]);
    const mixed = await post('/capi/napi/auth/callback', { platform: 2, ...wrongPlatform }, 'customer');
    expect(mixed.body).toMatchObject({ code: 4000, msg: expect.stringContaining('账户类型与发起的授权不一致') });
    await t.deps.jobs.idle();
  });

  it('refuses an advertiser another customer holds, until that customer cancels', async () => {
    const a = await seedAdvertiser(h, 'xiaohongshu', `${dialect.name}-小红书`);
    const held = await authoriseAs(t, tok.other, 10, [a.id]);
    const cb = await consentAs(t, tok.customer, 10, [a.id]);
    const taken = await post('/capi/napi/auth/callback', { platform: 10, ...cb }, 'customer');
    expect(taken.body).toMatchObject({ code: 4009, msg: expect.stringContaining(`已由其他客户授权`) });
    expect(taken.body.msg).toContain(a.id);
    expect((await post('/capi/napi/auth/delete', { id: held.id }, 'other')).body).toMatchObject({
      code: 1,
      msg: '已取消授权',
      data: { status: 'cancelled' },
    });
    const mine = await authoriseAs(t, tok.customer, 10, [a.id]);
    expect(mine.accounts.map((x) => [x.advertiser_id, x.customerid, x.active])).toEqual([[a.id, ids.customer, 1]]);
    await t.deps.jobs.idle();
  });

  it('UC: credentials are checked against the platform before they are stored, and stored encrypted', async () => {
    const a = await seedAdvertiser(h, 'ucid', `${dialect.name}-UC`);
    const wrong = await post(
      '/capi/napi/auth/create',
      { platform: 8, username: `${a.name}-user`, password: 'nope', token: `${a.name}-token` },
      'customer',
    );
    expect(wrong.body).toMatchObject({ code: 4000, msg: expect.stringContaining('UCID 账户验证失败') });
    const missing = await post('/capi/napi/auth/create', { platform: 8, username: 'x' }, 'customer');
    expect(missing.body.code).toBe(4000);
    const auth = await authoriseUc(t, tok.customer, a);
    expect(auth).toMatchObject({ platform: 8, platform_user_id: `${a.name}-user`, status: 'valid', expires_at: 0 });
    expect(auth.accounts.map((x) => x.advertiser_id)).toEqual([a.id]);
    const row = await t.deps.db.selectFrom('ad_auths').select('credentials_enc').where('id', '=', auth.id).executeTakeFirstOrThrow();
    expect(row.credentials_enc).not.toContain('uc-pass-1');
    expect(JSON.parse(decrypt(t.deps.secrets.encryptionKey, row.credentials_enc))).toMatchObject({ password: 'uc-pass-1' });
    const again = await authoriseUc(t, tok.customer, a);
    expect(again.id).toBe(auth.id);
    const noConsent = await post('/capi/napi/auth/create', { platform: 8 }, 'customer');
    expect(noConsent.body.code).toBe(4000);
    await t.deps.jobs.idle();
  });

  it('re-authorise renews the same authorisation; cancel unbinds it (tokens gone, data kept); re-authorising revives it', async () => {
    const a = await seedAdvertiser(h, 'weibo', `${dialect.name}-微博`);
    const first = await authoriseAs(t, tok.customer, 3, [a.id]);
    const before = await t.deps.db.selectFrom('ad_auths').select('access_token_enc').where('id', '=', first.id).executeTakeFirstOrThrow();
    const renewed = await authoriseAs(t, tok.customer, 3, [a.id], { reauthorise: first.id });
    expect(renewed.id).toBe(first.id);
    const after = await t.deps.db
      .selectFrom('ad_auths')
      .select(['access_token_enc', 'refresh_token_enc'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(after.access_token_enc).not.toBe(before.access_token_enc);

    const cancelled = await post<AuthView>('/capi/napi/auth/delete', { id: first.id }, 'customer');
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', status_label: '已取消' });
    expect(cancelled.body.data.accounts.every((x) => x.active === 0)).toBe(true);
    const wiped = await t.deps.db
      .selectFrom('ad_auths')
      .select(['access_token_enc', 'refresh_token_enc'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(wiped).toEqual({ access_token_enc: '', refresh_token_enc: '' });
    expect((await post('/capi/napi/auth/sync', { id: first.id }, 'customer')).body).toMatchObject({
      code: 4000,
      msg: '该授权已取消，请先重新授权',
    });
    const listed = await post<{ list: AuthView[] }>('/capi/napi/auth/index', { state: 4 }, 'customer');
    expect(listed.body.data.list.map((x) => x.id)).toContain(first.id);

    const revived = await authoriseAs(t, tok.customer, 3, [a.id], { reauthorise: first.id });
    expect(revived).toMatchObject({ id: first.id, status: 'valid' });
    expect(revived.accounts.map((x) => x.active)).toEqual([1]);
    await t.deps.jobs.idle();
  });

  it('shows 即将过期 when the grant ends within three days, and filters by state', async () => {
    const a = await seedAdvertiser(h, 'juliang', `${dialect.name}-将过期`);
    const auth = await authoriseAs(t, tok.customer, 2, [a.id]);
    await t.deps.db
      .updateTable('ad_auths')
      .set({ refresh_expires_at: clock.now() + 86400 })
      .where('id', '=', auth.id)
      .execute();
    const expiring = await post<{ list: AuthView[] }>('/capi/napi/auth/index', { state: 2 }, 'customer');
    expect(expiring.body.data.list.map((x) => [x.id, x.status_label])).toEqual([[auth.id, '即将过期']]);
    const valid = await post<{ list: AuthView[] }>('/capi/napi/auth/index', { state: 1 }, 'customer');
    expect(valid.body.data.list.map((x) => x.id)).not.toContain(auth.id);
    await t.deps.jobs.idle();
  });

  it('the old version: account index by source, tbauth (GET), tblist, weibo, mini-app switch', async () => {
    const idx = await post<{ list: AdAccountView[]; total: number }>('/capi/api/account/index', { source: 2, pagesize: 50 }, 'customer');
    expect(idx.body.data.total).toBeGreaterThan(0);
    expect(idx.body.data.list.every((x) => x.platform === 2)).toBe(true);
    const tb = await t.app.request('/capi/api/account/tbauth?platform=2', {
      headers: { authorization: tok.customer, 'x-forwarded-for': '10.0.0.1' },
    });
    const tbBody = (await tb.json()) as { code: number; data: AuthStart };
    expect(tbBody.code).toBe(1);
    expect(tbBody.data.url).toContain('/sandbox/juliang/audit/oauth.html');
    const wb = await t.app.request('/capi/api/weibo/wbauth', { headers: { authorization: tok.customer, 'x-forwarded-for': '10.0.0.1' } });
    expect(((await wb.json()) as { data: AuthStart }).data.url).toContain('/sandbox/weibo/oauth/authorize');
    const wblist = await post<AdAccountView[]>('/capi/api/weibo/wblist', {}, 'customer');
    expect(wblist.body.data.every((x) => x.platform === 3)).toBe(true);
    const tblist = await post<AdAccountView[]>('/capi/api/account/tblist', { platform: 10 }, 'customer');
    expect(tblist.body.data.map((x) => x.platform)).toEqual([10]);

    const mini = await post<{ list: AdAccountView[] }>('/capi/api/miniapp/index', {}, 'customer');
    expect(mini.body.data.list.every((x) => [2, 3, 4].includes(x.platform))).toBe(true);
    const juliang = mini.body.data.list.find((x) => x.platform === 2 && x.active === 1)!;
    const on = await post<AdAccountView>('/capi/api/miniapp/open', { id: juliang.id, status: 1 }, 'customer');
    expect(on.body).toMatchObject({ code: 1, msg: '设置成功', data: { miniapp: 1 } });
    const kuaishou = (await post<AdAccountView[]>('/capi/napi/auth/blist', { platform: 5 }, 'customer')).body.data[0]!;
    expect((await post('/capi/api/miniapp/open', { id: kuaishou.id, status: 1 }, 'customer')).body).toMatchObject({
      code: 4000,
      msg: '淘宝新链接推广只支持巨量引擎、微博和腾讯账户',
    });
  });

  it('keeps every endpoint within the caller’s tenant: another customer’s ids read as missing', async () => {
    const auth = (await post<{ list: AuthView[] }>('/capi/napi/auth/index', {}, 'customer')).body.data.list[0]!;
    const account = auth.accounts[0]!;
    for (const [path, body] of [
      ['/capi/napi/auth/detail', { id: auth.id }],
      ['/capi/napi/auth/delete', { id: auth.id }],
      ['/capi/napi/auth/update', { id: auth.id }],
      ['/capi/napi/auth/sync', { id: auth.id }],
      ['/capi/napi/auth/runs', { id: account.id }],
      ['/capi/napi/auth/account', { id: account.id }],
      ['/capi/api/account/delete', { id: auth.id }],
      ['/capi/api/miniapp/open', { id: account.id, status: 2 }],
    ] as const) {
      expect((await post(path, body, 'other')).body, path).toMatchObject({ code: 4004 });
    }
    const index = await post<{ total: number; list: AuthView[] }>('/capi/napi/auth/index', { customerid: ids.customer }, 'other');
    expect(index.body.data).toEqual({ list: [], total: 0 });
    const blist = await post<AdAccountView[]>('/capi/napi/auth/blist', { method: 'agentALL' }, 'other');
    expect(blist.body.data.filter((x) => x.customerid !== ids.other)).toEqual([]);
    const adminSees = await post<{ total: number }>('/capi/napi/auth/index', { customerid: ids.customer }, 'admin');
    expect(adminSees.body.data.total).toBeGreaterThan(0);
  });

  it('validates input: types, ranges, sizes, missing auth', async () => {
    const cases: Array<[string, unknown]> = [
      ['/capi/napi/auth/create', { platform: 9 }],
      ['/capi/napi/auth/create', { platform: 'x' }],
      ['/capi/napi/auth/create', {}],
      ['/capi/napi/auth/index', { state: 7 }],
      ['/capi/napi/auth/index', { pagesize: 1000 }],
      ['/capi/napi/auth/index', { method: 'everything' }],
      ['/capi/napi/auth/callback', { code: 'x' }],
      ['/capi/napi/auth/callback', { state: 's'.repeat(500) }],
      ['/capi/napi/auth/delete', { id: 'abc' }],
      ['/capi/napi/auth/delete', { id: 0 }],
      ['/capi/api/miniapp/open', { id: 1, status: 3 }],
      ['/capi/napi/auth/create', { platform: 8, username: 'u'.repeat(65), password: 'p', token: 't' }],
    ];
    for (const [path, body] of cases) expect((await post(path, body, 'customer')).body.code, `${path} ${JSON.stringify(body)}`).toBe(4000);
    const huge = await t.post('/capi/napi/auth/callback', undefined, {
      token: tok.customer,
      raw: JSON.stringify({ state: 'x', code: 'y'.repeat(70_000) }),
    });
    expect(huge.body.code).toBe(4013);
    expect((await t.post('/capi/napi/auth/index', {})).body.code).toBe(1009);
    const missing = await post('/capi/napi/auth/detail', { id: 999_999 }, 'customer');
    expect(missing.body).toMatchObject({ code: 4004, msg: '授权不存在' });
  });
});
