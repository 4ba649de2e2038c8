/**
 * 微博 OAuth (bububa/biz-weibo model/oauth/*.go): consent `{auth}/oauth/authorize?client_id&redirect_uri&response_code=code
 * &scope&state` (the SDK sends `response_code`; its comment says response type — we send both names) → `code`;
 * `GET /oauth/token?client_id&redirect_uri&grant_type=authorization_code&code` (no secret in the SDK) answers flat
 * `{access_token, expires_in, refresh_token, refresh_expires_in, token_type}`; `POST /oauth/refresh_token
 * {client_id (number), refresh_token}` answers the same wrapped in `{code, data}`. The user (`uid`, the grant's
 * platform user) from `GET /oauth/get_user_info?access_token`.
 */
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import type { TokenGrant } from '../ad-platform.ts';
import { type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { asObject, dataOf, weiboAnswer, weiboCall } from './envelope.ts';
import { WEIBO_PATHS, WEIBO_TABLE } from './table.ts';

export function weiboAuthorizeUrl(cfg: ConnectorConfig, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({
    client_id: cfg.appId,
    redirect_uri: p.redirectUri,
    response_code: 'code',
    response_type: 'code',
    scope: WEIBO_TABLE.scope,
    state: p.state,
  });
  return `${trimBase(cfg.authBase)}${WEIBO_PATHS.authorize}?${q}`;
}

const seconds = (v: unknown, field: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new ConnectorError('weibo', 'protocol', `微博令牌应答的 ${field} 无效`);
  return n;
};

/** The tokens of an answer; `current` is the refresh token a refresh keeps when the answer names none. */
export function weiboTokens(t: Record<string, unknown>, now: number, current?: string): TokenGrant {
  const accessToken = str(t.access_token);
  if (!accessToken) throw new ConnectorError('weibo', 'protocol', '微博令牌应答缺少 access_token');
  const rotated = str(t.refresh_token);
  if (!rotated && current === undefined) throw new ConnectorError('weibo', 'protocol', '微博令牌应答缺少 refresh_token');
  return {
    accessToken,
    refreshToken: rotated || (current ?? ''),
    accessExpiresAt: now + seconds(t.expires_in, 'expires_in'),
    refreshExpiresAt: rotated && t.refresh_expires_in !== undefined ? now + seconds(t.refresh_expires_in, 'refresh_expires_in') : 0,
    advertiserIds: [],
  };
}

async function userOf(cfg: ConnectorConfig, kit: ConnectorKit, token: string): Promise<string> {
  const r = await weiboCall(cfg, kit, { method: 'GET', path: WEIBO_PATHS.userInfo, token, query: { access_token: token } });
  return idOf(asObject(asObject(r, 'oauth/get_user_info').data ?? {}, 'oauth/get_user_info').uid);
}

export async function weiboExchange(cfg: ConnectorConfig, kit: ConnectorKit, code: string, redirectUri: string): Promise<TokenGrant> {
  const t = await kit.http.call(
    {
      method: 'GET',
      url: `${trimBase(cfg.apiBase)}${WEIBO_PATHS.token}`,
      query: { client_id: cfg.appId, redirect_uri: redirectUri, grant_type: 'authorization_code', code },
    },
    weiboAnswer(),
  );
  const grant = weiboTokens(asObject(t, 'oauth/token'), kit.now());
  return { ...grant, platformUserId: (await userOf(cfg, kit, grant.accessToken)) || undefined };
}

export async function weiboRefresh(cfg: ConnectorConfig, kit: ConnectorKit, refreshToken: string): Promise<TokenGrant> {
  const id = /^\d{1,20}$/.test(cfg.appId) ? rawId(cfg.appId) : cfg.appId;
  const r = await kit.http.call(
    { method: 'POST', url: `${trimBase(cfg.apiBase)}${WEIBO_PATHS.refresh}`, json: { client_id: id, refresh_token: refreshToken } },
    weiboAnswer(true),
  );
  return weiboTokens(dataOf(r, 'oauth/refresh_token'), kit.now(), refreshToken);
}
