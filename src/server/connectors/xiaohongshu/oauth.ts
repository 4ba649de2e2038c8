/**
 * 小红书 OAuth: consent at `{authBase}/aurora/openApiAuth?app_id&scope=<JSON array>&redirect_uri&state`, code
 * back as `auth_code`; `oauth2/access_token` and `oauth2/refresh_token` with `{app_id, secret, …}`. The token
 * answer names the granted accounts (`approval_advertisers`); there is no separate list call.
 */
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import type { TokenGrant } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { xiaohongshuPost } from './envelope.ts';

export const XIAOHONGSHU_SCOPE = ['report_service', 'ad_query', 'ad_manage', 'account_manage'];

export function xiaohongshuAuthorizeUrl(cfg: ConnectorConfig, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({
    app_id: cfg.appId,
    scope: JSON.stringify(XIAOHONGSHU_SCOPE),
    redirect_uri: p.redirectUri,
    state: p.state,
  });
  return `${trimBase(cfg.authBase)}/aurora/openApiAuth?${q}`;
}

export async function xiaohongshuToken(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  body: { auth_code: string } | { refresh_token: string },
): Promise<TokenGrant> {
  const path = 'auth_code' in body ? 'oauth2/access_token' : 'oauth2/refresh_token';
  const d = await xiaohongshuPost(cfg, kit, null, path, { app_id: rawId(cfg.appId), secret: cfg.appSecret, ...body });
  const now = kit.now();
  const advertisers = asArray(d.approval_advertisers)
    .map(asRecord)
    .map((a) => ({ advertiserId: idOf(a.advertiser_id), name: str(a.advertiser_name) }));
  return {
    accessToken: str(d.access_token),
    refreshToken: str(d.refresh_token),
    accessExpiresAt: now + Number(d.access_token_expires_in ?? 0),
    refreshExpiresAt: now + Number(d.refresh_token_expires_in ?? 0),
    advertiserIds: advertisers.map((a) => a.advertiserId),
    advertisers,
    platformUserId: str(d.user_id) || undefined,
  };
}
