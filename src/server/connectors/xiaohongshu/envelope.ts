/**
 * 小红书聚光 answers `{success, code, msg|message, data, request_id}`, some answers `{errorCode, errorMsg}`;
 * `success: true` is success (bububa/spotlight-mapi@326295b model/response.go: `BaseResponse{success, code,
 * message, errorCode, errorMsg, request_id}`, `IsError` = !success). No public source documents 小红书's error
 * codes: `XIAOHONGSHU_CODES` is empty, so every code is unclassified — retried with back-off and logged, never a
 * reason to ask the user to re-authorise (connectors/errors.ts). Calls are POST JSON with header `Access-Token`
 * under `{apiBase}/api/open/` (core/const.go BASE_URL, core/client.go Post).
 */

import { type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { type CodeTable, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

export const XIAOHONGSHU_CODES: CodeTable = {};

export function xiaohongshuData(answer: HttpAnswer): Record<string, unknown> {
  const body = objectBody('xiaohongshu', answer);
  if (typeof body.success !== 'boolean')
    throw new ConnectorError('xiaohongshu', 'protocol', `小红书返回的内容缺少 success（HTTP ${answer.status}）`);
  if (body.success !== true) {
    const msg = [body.msg, body.message, body.errorMsg].find((m) => typeof m === 'string' && m) as string | undefined;
    throw platformError('xiaohongshu', XIAOHONGSHU_CODES, String(body.code ?? body.errorCode ?? ''), msg);
  }
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

export const xiaohongshuPost = (cfg: ConnectorConfig, kit: ConnectorKit, token: string | null, path: string, json: unknown) =>
  kit.http.call(
    { method: 'POST', url: `${trimBase(cfg.apiBase)}/api/open/${path}`, headers: token ? { 'Access-Token': token } : {}, json },
    xiaohongshuData,
  );
