import { AD_PLATFORMS, type AdPlatform } from '../../shared/ad-platforms.ts';
import { Code } from '../../shared/codes.ts';
import type { AdPlatformConnector, CallAuth } from '../connectors/ad-platform.ts';
import { ConnectorError } from '../connectors/errors.ts';
import { decrypt, encrypt } from '../crypto.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../kernel/errors.ts';
import * as store from './store.ts';

/** Refresh this long before the access token's stated expiry. */
const EARLY_SECONDS = 120;

export const platformKeyOf = (code: number): AdPlatform | null =>
  (Object.entries(AD_PLATFORMS).find(([, c]) => c === code)?.[0] as AdPlatform | undefined) ?? null;

/** The configured connector of a platform code, or a clear refusal. */
export function connectorFor(deps: Pick<Deps, 'adPlatforms'>, platform: number): AdPlatformConnector {
  const key = platformKeyOf(platform);
  const connector = key ? deps.adPlatforms[key] : undefined;
  if (!connector) throw new AppError(Code.upstreamFailed, '该广告平台尚未接入（缺少应用配置）');
  return connector;
}

type Auth = NonNullable<Awaited<ReturnType<typeof store.findAuthTokens>>>;

/**
 * A stored secret in the clear. One that is missing or cannot be decrypted (a row written without one, or
 * `ENCRYPTION_KEY` changed) cannot be used again: the authorisation needs the user (需要重新授权, 4012).
 */
async function openSecret(deps: Deps, authId: number, enc: string): Promise<string> {
  try {
    if (!enc) throw new Error('empty');
    return decrypt(deps.secrets.encryptionKey, enc);
  } catch {
    await store.markAuth(deps.db, authId, 'reauth', '保存的授权凭证缺失或无法解密（例如加密密钥已更换），请重新授权', deps.clock.now());
    throw new AppError(Code.needsReauth);
  }
}

/**
 * Refresh an authorisation's tokens once. A refresh token the platform no longer accepts marks the
 * authorisation 需要重新授权 (the user must consent again) and answers 4012; a concurrent refresh on another node
 * wins quietly (its tokens are read back).
 */
export async function refreshAuth(deps: Deps, connector: AdPlatformConnector, auth: Auth): Promise<string> {
  const key = deps.secrets.encryptionKey;
  const refreshToken = await openSecret(deps, auth.id, auth.refresh_token_enc);
  try {
    const grant = await connector.refresh(refreshToken);
    const accessEnc = encrypt(key, grant.accessToken);
    // A refresh answer that names no new refresh token (or no expiry for it) keeps the current one and its expiry.
    const won = await store.swapTokens(deps.db, auth.id, auth.refresh_token_enc, {
      access_token_enc: accessEnc,
      refresh_token_enc: encrypt(key, grant.refreshToken || refreshToken),
      access_expires_at: grant.accessExpiresAt,
      refresh_expires_at: grant.refreshExpiresAt || auth.refresh_expires_at,
      updated_at: deps.clock.now(),
    });
    if (won) return grant.accessToken;
    const latest = await store.findAuthTokens(deps.db, auth.id);
    if (latest?.state !== 'active') throw new AppError(Code.needsReauth);
    return decrypt(key, latest.access_token_enc);
  } catch (err) {
    if (err instanceof ConnectorError && (err.kind === 'refresh_expired' || err.kind === 'refused')) {
      await store.markAuth(deps.db, auth.id, 'reauth', `授权已失效，请重新授权（${err.message}）`, deps.clock.now());
      throw new AppError(Code.needsReauth);
    }
    throw err;
  }
}

/**
 * Run `fn` with the credentials of one advertiser account: UC's stored credentials, or an OAuth access token
 * refreshed ahead of expiry and, when the platform says it expired anyway, refreshed once more and retried.
 * Every call that touches a platform on behalf of an account goes through here.
 */
export async function withCallAuth<T>(
  deps: Deps,
  account: { platform: number; advertiserId: string },
  fn: (auth: CallAuth, connector: AdPlatformConnector) => Promise<T>,
): Promise<T> {
  const row = await store.findAccountAuth(deps.db, account.platform, account.advertiserId);
  if (row?.active !== 1) throw new AppError(Code.notFound, '广告账户不存在或未授权');
  if (row.state !== 'active') throw new AppError(Code.needsReauth);
  const connector = connectorFor(deps, account.platform);
  if (connector.authKind === 'credentials') {
    const c = JSON.parse(await openSecret(deps, row.auth_id, row.credentials_enc)) as { username: string; password: string; token: string };
    return fn({ kind: 'credentials', ...c }, connector);
  }
  const auth: Auth = {
    id: row.auth_id,
    state: row.state,
    access_token_enc: row.access_token_enc,
    refresh_token_enc: row.refresh_token_enc,
    access_expires_at: row.access_expires_at,
    refresh_expires_at: row.refresh_expires_at,
  };
  let token =
    auth.access_expires_at - EARLY_SECONDS <= deps.clock.now()
      ? await refreshAuth(deps, connector, auth)
      : await openSecret(deps, auth.id, auth.access_token_enc);
  try {
    return await fn({ kind: 'token', accessToken: token }, connector);
  } catch (err) {
    if (!(err instanceof ConnectorError) || err.kind !== 'token_expired') throw err;
    const fresh = await store.findAuthTokens(deps.db, auth.id);
    if (!fresh) throw new AppError(Code.needsReauth);
    token = await refreshAuth(deps, connector, fresh);
    return fn({ kind: 'token', accessToken: token }, connector);
  }
}
