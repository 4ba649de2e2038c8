/**
 * 微博 API answers `{code, message, data}` (code 0 = success); the OAuth token endpoint answers plain OAuth
 * JSON (`{access_token …}` or `{error, error_code, error_description}`). Codes follow the classic
 * open.weibo.com table: 21327 token expired and 21332 invalid (refresh), 10022/10023/10024 rate limits,
 * 10001 system error; at the token endpoint 21325/21327 mean the grant is gone (re-authorise).
 * Calls send `Authorization: Bearer`, the Accept header of the official SDK, and `customer_id`.
 */

import { type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { type CodeKinds, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

export const WEIBO_CODE_KINDS: CodeKinds = {
  '21327': 'token_expired',
  '21332': 'token_expired',
  '10022': 'rate_limited',
  '10023': 'rate_limited',
  '10024': 'rate_limited',
  '10001': 'transient',
};

export function weiboData(answer: HttpAnswer): Record<string, unknown> {
  const b = objectBody('weibo', answer);
  if (b.code !== 0) throw platformError('weibo', WEIBO_CODE_KINDS, String(b.code), str(b.message) || undefined);
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
