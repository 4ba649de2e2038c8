import { list, obj } from '../affiliate-http.ts';
import { int, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type PddClientConfig, pddCall } from './client.ts';

/**
 * 拼多多's pid + uid 备案 (多多进宝 requires the pair a link's custom_parameters names to be bound to a 拼多多 user):
 * - `pdd.ddk.member.authority.query {pid, custom_parameters}` → `authority_query_response.bind` 1 已绑定 / 0 未绑定
 *   (bububa/openpdd api/ddk/member_authority_query.go @667450d);
 * - `pdd.ddk.rp.prom.url.generate {channel_type: 10 生成绑定备案链接, p_id_list: [pid] (at most one), custom_parameters}`
 *   → `rp_promotion_url_generate_response.url_list[]` (url, short_url, mobile_url, mobile_short_url …), the page the
 *   user opens in the 拼多多 app to bind (api/ddk/rp_prom_url_generate.go, api/ddk/url.go).
 * Fixtures: tests/fixtures/platforms/pdd/member-authority-query.json, rp-prom-url-generate.json.
 */
export const AUTHORITY_CHANNEL_TYPE = 10;

const uidParameters = (uid: string): string => JSON.stringify({ uid });

export async function queryPddAuthority(cfg: PddClientConfig, pid: string, uid: string): Promise<{ bound: boolean }> {
  const body = await pddCall(
    cfg,
    'pdd.ddk.member.authority.query',
    { pid, custom_parameters: uidParameters(uid) },
    'authority_query_response',
  );
  if (!('bind' in body)) throw new ConnectorError('pdd', 'protocol', '多多进宝备案查询返回缺少 bind', 'missing_bind');
  return { bound: int(body.bind) === 1 };
}

export async function pddAuthorityUrl(cfg: PddClientConfig, pid: string, uid: string): Promise<string> {
  const body = await pddCall(
    cfg,
    'pdd.ddk.rp.prom.url.generate',
    { channel_type: AUTHORITY_CHANNEL_TYPE, p_id_list: [pid], custom_parameters: uidParameters(uid), generate_short_url: true },
    'rp_promotion_url_generate_response',
  );
  const u = obj(list(body.url_list)[0]);
  const url = str(u.mobile_short_url) || str(u.short_url) || str(u.mobile_url) || str(u.url);
  if (!/^https?:\/\//.test(url)) throw new ConnectorError('pdd', 'protocol', '多多进宝未返回备案链接', 'empty');
  return url;
}
