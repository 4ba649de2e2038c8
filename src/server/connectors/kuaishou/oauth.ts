/**
 * 快手 OAuth: consent at `{authBase}/tools/authorize?app_id&redirect_uri&scope=<JSON array>&state`, code
 * back as `auth_code`; `oauth2/authorize/access_token` and `refresh_token` (rotates) with `{app_id, secret, …}`;
 * the granted accounts from `oauth2/authorize/approval/list` (ids only), their names from `v1/advertiser/info`.
 */
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import type { AuthorizedAdvertiser, TokenGrant } from '../ad-platform.ts';
import { asArray, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { kuaishouPost } from './envelope.ts';

export const KUAISHOU_SCOPE = ['ad_query', 'ad_manage', 'report_service', 'account_service'];

export function kuaishouAuthorizeUrl(cfg: ConnectorConfig, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({ app_id: cfg.appId, redirect_uri: p.redirectUri, scope: JSON.stringify(KUAISHOU_SCOPE), state: p.state });
  return `${trimBase(cfg.authBase)}/tools/authorize?${q}`;
}

export async function kuaishouToken(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  body: { auth_code: string } | { refresh_token: string },
): Promise<TokenGrant> {
  const path = 'auth_code' in body ? 'oauth2/authorize/access_token' : 'oauth2/authorize/refresh_token';
  const d = await kuaishouPost(cfg, kit, null, path, { app_id: rawId(cfg.appId), secret: cfg.appSecret, ...body });
  const now = kit.now();
  return {
    accessToken: str(d.access_token),
    refreshToken: str(d.refresh_token),
    accessExpiresAt: now + Number(d.access_token_expires_in ?? 0),
    refreshExpiresAt: now + Number(d.refresh_token_expires_in ?? 0),
    advertiserIds: asArray(d.advertiser_ids).map(idOf).filter(Boolean),
    platformUserId: idOf(d.user_id) || undefined,
  };
}

export async function kuaishouAdvertisers(cfg: ConnectorConfig, kit: ConnectorKit, token: string): Promise<AuthorizedAdvertiser[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const d = await kuaishouPost(cfg, kit, null, 'oauth2/authorize/approval/list', {
      app_id: rawId(cfg.appId),
      secret: cfg.appSecret,
      access_token: token,
      page_no: page,
      page_size: 1000,
    });
    ids.push(...asArray(d.details).map(idOf).filter(Boolean));
    if (d.isEnd !== false || !asArray(d.details).length) break;
  }
  const out: AuthorizedAdvertiser[] = [];
  for (const id of ids) {
    const info = await kuaishouPost(cfg, kit, token, 'v1/advertiser/info', { advertiser_id: rawId(id) });
    out.push({ advertiserId: id, name: str(info.corporation_name) || str(info.user_name) || id });
  }
  return out;
}
