/**
 * 小红书聚光 answers `{success, code, msg, data, request_id}` (some answers name the message `message`);
 * `success: true` is success. Its error codes are not published: the table below is the sandbox's, kept
 * in one place so the real codes can be put in. Calls are POST JSON with header `Access-Token` under
 * `{apiBase}/api/open/`.
 */

import { type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { type CodeKinds, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

export const XIAOHONGSHU_CODE_KINDS: CodeKinds = {
  '10004': 'token_expired',
  '10005': 'token_expired',
  '10006': 'refresh_expired',
  '10007': 'refresh_expired',
  '10009': 'rate_limited',
  '10500': 'transient',
};

export function xiaohongshuData(answer: HttpAnswer): Record<string, unknown> {
  const body = objectBody('xiaohongshu', answer);
  if (body.success !== true) {
    const msg = [body.msg, body.message, body.errorMsg].find((m) => typeof m === 'string' && m) as string | undefined;
    throw platformError('xiaohongshu', XIAOHONGSHU_CODE_KINDS, String(body.code ?? body.errorCode ?? ''), msg);
  }
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

export const xiaohongshuPost = (cfg: ConnectorConfig, kit: ConnectorKit, token: string | null, path: string, json: unknown) =>
  kit.http.call(
    { method: 'POST', url: `${trimBase(cfg.apiBase)}/api/open/${path}`, headers: token ? { 'Access-Token': token } : {}, json },
    xiaohongshuData,
  );
