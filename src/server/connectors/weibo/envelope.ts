/**
 * 微博 answers (bububa/biz-weibo model/response.go): a refusal is `{trace_id, code, message}` with `code > 0`; a success
 * carries no code (or 0) and is, per call, a flat object (token, account, manage-list, campaigns, ads, campaign update),
 * an object wrapping `data` (refresh, creatives, the ad report, the creative status batch) or a bare array (campaign
 * and ad status updates). Every call sends `Authorization: Bearer <token>` and the SDK's Accept header
 * (core/client.go). The SDK names no codes: `WEIBO_CODES` classifies the classic open.weibo.com table (system 100xx,
 * OAuth 213xx) with its sources (21332, used by the fixtures, is in neither source: unclassified); at the token
 * endpoint 21325 / 21327 / 21332 end the grant. Any other code is
 * unclassified: retried with back-off and logged (connectors/errors.ts).
 */

import { type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { type CodeTable, ConnectorError, platformError } from '../errors.ts';
import type { HttpAnswer } from '../http.ts';

const SNS = 'small-tou/Rabbit.js@5037bfd:node_modules/snserror/index.js (open.weibo.com/wiki/Error_code)';
const OAUTH = 'ncmonl/BlogSource:threee-way-login-error-code.md (Weibo OAuth2.0 error_code)';

export const WEIBO_CODES: CodeTable = {
  '10001': { kind: 'transient', means: 'System error 系统错误', source: SNS },
  '10002': { kind: 'transient', means: 'Service unavailable 服务暂停', source: SNS },
  '10003': { kind: 'transient', means: 'Remote service error 远程服务错误', source: SNS },
  '10004': { kind: 'refused', means: 'IP limit', source: SNS },
  '10005': { kind: 'refused', means: 'Permission denied, need a high level appkey', source: SNS },
  '10006': { kind: 'protocol', means: 'Source paramter (appkey) is missing', source: SNS },
  '10007': { kind: 'protocol', means: 'Unsupport mediatype', source: SNS },
  '10008': { kind: 'refused', means: 'Param error 参数错误', source: SNS },
  '10009': { kind: 'transient', means: 'Too many pending tasks, system is busy', source: SNS },
  '10010': { kind: 'transient', means: 'Job expired 任务超时', source: SNS },
  '10011': { kind: 'transient', means: 'RPC error', source: SNS },
  '10012': { kind: 'refused', means: 'Illegal request 非法请求', source: SNS },
  '10013': { kind: 'refused', means: 'Invalid weibo user', source: SNS },
  '10014': { kind: 'refused', means: 'Insufficient app permissions', source: SNS },
  '10016': { kind: 'protocol', means: 'Miss required parameter', source: SNS },
  '10017': { kind: 'refused', means: "Parameter's value invalid", source: SNS },
  '10018': { kind: 'protocol', means: 'Request body length over limit', source: SNS },
  '10020': { kind: 'protocol', means: 'Request api not found', source: SNS },
  '10021': { kind: 'protocol', means: 'HTTP method is not suported for this request', source: SNS },
  '10022': { kind: 'rate_limited', means: 'IP requests out of rate limit', source: SNS },
  '10023': { kind: 'rate_limited', means: 'User requests out of rate limit', source: SNS },
  '10024': { kind: 'rate_limited', means: 'User requests for (%s) out of rate limit', source: SNS },
  '20003': { kind: 'refused', means: 'User does not exists 用户不存在', source: SNS },
  '21314': { kind: 'token_expired', means: 'Token used', source: SNS },
  '21315': { kind: 'token_expired', means: 'Token expired', source: SNS },
  '21316': { kind: 'refresh_expired', means: 'Token revoked', source: SNS },
  '21317': { kind: 'token_expired', means: 'Token rejected', source: SNS },
  '21319': { kind: 'refresh_expired', means: 'Accessor was revoked 授权关系已经被解除', source: SNS },
  '21327': { kind: 'token_expired', means: 'Expired token', source: SNS },
  '21322': { kind: 'refused', means: 'redirect_uri_mismatch', source: OAUTH },
  '21323': { kind: 'refused', means: 'invalid_request', source: OAUTH },
  '21324': { kind: 'refused', means: 'invalid_client', source: OAUTH },
  // a refused code exchange; on a refresh the grant-gone set below makes it refresh_expired
  '21325': { kind: 'refused', means: 'invalid_grant（Access Grant 无效、过期或已撤销）', source: OAUTH },
  '21326': { kind: 'refused', means: 'unauthorized_client', source: OAUTH },
  '21328': { kind: 'refused', means: 'unsupported_grant_type', source: OAUTH },
  '21329': { kind: 'refused', means: 'unsupported_response_type', source: OAUTH },
  '21330': { kind: 'refused', means: 'access_denied', source: OAUTH },
  '21331': { kind: 'transient', means: 'temporarily_unavailable', source: OAUTH },
  '21337': { kind: 'refused', means: 'appkey permission denied', source: OAUTH },
};
const GRANT_GONE = new Set(['21325', '21327', '21332']);

/** The answer, object or array; a `code > 0` refusal thrown with the platform's message. */
export const weiboAnswer =
  (refreshing = false) =>
  (answer: HttpAnswer): unknown => {
    const b = answer.body;
    if (Array.isArray(b)) return b;
    if (!b || typeof b !== 'object') throw new ConnectorError('weibo', 'protocol', `微博返回的内容无法识别（HTTP ${answer.status}）`);
    const r = b as Record<string, unknown>;
    const code = Number(r.code ?? 0);
    if (Number.isFinite(code) && code > 0) {
      const c = String(r.code);
      if (refreshing && GRANT_GONE.has(c))
        throw new ConnectorError('weibo', 'refresh_expired', `${str(r.message) || '授权已失效'}（错误码 ${c}）`, c);
      throw platformError('weibo', WEIBO_CODES, c, str(r.message) || undefined);
    }
    return r;
  };

export const asObject = (v: unknown, call: string): Record<string, unknown> => {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  throw new ConnectorError('weibo', 'protocol', `微博 ${call} 的应答不是对象`);
};
/** `data` of a wrapped answer (refresh, creatives, report): its absence is a protocol error. */
export const dataOf = (v: unknown, call: string): Record<string, unknown> => asObject(asObject(v, call).data, `${call} data`);
export function listOf(v: Record<string, unknown>, call: string): Record<string, unknown>[] {
  if (!Array.isArray(v.list)) throw new ConnectorError('weibo', 'protocol', `微博 ${call} 的应答缺少 list`);
  return v.list.map((x) => asObject(x, call));
}

export interface WeiboCall {
  method: 'GET' | 'POST';
  path: string;
  token: string;
  query?: Record<string, string | number | undefined>;
  /** Extra query text appended as is (repeated keys: `fields=pv&fields=bhv`). */
  rawQuery?: string;
  json?: unknown;
}

export const weiboCall = (cfg: ConnectorConfig, kit: ConnectorKit, c: WeiboCall) =>
  kit.http.call(
    {
      method: c.method,
      url: `${trimBase(cfg.apiBase)}${c.path}${c.rawQuery ? `?${c.rawQuery}` : ''}`,
      query: c.query,
      headers: { Authorization: `Bearer ${c.token}`, Accept: 'application/json,application/text+gw2.0' },
      json: c.json,
    },
    weiboAnswer(),
  );
