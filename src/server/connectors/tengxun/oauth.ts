/**
 * 腾讯 OAuth: consent at `{authBase}/oauth/authorize` (client_id, redirect_uri, state, scope), the code comes
 * back as `authorization_code`; tokens from `GET {apiBase}/oauth/token` (not under /v3.0). A grant names one
 * authoriser account (`authorizer_info.account_id`); the accounts under it come from
 * `organization_account_relation/get`.
 */
import { idOf } from '../../../shared/lossless-json.ts';
import type { AuthorizedAdvertiser, TokenGrant } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, nextCursor, str, trimBase } from '../common.ts';
import { tengxunAuthQuery, tengxunData } from './envelope.ts';

export function tengxunAuthorizeUrl(cfg: ConnectorConfig, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({
    client_id: cfg.appId,
    redirect_uri: p.redirectUri,
    state: p.state,
    scope: 'ads_management,ads_insights,account_management',
  });
  return `${trimBase(cfg.authBase)}/oauth/authorize?${q}`;
}

export async function tengxunToken(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  q:
    | { grant_type: 'authorization_code'; authorization_code: string; redirect_uri: string }
    | { grant_type: 'refresh_token'; refresh_token: string },
): Promise<TokenGrant> {
  const d = await kit.http.call(
    { method: 'GET', url: `${trimBase(cfg.apiBase)}/oauth/token`, query: { client_id: cfg.appId, client_secret: cfg.appSecret, ...q } },
    tengxunData,
  );
  const now = kit.now();
  const who = asRecord(d.authorizer_info);
  return {
    accessToken: str(d.access_token),
    refreshToken: str(d.refresh_token),
    accessExpiresAt: now + Number(d.access_token_expires_in ?? 0),
    refreshExpiresAt: now + Number(d.refresh_token_expires_in ?? 0),
    advertiserIds: idOf(who.account_id) ? [idOf(who.account_id)] : [],
    platformUserId: idOf(who.account_uin) || undefined,
    scope: asArray(who.scope_list).map(str).join(',') || undefined,
  };
}

export async function tengxunAdvertisers(cfg: ConnectorConfig, kit: ConnectorKit, token: string): Promise<AuthorizedAdvertiser[]> {
  const out: AuthorizedAdvertiser[] = [];
  for (let page: string | null = '1'; page; ) {
    const d = await kit.http.call(
      {
        method: 'GET',
        url: `${trimBase(cfg.apiBase)}/v3.0/organization_account_relation/get`,
        query: { ...tengxunAuthQuery(token, kit.now()), pagination_mode: 'PAGINATION_MODE_NORMAL', page, page_size: 100 },
      },
      tengxunData,
    );
    out.push(
      ...asArray(d.list)
        .map(asRecord)
        .map((a) => ({ advertiserId: idOf(a.account_id), name: str(a.corporation_name) })),
    );
    page = nextCursor(Number(page), Number(asRecord(d.page_info).total_page ?? 0));
  }
  return out;
}
