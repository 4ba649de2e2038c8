/**
 * 快手 answers `{code, message, request_id, data}`; code 0 is success (bububa/kwai-marketing-api@3c6f336
 * model/response.go: `BaseResponse{message, request_id, data, code}`, `IsError` = code ≠ 0). No public source
 * documents 快手's error codes (the SDK has none; the sandbox's are its own): `KUAISHOU_CODES` is empty, so every
 * code is unclassified — retried with back-off and logged, never a reason to ask the user to re-authorise
 * (connectors/errors.ts). An expired grant is recognised by the refresh token's stated lifetime
 * (`refresh_token_expires_in`, ads/credentials.ts). All calls are POST JSON with the header `Access-Token` under
 * `{apiBase}/rest/openapi/` (core/const.go BASE_URL, core/client.go).
 */

import { type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { type CodeTable, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

export const KUAISHOU_CODES: CodeTable = {};

export function kuaishouData(answer: HttpAnswer): Record<string, unknown> {
  const body = objectBody('kuaishou', answer);
  if (typeof body.code !== 'number') throw new ConnectorError('kuaishou', 'protocol', `快手返回的内容缺少 code（HTTP ${answer.status}）`);
  if (body.code !== 0)
    throw platformError('kuaishou', KUAISHOU_CODES, String(body.code), typeof body.message === 'string' ? body.message : undefined);
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** POST `{apiBase}/rest/openapi/{path}` with the token header. */
export const kuaishouPost = (cfg: ConnectorConfig, kit: ConnectorKit, token: string | null, path: string, json: unknown) =>
  kit.http.call(
    { method: 'POST', url: `${trimBase(cfg.apiBase)}/rest/openapi/${path}`, headers: token ? { 'Access-Token': token } : {}, json },
    kuaishouData,
  );
