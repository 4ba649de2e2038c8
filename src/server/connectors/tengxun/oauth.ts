/**
 * 腾讯 OAuth (sources: TencentAd/marketing-api-go-sdk docs/v3/OauthApi.md, OauthTokenResponseData.md,
 * AuthorizerStruct.md; developers.e.qq.com/v3.0/docs/api/oauth/token). Consent at `{authBase}/oauth/authorize`
 * (client_id, redirect_uri, state, scope); the code comes back as `authorization_code`; tokens from
 * `GET {apiBase}/oauth/token` (not under /v3.0). The code grant's answer names the authoriser
 * (`authorizer_info.account_id`, `account_role_type`): `./accounts.ts` lists the accounts that role covers. The refresh
 * grant's answer has no `authorizer_info`, and its `refresh_token` / `refresh_token_expires_in` are optional in the
 * model: when absent the current refresh token stays, with its expiry (`refreshExpiresAt: 0` = unchanged).
 */
import { idOf } from '../../../shared/lossless-json.ts';
import type { TokenGrant } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { tengxunGrantAccounts } from './accounts.ts';
import { tengxunData } from './envelope.ts';

/** `user_actions` lets the same token authenticate conversions (`user_actions/add`, see `./postback.ts`). */
export const TENGXUN_SCOPE = 'ads_management,ads_insights,account_management,user_actions';

export function tengxunAuthorizeUrl(cfg: ConnectorConfig, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({ client_id: cfg.appId, redirect_uri: p.redirectUri, state: p.state, scope: TENGXUN_SCOPE });
  return `${trimBase(cfg.authBase)}/oauth/authorize?${q}`;
}

const seconds = (v: unknown, field: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new ConnectorError('tengxun', 'protocol', `腾讯令牌应答的 ${field} 无效`);
  return n;
};

/** The token fields of an answer; `current` is the refresh token a refresh grant keeps when the answer names none. */
export function tengxunTokens(d: Record<string, unknown>, now: number, current?: string): Omit<TokenGrant, 'advertiserIds'> {
  const accessToken = str(d.access_token);
  if (!accessToken) throw new ConnectorError('tengxun', 'protocol', '腾讯令牌应答缺少 access_token');
  const rotated = str(d.refresh_token);
  if (!rotated && current === undefined) throw new ConnectorError('tengxun', 'protocol', '腾讯令牌应答缺少 refresh_token');
  const who = asRecord(d.authorizer_info);
  return {
    accessToken,
    refreshToken: rotated || (current ?? ''),
    accessExpiresAt: now + seconds(d.access_token_expires_in, 'access_token_expires_in'),
    refreshExpiresAt:
      rotated && d.refresh_token_expires_in !== undefined ? now + seconds(d.refresh_token_expires_in, 'refresh_token_expires_in') : 0,
    platformUserId: idOf(who.account_uin) || idOf(who.account_id) || undefined,
    scope: asArray(who.scope_list).map(str).join(',') || undefined,
  };
}

const tokenCall = (cfg: ConnectorConfig, kit: ConnectorKit, q: Record<string, string>) =>
  kit.http.call(
    { method: 'GET', url: `${trimBase(cfg.apiBase)}/oauth/token`, query: { client_id: cfg.appId, client_secret: cfg.appSecret, ...q } },
    tengxunData,
  );

/** Code grant: the tokens and every account the authoriser's role covers (`./accounts.ts`). */
export async function tengxunExchange(cfg: ConnectorConfig, kit: ConnectorKit, code: string, redirectUri: string): Promise<TokenGrant> {
  const d = await tokenCall(cfg, kit, { grant_type: 'authorization_code', authorization_code: code, redirect_uri: redirectUri });
  const tokens = tengxunTokens(d, kit.now());
  const advertisers = await tengxunGrantAccounts(cfg, kit, tokens.accessToken, asRecord(d.authorizer_info));
  return { ...tokens, advertisers, advertiserIds: advertisers.map((a) => a.advertiserId) };
}

export async function tengxunRefresh(cfg: ConnectorConfig, kit: ConnectorKit, refreshToken: string): Promise<TokenGrant> {
  const d = await tokenCall(cfg, kit, { grant_type: 'refresh_token', refresh_token: refreshToken });
  return { ...tengxunTokens(d, kit.now(), refreshToken), advertiserIds: [] };
}
