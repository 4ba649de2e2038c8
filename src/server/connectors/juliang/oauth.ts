/**
 * 巨量 OAuth: consent at `{authBase}/audit/oauth.html?app_id&state&redirect_uri`, `POST oauth2/access_token/` and
 * `oauth2/refresh_token/` (rotates) `{app_id (number), secret, grant_type, auth_code | refresh_token}`
 * (bububa/oceanengine@e3ac8d5 model/oauth/access_token.go). The token's `advertiser_ids` are the accounts ticked on
 * the consent page — advertisers, but also 管家 (account managers) and 代理商 (agencies) — so the bound advertisers
 * come from `oauth2/advertiser/get` and each account's role (`juliangAdvertisers`).
 */
import { chunks } from '../../../shared/chunks.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import { log } from '../../kernel/log.ts';
import type { AuthorizedAdvertiser, TokenGrant } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { juliangData, juliangPayload } from './envelope.ts';

export function juliangAuthorizeUrl(cfg: ConnectorConfig, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({ app_id: cfg.appId, state: p.state, redirect_uri: p.redirectUri });
  return `${trimBase(cfg.authBase)}/audit/oauth.html?${q}`;
}

function grant(kit: ConnectorKit, d: Record<string, unknown>): TokenGrant {
  const now = kit.now();
  const accessToken = str(d.access_token);
  const refreshToken = str(d.refresh_token);
  if (!accessToken || !refreshToken) throw new ConnectorError('juliang', 'protocol', '巨量的令牌应答缺少 access_token 或 refresh_token');
  return {
    accessToken,
    refreshToken,
    accessExpiresAt: now + Number(d.expires_in ?? 0),
    refreshExpiresAt: now + Number(d.refresh_token_expires_in ?? 0),
    // the ticked accounts include 管家 and 代理商: the advertisers to bind come from `juliangAdvertisers`
    advertiserIds: [],
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

type Role = 'advertiser' | 'majordomo' | 'agent' | 'other';
/**
 * An authorised account's role: `account_type` / `account_role` (ADVERTISER, CUSTOMER_ADMIN, CUSTOMER_OPERATOR,
 * AGENT, CHILD_AGENT …; oceanengine/ad_open_sdk_go@9283cb7 models/model_oauth2_advertiser_get_data_list_account_type.go,
 * bububa enum/account_role.go) or the older `advertiser_role` (1 普通广告主, 2 账号管家, 3 一级代理商, 4 二级代理商,
 * 6 星图, 10 抖音号; bububa model/oauth/advertiser_get.go).
 */
export function roleOf(a: Record<string, unknown>): Role {
  const kind = str(a.account_type) || str(a.account_role);
  if (kind === 'ADVERTISER') return 'advertiser';
  if (kind === 'CUSTOMER_ADMIN' || kind === 'CUSTOMER_OPERATOR') return 'majordomo';
  if (kind === 'AGENT' || kind === 'CHILD_AGENT') return 'agent';
  if (kind) return 'other';
  const role = Number(a.advertiser_role);
  return role === 1 ? 'advertiser' : role === 2 ? 'majordomo' : role === 3 || role === 4 ? 'agent' : 'other';
}

const get = (cfg: ConnectorConfig, kit: ConnectorKit, token: string, path: string, query: Record<string, string | number>) =>
  kit.http.call({ method: 'GET', url: `${trimBase(cfg.apiBase)}/${path}`, query, headers: { 'Access-Token': token } }, juliangData);

/**
 * The advertisers a grant covers: each authorised account by its role — an advertiser itself; a 管家 the advertisers
 * under it (`GET 2/majordomo/advertiser/select/?advertiser_id` → `list[{advertiser_id, advertiser_name}]`); an agency
 * its advertisers (`GET 2/agent/advertiser/select/?advertiser_id&page&page_size` → `list[ids]`, `page_info`), named
 * by `GET 2/advertiser/info/?advertiser_ids&fields` (→ `data[{id, name}]`). Sources: oceanengine/ad_open_sdk_go@9283cb7
 * api_majordomo_advertiser_select_v2.go, api_agent_advertiser_select_v2.go, api_advertiser_info_v2.go; bububa
 * model/majordomo/, model/agent/advertiser_select.go, model/advertiser/info.go. Accounts marked `is_valid: false`
 * and other roles (星图, 抖音号 …) bind nothing; a 二级代理商 under an agency is not walked.
 */
export async function juliangAdvertisers(cfg: ConnectorConfig, kit: ConnectorKit, accessToken: string): Promise<AuthorizedAdvertiser[]> {
  const d = await get(cfg, kit, accessToken, 'oauth2/advertiser/get', {
    app_id: cfg.appId,
    secret: cfg.appSecret,
    access_token: accessToken,
  });
  const found = new Map<string, string>();
  for (const a of asArray(d.list).map(asRecord)) {
    if (a.is_valid === false) continue;
    const id = idOf(a.account_id) || idOf(a.advertiser_id);
    const name = str(a.account_name) || str(a.advertiser_name);
    if (!id) throw new ConnectorError('juliang', 'protocol', '巨量已授权账户列表缺少账户 ID');
    const role = roleOf(a);
    if (role === 'advertiser') found.set(id, name);
    else if (role === 'majordomo') for (const x of await majordomoAdvertisers(cfg, kit, accessToken, id)) found.set(x.advertiserId, x.name);
    else if (role === 'agent') for (const x of await agentAdvertisers(cfg, kit, accessToken, id)) found.set(x.advertiserId, x.name);
    else log.info('juliang account not bound', { account: id, role: str(a.account_type) || str(a.account_role) || str(a.advertiser_role) });
  }
  return [...found].map(([advertiserId, name]) => ({ advertiserId, name }));
}

async function majordomoAdvertisers(cfg: ConnectorConfig, kit: ConnectorKit, token: string, majordomo: string) {
  const d = await get(cfg, kit, token, '2/majordomo/advertiser/select/', { advertiser_id: majordomo });
  return asArray(d.list)
    .map(asRecord)
    .map((a) => ({ advertiserId: idOf(a.advertiser_id), name: str(a.advertiser_name) }))
    .filter((a) => a.advertiserId);
}

async function agentAdvertisers(cfg: ConnectorConfig, kit: ConnectorKit, token: string, agent: string): Promise<AuthorizedAdvertiser[]> {
  const ids: string[] = [];
  for (let page = 1, total = 1; page <= total; page++) {
    const d = await get(cfg, kit, token, '2/agent/advertiser/select/', { advertiser_id: agent, page, page_size: 100 });
    ids.push(...[...asArray(d.list), ...asArray(d.advertiser_ids)].map(idOf).filter(Boolean));
    total = Number(asRecord(d.page_info).total_page ?? 1);
  }
  const names = new Map<string, string>();
  for (const batch of chunks([...new Set(ids)], 100)) {
    const data = await kit.http.call(
      {
        method: 'GET',
        url: `${trimBase(cfg.apiBase)}/2/advertiser/info/`,
        query: { advertiser_ids: `[${batch.join(',')}]`, fields: JSON.stringify(['id', 'name']) },
        headers: { 'Access-Token': token },
      },
      juliangPayload,
    );
    for (const a of asArray(data).map(asRecord)) names.set(idOf(a.id), str(a.name));
  }
  return [...new Set(ids)].map((id) => ({ advertiserId: id, name: names.get(id) || id }));
}
