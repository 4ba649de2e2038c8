/** 巨量 OAuth: consent at `{authBase}/audit/oauth.html`, `oauth2/access_token/`, `oauth2/refresh_token/` (rotates), `oauth2/advertiser/get`. */
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import type { AuthorizedAdvertiser, TokenGrant } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { juliangData } from './envelope.ts';

export function juliangAuthorizeUrl(cfg: ConnectorConfig, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({ app_id: cfg.appId, state: p.state, redirect_uri: p.redirectUri });
  return `${trimBase(cfg.authBase)}/audit/oauth.html?${q}`;
}

function grant(kit: ConnectorKit, d: Record<string, unknown>): TokenGrant {
  const now = kit.now();
  return {
    accessToken: str(d.access_token),
    refreshToken: str(d.refresh_token),
    accessExpiresAt: now + Number(d.expires_in ?? 0),
    refreshExpiresAt: now + Number(d.refresh_token_expires_in ?? 0),
    advertiserIds: asArray(d.advertiser_ids).map(idOf).filter(Boolean),
  };
}

export async function juliangToken(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  body: { grant_type: 'auth_code'; auth_code: string } | { grant_type: 'refresh_token'; refresh_token: string },
): Promise<TokenGrant> {
  const path = body.grant_type === 'auth_code' ? 'oauth2/access_token/' : 'oauth2/refresh_token/';
  const d = await kit.http.call(
    { method: 'POST', url: `${trimBase(cfg.apiBase)}/${path}`, json: { app_id: rawId(cfg.appId), secret: cfg.appSecret, ...body } },
    juliangData,
  );
  return grant(kit, d);
}

export async function juliangAdvertisers(cfg: ConnectorConfig, kit: ConnectorKit, accessToken: string): Promise<AuthorizedAdvertiser[]> {
  const d = await kit.http.call(
    {
      method: 'GET',
      url: `${trimBase(cfg.apiBase)}/oauth2/advertiser/get`,
      query: { app_id: cfg.appId, secret: cfg.appSecret, access_token: accessToken },
      headers: { 'Access-Token': accessToken },
    },
    juliangData,
  );
  return asArray(d.list)
    .map(asRecord)
    .filter((a) => a.is_valid !== false)
    .map((a) => ({ advertiserId: idOf(a.advertiser_id), name: str(a.advertiser_name) }));
}
