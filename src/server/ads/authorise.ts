import { randomBytes } from 'node:crypto';
import { type AuthStart, CREDENTIALS_PLATFORM } from '../../shared/ad-auth.ts';
import { CHANNELS, isChannel } from '../../shared/catalog.ts';
import { Code } from '../../shared/codes.ts';
import type { AuthorizedAdvertiser, TokenGrant } from '../connectors/ad-platform.ts';
import { ConnectorError } from '../connectors/errors.ts';
import { encrypt } from '../crypto.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { publicBaseUrl } from '../kernel/config.ts';
import { AppError, forbidden, invalid } from '../kernel/errors.ts';
import { connectorFor } from './credentials.ts';
import { kickSync } from './jobs.ts';
import * as states from './oauth-states.ts';
import { ownerFor } from './scope.ts';
import { authViewById, requireAuth } from './service.ts';
import * as store from './store.ts';

/**
 * Authorising ad accounts (spec §2 /new/mandate, /mandate, /auloading): OAuth through the platform's consent
 * page with a `state` bound to the signed-in user and the chosen customer (single use, ten minutes), UC
 * through credentials checked against the platform before they are stored; re-authorising; cancelling.
 * Tokens and credentials are stored AES-256-GCM encrypted. After a grant the first sync is kicked.
 */

export const STATE_TTL_SECONDS = 600;
const label = (platform: number) => (isChannel(platform) ? CHANNELS[platform] : `平台 ${platform}`);
export const redirectUri = (deps: Deps): string => `${publicBaseUrl(deps.config)}/auloading`;

/** A fresh consent URL for `customerid` (and, re-authorising, for one authorisation). */
async function consent(deps: Deps, actor: Actor, platform: number, customerid: number, authId: number): Promise<AuthStart> {
  const connector = connectorFor(deps, platform);
  if (connector.authKind !== 'oauth') throw invalid('UCID 账户没有授权页：请填写用户名、密码和 token');
  const state = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  await states.insertState(deps.db, {
    state,
    platform,
    user_id: actor.userId,
    customerid,
    auth_id: authId,
    created_at: now,
    expires_at: now + STATE_TTL_SECONDS,
    used_at: null,
  });
  return { url: connector.authorizeUrl({ state, redirectUri: redirectUri(deps) }), state, expires_at: now + STATE_TTL_SECONDS, auth: null };
}

export interface UcForm {
  username: string;
  password: string;
  token: string;
}

/** 授权: the consent page of an OAuth platform, or UC's credentials verified and stored. */
export async function startAuthorisation(
  deps: Deps,
  actor: Actor,
  input: { platform: number; customerid?: number } & Partial<UcForm>,
): Promise<AuthStart> {
  const customerid = await ownerFor(deps.db, actor, input.customerid);
  if (input.platform !== CREDENTIALS_PLATFORM) return consent(deps, actor, input.platform, customerid, 0);
  const { username, password, token } = input;
  if (!username || !password || !token) throw invalid('请填写 UCID 账户的用户名、密码和 token');
  return storeCredentials(deps, actor, customerid, { username, password, token }, 0);
}

/** 重新授权: a new consent for the same authorisation (also after cancelling), or UC's new credentials. */
export async function reauthorise(deps: Deps, actor: Actor, input: { id: number } & Partial<UcForm>): Promise<AuthStart> {
  const auth = await requireAuth(deps, actor, input.id);
  await ownerFor(deps.db, actor, auth.customerid);
  if (auth.platform !== CREDENTIALS_PLATFORM) return consent(deps, actor, auth.platform, auth.customerid, auth.id);
  const { username, password, token } = input;
  if (!username || !password || !token) throw invalid('请填写 UCID 账户的用户名、密码和 token');
  return storeCredentials(deps, actor, auth.customerid, { username, password, token }, auth.id);
}

async function storeCredentials(deps: Deps, actor: Actor, customerid: number, form: UcForm, authId: number): Promise<AuthStart> {
  const connector = connectorFor(deps, CREDENTIALS_PLATFORM);
  let advertisers: AuthorizedAdvertiser[];
  try {
    advertisers = await connector.listAdvertisers({ kind: 'credentials', ...form });
  } catch (err) {
    if (refusal(err)) throw invalid(`UCID 账户验证失败：${err.message}`);
    throw upstream(err);
  }
  const id = await bind(deps, actor, {
    platform: CREDENTIALS_PLATFORM,
    customerid,
    authId,
    platformUserId: form.username,
    secrets: {
      credentials_enc: encrypt(deps.secrets.encryptionKey, JSON.stringify(form)),
      access_token_enc: '',
      refresh_token_enc: '',
      access_expires_at: 0,
      refresh_expires_at: 0,
    },
    advertisers,
  });
  return { url: '', state: '', expires_at: 0, auth: await authViewById(deps, id) };
}

/**
 * While the user waits on the authorisation, the platform's no is shown as such: a classified refusal, or a code no
 * source classifies (it was already retried) — the user sees the platform's own message and can try again.
 */
const refusal = (err: unknown): err is ConnectorError =>
  err instanceof ConnectorError && (err.kind === 'refused' || (err.unclassified && err.platformCode !== ''));

const upstream = (err: unknown): unknown =>
  err instanceof ConnectorError ? new AppError(Code.upstreamFailed, `广告平台暂时无法完成授权：${err.message}`) : err;

export interface CallbackInput {
  platform?: number;
  state: string;
  code?: string;
  error?: string;
  error_description?: string;
}

