/**
 * 微博 API answers `{code, message, data}` (code 0 = success); the OAuth token endpoint answers plain OAuth
 * JSON (`{access_token …}` or `{error, error_code, error_description}`). `WEIBO_CODES` classifies the classic
 * open.weibo.com table (system 100xx, OAuth 213xx) with its sources; at the token endpoint 21325/21327 mean the
 * grant is gone (re-authorise). Any other code is unclassified: retried with back-off and logged.
 * Calls send `Authorization: Bearer`, the Accept header of the official SDK, and `customer_id`.
 */

import { type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { type CodeTable, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

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
  '21325': { kind: 'refresh_expired', means: 'invalid_grant（Access Grant 无效、过期或已撤销）', source: OAUTH },
  '21326': { kind: 'refused', means: 'unauthorized_client', source: OAUTH },
  '21328': { kind: 'refused', means: 'unsupported_grant_type', source: OAUTH },
  '21329': { kind: 'refused', means: 'unsupported_response_type', source: OAUTH },
  '21330': { kind: 'refused', means: 'access_denied', source: OAUTH },
  '21331': { kind: 'transient', means: 'temporarily_unavailable', source: OAUTH },
  '21337': { kind: 'refused', means: 'appkey permission denied', source: OAUTH },
};

export function weiboData(answer: HttpAnswer): Record<string, unknown> {
  const b = objectBody('weibo', answer);
  if (b.code !== 0) throw platformError('weibo', WEIBO_CODES, String(b.code), str(b.message) || undefined);
  const d = b.data;
  return d && typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>) : {};
}

/** The token endpoint: plain OAuth JSON; on refresh, a dead grant is refresh_expired. */
export const weiboOAuth =
  (refreshing: boolean) =>
  (answer: HttpAnswer): Record<string, unknown> => {
    const b = objectBody('weibo', answer);
    if (typeof b.access_token === 'string') return b;
    const code = str(b.error_code) || str(b.error);
    const msg = `${str(b.error_description) || '授权失败'}（错误码 ${code}）`;
    if (refreshing && ['21325', '21327', 'invalid_grant', 'expired_token'].includes(code))
      throw new ConnectorError('weibo', 'refresh_expired', msg, code);
    throw new ConnectorError('weibo', 'refused', msg, code);
  };

export interface WeiboCall {
  method: 'GET' | 'PUT';
  path: string;
  token: string;
  customerId?: string;
  query?: Record<string, string | number>;
  json?: unknown;
}

export const weiboCall = (cfg: ConnectorConfig, kit: ConnectorKit, c: WeiboCall) =>
  kit.http.call(
    {
      method: c.method,
      url: `${trimBase(cfg.apiBase)}${c.path}`,
      query: { ...c.query, ...(c.customerId ? { customer_id: c.customerId } : {}) },
      headers: { Authorization: `Bearer ${c.token}`, Accept: 'application/json,application/text+gw2.0' },
      json: c.json,
    },
    weiboData,
  );
