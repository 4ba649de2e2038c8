/**
 * 快手 answers `{code, message, request_id, data}`; code 0 is success. Its error codes are not published
 * (reference §0): the codes below are the sandbox's, kept in this one table so the real ones can be put in
 * when known. All calls are POST JSON with the header `Access-Token` under `{apiBase}/rest/openapi/`.
 */

import { type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { type CodeKinds, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

export const KUAISHOU_CODE_KINDS: CodeKinds = {
  '401000': 'token_expired',
  '401001': 'token_expired',
  '401002': 'refresh_expired',
  '401003': 'refresh_expired',
  '429000': 'rate_limited',
  '500000': 'transient',
};

export function kuaishouData(answer: HttpAnswer): Record<string, unknown> {
  const body = objectBody('kuaishou', answer);
  if (body.code !== 0)
    throw platformError('kuaishou', KUAISHOU_CODE_KINDS, String(body.code), typeof body.message === 'string' ? body.message : undefined);
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** POST `{apiBase}/rest/openapi/{path}` with the token header. */
export const kuaishouPost = (cfg: ConnectorConfig, kit: ConnectorKit, token: string | null, path: string, json: unknown) =>
  kit.http.call(
    { method: 'POST', url: `${trimBase(cfg.apiBase)}/rest/openapi/${path}`, headers: token ? { 'Access-Token': token } : {}, json },
    kuaishouData,
  );
