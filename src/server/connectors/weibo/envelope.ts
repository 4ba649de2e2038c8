/**
 * 微博 answers (bububa/biz-weibo model/response.go): a refusal is `{trace_id, code, message}` with `code > 0`; a success
 * carries no code (or 0) and is, per call, a flat object (token, account, manage-list, campaigns, ads, campaign update),
 * an object wrapping `data` (refresh, creatives, the ad report, the creative status batch) or a bare array (campaign
 * and ad status updates). Every call sends `Authorization: Bearer <token>` and the SDK's Accept header
 * (core/client.go). Codes: the classic open.weibo.com table (21327 / 21332 token, 10022–10024 rate, 10001 system) —
 * the SDK names none; at the token endpoint 21325 / 21327 / 21332 end the grant.
 */

import { type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { type CodeKinds, ConnectorError, platformError } from '../errors.ts';
import type { HttpAnswer } from '../http.ts';

export const WEIBO_CODE_KINDS: CodeKinds = {
  '21327': 'token_expired',
  '21332': 'token_expired',
  '10022': 'rate_limited',
  '10023': 'rate_limited',
  '10024': 'rate_limited',
  '10001': 'transient',
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
      throw platformError('weibo', WEIBO_CODE_KINDS, c, str(r.message) || undefined);
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
