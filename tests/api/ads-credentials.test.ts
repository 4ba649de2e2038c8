import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withCallAuth } from '../../src/server/ads/credentials.ts';
import type { AdPlatformConnector, CallAuth, TokenGrant } from '../../src/server/connectors/ad-platform.ts';
import { ConnectorError, platformError } from '../../src/server/connectors/errors.ts';
import { JULIANG_CODES } from '../../src/server/connectors/juliang/envelope.ts';
import { TENGXUN_CODES } from '../../src/server/connectors/tengxun/envelope.ts';
import { decrypt, encrypt } from '../../src/server/crypto.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { AppError } from '../../src/server/kernel/errors.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { makeUser } from '../support/factories.ts';

/** A connector that only knows tokens: `valid` is the access token the "platform" accepts now. */
function fakeJuliang(clock: ManualClock) {
  const state = { valid: 'at-1', refreshOk: true, refreshes: 0, seen: [] as string[], refreshFails: null as ConnectorError | null };
  const grant = (n: number): TokenGrant => ({
    accessToken: `at-${n}`,
    refreshToken: `rt-${n}`,
    accessExpiresAt: clock.now() + 86_400,
    refreshExpiresAt: clock.now() + 30 * 86_400,
    advertiserIds: [],
  });
  const connector = {
    platform: 'juliang',
    authKind: 'oauth',
    async refresh(rt: string) {
      state.refreshes += 1;
      if (state.refreshFails) throw state.refreshFails;
      if (!state.refreshOk) throw new ConnectorError('juliang', 'refresh_expired', 'refresh_token 已过期', '40107');
      const n = Number(rt.split('-')[1]) + 1;
      state.valid = `at-${n}`;
      return grant(n);
    },
  } as unknown as AdPlatformConnector;
  const call = async (auth: CallAuth) => {
    const token = auth.kind === 'token' ? auth.accessToken : '';
    state.seen.push(token);
    if (token !== state.valid) throw new ConnectorError('juliang', 'token_expired', 'access_token 已过期', '40105');
    return token;
  };
  return { state, connector, call };
}