/** `/auloading`: check the state, exchange the code, store the tokens, bind the granted advertisers, start syncing. */
export async function finishAuthorisation(deps: Deps, actor: Actor, input: CallbackInput) {
  const now = deps.clock.now();
  const st = await states.findState(deps.db, input.state);
  if (!st) throw invalid('授权请求无效：找不到这次授权请求，请回到账户授权页重新发起授权');
  if (st.user_id !== actor.userId) throw forbidden('这次授权由其他账号发起：请使用发起授权的账号登录后重试，或用当前账号重新发起授权');
  if (st.used_at !== null)
    throw new AppError(Code.conflict, '这次授权请求已经使用过，请勿重复提交；如需再次授权，请回到账户授权页重新发起');
  if (st.expires_at <= now) throw invalid('授权请求已过期（10 分钟内有效），请回到账户授权页重新发起授权');
  if (input.platform !== undefined && input.platform !== st.platform) throw invalid('授权回调的账户类型与发起的授权不一致，请重新发起授权');
  if (!(await states.spendState(deps.db, st.state, now)))
    throw new AppError(Code.conflict, '这次授权请求已经使用过，请勿重复提交；如需再次授权，请回到账户授权页重新发起');
  if (input.error) throw forbidden(`您在${label(st.platform)}授权页拒绝了授权，未添加任何广告账户`);
  if (!input.code) throw invalid('授权回调缺少授权码，请回到账户授权页重新发起授权');
  const connector = connectorFor(deps, st.platform);
  let grant: TokenGrant;
  let advertisers: AuthorizedAdvertiser[];
  try {
    grant = await connector.exchangeCode(input.code, redirectUri(deps));
    advertisers = grant.advertisers ?? (await connector.listAdvertisers({ kind: 'token', accessToken: grant.accessToken }));
  } catch (err) {
    if (refusal(err)) throw invalid(`授权码无效或已失效：${err.message}。请回到账户授权页重新发起授权`);
    throw upstream(err);
  }
  if (grant.advertiserIds.length) advertisers = advertisers.filter((a) => grant.advertiserIds.includes(a.advertiserId));
  const key = deps.secrets.encryptionKey;
  const id = await bind(deps, actor, {
    platform: st.platform,
    customerid: st.customerid,
    authId: st.auth_id,
    platformUserId: grant.platformUserId ?? '',
    scope: grant.scope ?? '',
    secrets: {
      access_token_enc: encrypt(key, grant.accessToken),
      refresh_token_enc: encrypt(key, grant.refreshToken),
      access_expires_at: grant.accessExpiresAt,
      refresh_expires_at: grant.refreshExpiresAt,
      credentials_enc: '',
    },
    advertisers,
  });
  return { auth: await authViewById(deps, id), added: advertisers.length, platform: st.platform };
}

interface Binding {
  platform: number;
  customerid: number;
  /** Re-authorising this authorisation; 0 = a new one (or the customer's existing one by the same platform user). */
  authId: number;
  platformUserId: string;
  scope?: string;
  secrets: {
    access_token_enc: string;
    refresh_token_enc: string;
    access_expires_at: number;
    refresh_expires_at: number;
    credentials_enc: string;
  };
  advertisers: AuthorizedAdvertiser[];
}

/** Store the grant and bind its advertisers to the customer; an advertiser held by another customer refuses the whole grant. */
async function bind(deps: Deps, actor: Actor, b: Binding): Promise<number> {
  if (!b.advertisers.length) throw invalid('这次授权没有包含任何广告账户，请在授权页至少勾选一个广告账户');
  const now = deps.clock.now();
  const id = await deps.db.transaction().execute(async (tx) => {
    const held = (
      await store.holdersOf(
        tx,
        b.platform,
        b.advertisers.map((a) => a.advertiserId),
      )
    ).filter((h) => h.customerid !== b.customerid && h.state !== 'cancelled');
    if (held.length)
      throw new AppError(
        Code.conflict,
        `广告账户 ${held.map((h) => `${h.name || h.advertiser_id}（${h.advertiser_id}）`).join('、')} 已由其他客户授权：一个广告账户只能属于一个客户，请在授权页取消勾选后重新授权`,
      );
    const existing = b.authId
      ? await store.findAuth(tx, b.authId)
      : b.platformUserId
        ? await store.findAuthOfUser(tx, b.customerid, b.platform, b.platformUserId)
        : undefined;
    const fields = { ...b.secrets, state: 'active', last_error: '', updated_at: now, scope: b.scope ?? '' };
    let authId: number;
    if (existing) {
      authId = existing.id;
      await store.updateAuth(tx, authId, { ...fields, platform_user_id: b.platformUserId || existing.platform_user_id });
    } else {
      authId = await store.insertAuth(tx, {
        platform: b.platform,
        customerid: b.customerid,
        created_by: actor.userId,
        platform_user_id: b.platformUserId,
        created_at: now,
        ...fields,
      });
    }
    for (const a of b.advertisers)
      await store.upsertAccount(tx, {
        auth_id: authId,
        platform: b.platform,
        advertiser_id: a.advertiserId,
        customerid: b.customerid,
        name: a.name,
        at: now,
      });
    await store.deactivateMissing(
      tx,
      authId,
      b.advertisers.map((a) => a.advertiserId),
      now,
    );
    return authId;
  });
  kickSync(deps);
  return id;
}

/** 取消授权: unbind — tokens and credentials deleted, sync stops; synced plans and report facts are kept. */
export async function cancelAuthorisation(deps: Deps, actor: Actor, id: number) {
  const auth = await requireAuth(deps, actor, id);
  await store.cancelAuth(deps.db, auth.id, deps.clock.now());
  return authViewById(deps, auth.id);
}
