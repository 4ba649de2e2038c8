/**
 * 腾讯 through the product, end to end against the sandbox: an organisation grant binds every account under it
 * (not the organisation's own id), and a refresh whose answer names no new refresh token keeps the stored refresh
 * token and its expiry (it used to store an empty token expiring now) — on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCallAuth } from '../../src/server/ads/credentials.ts';
import { decrypt } from '../../src/server/crypto.ts';
import { organisationOf } from '../../src/server/sandbox/adplatforms/tengxun.ts';
import { type Harness, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeUser } from '../support/factories.ts';
import { authoriseAs, sandboxRegistry, seedAdvertiser } from '../support/factories-ads.ts';

let h: Harness;
beforeAll(async () => {
  h = await startSandbox();
});
afterAll(() => h.close());

describe.each(dialects())('腾讯 grants through the product ($name)', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: sandboxRegistry(h) });
    const customer = await makeUser(t.deps, { role: 3 });
    token = await loginAs(t, customer.email);
  });
  afterAll(() => t.close());

  const accountsOf = (authId: number) =>
    t.deps.db
      .selectFrom('ad_accounts')
      .select(['advertiser_id', 'name', 'active'])
      .where('auth_id', '=', authId)
      .orderBy('advertiser_id')
      .execute();

  it('an organisation grant binds all its accounts; a direct advertiser grant binds that advertiser', async () => {
    const a1 = await seedAdvertiser(h, 'tengxun', `${dialect.name}-腾讯主体一`);
    const a2 = await seedAdvertiser(h, 'tengxun', `${dialect.name}-腾讯主体二`);
    const org = await authoriseAs(t, token, 4, [a1.id, a2.id]);
    expect((await accountsOf(org.id)).map((a) => a.advertiser_id)).toEqual([a1.id, a2.id].sort());
    expect((await accountsOf(org.id)).map((a) => a.advertiser_id)).not.toContain(organisationOf([a1.id, a2.id]));
    const a3 = await seedAdvertiser(h, 'tengxun', `${dialect.name}-腾讯直客`);
    const direct = await authoriseAs(t, token, 4, [a3.id]);
    expect(await accountsOf(direct.id)).toEqual([{ advertiser_id: a3.id, name: a3.name, active: 1 }]);
  });

  it('a refresh answer without refresh_token keeps the stored refresh token and its expiry', async () => {
    const adv = await seedAdvertiser(h, 'tengxun', `${dialect.name}-腾讯刷新`);
    const auth = await authoriseAs(t, token, 4, [adv.id]);
    const key = t.deps.secrets.encryptionKey;
    const row = () => t.deps.db.selectFrom('ad_auths').selectAll().where('id', '=', auth.id).executeTakeFirstOrThrow();
    await t.deps.jobs.idle();
    const before = await row();
    await h.admin('tengxun', 'POST', '/tokens', { action: 'expire', which: 'access', token: decrypt(key, before.access_token_enc) });
    // the platform answers 11000 (expired) → the product refreshes once and calls again
    const seen = await withCallAuth(t.deps, { platform: 4, advertiserId: adv.id }, async (a, connector) => {
      await connector.listEntities(a, adv.id, 'campaign', null);
      return a.kind === 'token' ? a.accessToken : '';
    });
    const after = await row();
    expect(seen).not.toBe(decrypt(key, before.access_token_enc));
    expect(decrypt(key, after.access_token_enc)).toBe(seen);
    expect(decrypt(key, after.refresh_token_enc)).toBe(decrypt(key, before.refresh_token_enc));
    expect(after.refresh_expires_at).toBe(before.refresh_expires_at);
    expect(after.state).toBe('active');
  });
});