describe.each(dialects())('calling a platform for an account ($name)', (dialect) => {
  const clock = new ManualClock();
  const fake = fakeJuliang(clock);
  let t: TestApp;
  let authId = 0;
  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: { juliang: fake.connector } });
    const owner = await makeUser(t.deps, { role: 3 });
    const key = t.deps.secrets.encryptionKey;
    const now = clock.now();
    const auth = await t.deps.db
      .insertInto('ad_auths')
      .values({
        platform: 2,
        customerid: owner.id,
        created_by: owner.id,
        platform_user_id: 'u1',
        access_token_enc: encrypt(key, 'at-1'),
        refresh_token_enc: encrypt(key, 'rt-1'),
        access_expires_at: now + 3600,
        refresh_expires_at: now + 86_400,
        credentials_enc: '',
        scope: '',
        state: 'active',
        last_error: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    authId = auth.id;
    await t.deps.db
      .insertInto('ad_accounts')
      .values({
        auth_id: authId,
        platform: 2,
        advertiser_id: '1700000000000001',
        customerid: owner.id,
        name: '测试',
        active: 1,
        last_sync_at: 0,
        last_sync_error: '',
        report_synced_to: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    fake.state.seen.length = 0;
  });
  const account = { platform: 2, advertiserId: '1700000000000001' };
  const stored = async () => t.deps.db.selectFrom('ad_auths').selectAll().where('id', '=', authId).executeTakeFirstOrThrow();

  it('uses the stored token while it is valid', async () => {
    expect(await withCallAuth(t.deps, account, fake.call)).toBe('at-1');
    expect(fake.state.refreshes).toBe(0);
  });

  it('refreshes once and retries when the platform says the token expired, storing the rotated tokens encrypted', async () => {
    fake.state.valid = 'at-9'; // the platform expired at-1 early
    await expect(withCallAuth(t.deps, account, fake.call)).resolves.toBe('at-2');
    expect(fake.state.seen).toEqual(['at-1', 'at-2']);
    const row = await stored();
    expect(decrypt(t.deps.secrets.encryptionKey, row.refresh_token_enc)).toBe('rt-2');
    expect(row.refresh_token_enc).not.toContain('rt-2');
  });

  it('refreshes ahead of the stated expiry without a failed call first', async () => {
    clock.set(clock.nowMs() + 2 * 86_400_000);
    fake.state.valid = 'at-3';
    await expect(withCallAuth(t.deps, account, fake.call)).resolves.toBe('at-3');
    expect(fake.state.seen).toEqual(['at-3']);
  });

  it('a refusal during the refresh that means "retry" (腾讯 10000/10001, 巨量 40110) or an unclassified code keeps the authorisation', async () => {
    setLogLevel('silent');
    fake.state.valid = 'nothing';
    for (const e of [
      platformError('tengxun', TENGXUN_CODES, 10000, '系统繁忙'),
      platformError('tengxun', TENGXUN_CODES, 10001, '临时维护'),
      platformError('juliang', JULIANG_CODES, 40110, 'Too many requests'),
      platformError('juliang', JULIANG_CODES, 40103, 'refresh_token 过期'), // no source documents it: unclassified
      platformError('tengxun', TENGXUN_CODES, 11014, '超出了授权范围'),
    ]) {
      fake.state.refreshFails = e;
      await expect(withCallAuth(t.deps, account, fake.call)).rejects.toMatchObject({ platformCode: e.platformCode, kind: e.kind });
      expect((await stored()).state, e.platformCode).toBe('active');
    }
  });

  it("the same unclassified refusal after the refresh token's stated lifetime is over ends the grant: 需要重新授权", async () => {
    const row = await stored();
    clock.set((row.refresh_expires_at + 1) * 1000);
    fake.state.refreshFails = platformError('juliang', JULIANG_CODES, 40103, 'refresh_token 过期');
    await expect(withCallAuth(t.deps, account, fake.call)).rejects.toMatchObject({ code: 4012 });
    expect(await stored()).toMatchObject({ state: 'reauth', last_error: expect.stringContaining('40103') });
    // a timeout (no answer from the platform) never ends a grant, expired or not
    await t.deps.db.updateTable('ad_auths').set({ state: 'active' }).where('id', '=', authId).execute();
    fake.state.refreshFails = new ConnectorError('juliang', 'transient', '平台响应超时');
    await expect(withCallAuth(t.deps, account, fake.call)).rejects.toMatchObject({ kind: 'transient' });
    expect((await stored()).state).toBe('active');
    fake.state.refreshFails = null;
  });

  it('marks the authorisation 需要重新授权 when the refresh token is dead, and refuses further calls with 4012', async () => {
    fake.state.refreshOk = false;
    fake.state.valid = 'nothing';
    const err = await withCallAuth(t.deps, account, fake.call).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(4012);
    expect((await stored()).state).toBe('reauth');
    await expect(withCallAuth(t.deps, account, fake.call)).rejects.toMatchObject({ code: 4012 });
  });

  it('a stored token that cannot be decrypted (another ENCRYPTION_KEY, a row without one) needs the user: 4012, never a raw error', async () => {
    await t.deps.db
      .updateTable('ad_auths')
      .set({ state: 'active', access_token_enc: 'not-a-ciphertext', access_expires_at: clock.now() + 86_400 })
      .where('id', '=', authId)
      .execute();
    await expect(withCallAuth(t.deps, account, fake.call)).rejects.toMatchObject({ code: 4012 });
    expect(await stored()).toMatchObject({ state: 'reauth', last_error: expect.stringContaining('无法解密') });
  });

  it('refuses an account nobody authorised', async () => {
    await expect(withCallAuth(t.deps, { platform: 2, advertiserId: '42' }, fake.call)).rejects.toMatchObject({ code: 4004 });
  });
});
