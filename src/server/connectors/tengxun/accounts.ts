/**
 * Which 腾讯 accounts a grant covers, by the authoriser's `account_role_type` (TencentAd/marketing-api-go-sdk
 * pkg/model/v3/model_oauth_account_role_type.go; the code grant's `authorizer_info`):
 * - ACCOUNT_ROLE_TYPE_ADVERTISER (or no role): the authoriser's own `account_id`, named by `advertiser/get` with that
 *   `account_id` (a direct advertiser must send it: developers.e.qq.com/v3.0/docs/api/advertiser/get);
 * - ACCOUNT_ROLE_TYPE_ORGANIZATION_ADVERTISER_{UNIT,MDM,CORPORATION} (业务单元 / 主体 / 集团): every account of
 *   `organization_account_relation/get`, which only such tokens may call
 *   (developers.e.qq.com/v3.0/docs/api/organization_account_relation/get);
 * - ACCOUNT_ROLE_TYPE_AGENCY (服务商): its sub-clients, `advertiser/get` without `account_id`.
 * Other roles (服务商主体/业务单元, 商务管家, T1, DataNexus) have no documented way to list ad accounts in v3.0 here:
 * the grant is refused with a message saying which accounts to authorise instead.
 */
import { idOf } from '../../../shared/lossless-json.ts';
import type { AuthorizedAdvertiser } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { tengxunAuthQuery, tengxunData, tengxunList } from './envelope.ts';

const ORGANISATION = new Set([
  'ACCOUNT_ROLE_TYPE_ORGANIZATION_ADVERTISER_UNIT',
  'ACCOUNT_ROLE_TYPE_ORGANIZATION_ADVERTISER_MDM',
  'ACCOUNT_ROLE_TYPE_ORGANIZATION_ADVERTISER_CORPORATION',
]);
/** Normal paging allows page_size × page ≤ 1000 (both list calls). */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

/**
 * A probe's reading of the answer: the codes with which 腾讯 refuses a token the wrong kind of call are documented
 * nowhere, so a probe takes an unclassified code as "not this kind of token" (refused, not retried: a retry would
 * also replay the query's nonce) instead of the transient every other call gives it (connectors/errors.ts).
 */
function probeData(answer: Parameters<typeof tengxunData>[0]) {
  try {
    return tengxunData(answer);
  } catch (err) {
    if (err instanceof ConnectorError && err.unclassified) throw new ConnectorError('tengxun', 'refused', err.message, err.platformCode);
    throw err;
  }
}

async function pages(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  path: string,
  query: Record<string, string | number>,
  interpret = tengxunData,
) {
  const out: AuthorizedAdvertiser[] = [];
  for (let page = 1, total = 1; page <= Math.min(total, MAX_PAGES); page++) {
    const d = await kit.http.call(
      {
        method: 'GET',
        url: `${trimBase(cfg.apiBase)}/v3.0/${path}`,
        fresh: () => ({ query: tengxunAuthQuery(token, kit.now()) }),
        query: { ...query, pagination_mode: 'PAGINATION_MODE_NORMAL', page, page_size: PAGE_SIZE },
      },
      interpret,
    );
    const { list, totalPage } = tengxunList(d, path);
    total = totalPage;
    for (const r of list.map(asRecord)) {
      const id = idOf(r.account_id);
      if (!id) throw new ConnectorError('tengxun', 'protocol', `腾讯 ${path} 的账户缺少 account_id`);
      out.push({ advertiserId: id, name: str(r.corporation_name) });
    }
  }
  return out;
}

const NAME_FIELDS = JSON.stringify(['account_id', 'corporation_name']);

/** The accounts an organisation token (集团 / 主体 / 业务单元) holds. */
export const tengxunOrganisationAccounts = (cfg: ConnectorConfig, kit: ConnectorKit, token: string) =>
  pages(cfg, kit, token, 'organization_account_relation/get', {});

const refused = (e: unknown) => e instanceof ConnectorError && e.kind === 'refused';

/**
 * The accounts a token alone can list (the token answer's role is not at hand): an organisation's, else an agency's
 * 子客; a direct advertiser's token lists nothing by itself — its account is the grant's `authorizer_info.account_id`.
 */
export async function tengxunTokenAccounts(cfg: ConnectorConfig, kit: ConnectorKit, token: string): Promise<AuthorizedAdvertiser[]> {
  try {
    return await pages(cfg, kit, token, 'organization_account_relation/get', {}, probeData);
  } catch (err) {
    if (!refused(err)) throw err;
  }
  try {
    return await pages(cfg, kit, token, 'advertiser/get', { fields: NAME_FIELDS }, probeData);
  } catch (err) {
    if (!refused(err)) throw err;
    throw new ConnectorError(
      'tengxun',
      'refused',
      `这个令牌不属于组织（集团/主体/业务单元）或服务商，无法列出账户：广告主本人的账户由授权时的 authorizer_info.account_id 给出（${(err as Error).message}）`,
      (err as ConnectorError).platformCode,
    );
  }
}

export async function tengxunGrantAccounts(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  who: Record<string, unknown>,
): Promise<AuthorizedAdvertiser[]> {
  const role = str(who.account_role_type);
  const id = idOf(who.account_id);
  if (ORGANISATION.has(role)) return tengxunOrganisationAccounts(cfg, kit, token);
  if (role === 'ACCOUNT_ROLE_TYPE_AGENCY') return pages(cfg, kit, token, 'advertiser/get', { fields: NAME_FIELDS });
  if (role && role !== 'ACCOUNT_ROLE_TYPE_ADVERTISER')
    throw new ConnectorError(
      'tengxun',
      'refused',
      `授权的腾讯账号类型（${role}）不能直接管理广告账户，请用广告主账号、组织（集团/主体/业务单元）或服务商账号授权`,
    );
  if (!id) throw new ConnectorError('tengxun', 'protocol', '腾讯令牌应答缺少 authorizer_info.account_id');
  const [own] = await pages(cfg, kit, token, 'advertiser/get', { account_id: id, fields: NAME_FIELDS });
  return [{ advertiserId: id, name: own?.advertiserId === id ? own.name : '' }];
}
