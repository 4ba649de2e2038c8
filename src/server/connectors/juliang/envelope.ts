/**
 * 巨量 answers `{code, message, request_id, data}`; code 0 is success (bububa/oceanengine
 * marketing-api/model/response.go: `BaseResponse{message, request_id, code}`, `IsError` = code ≠ 0).
 * Codes: only what a public source documents is classified (`JULIANG_CODES`); any other code is unclassified —
 * retried with back-off and logged, never a reason to re-authorise (connectors/errors.ts). No public source
 * documents 巨量's refresh-token codes, so an expired refresh token is recognised by its stated lifetime
 * (`refresh_token_expires_in`), see ads/credentials.ts.
 */
import { type CodeTable, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

const WESTNG = 'westng/oceanengine-sdk-php@6c1b5503:ERROR_CODES_GUIDE.md';

export const JULIANG_CODES: CodeTable = {
  '40100': { kind: 'rate_limited', means: '整体频控（Too many requests）', source: WESTNG },
  '40110': { kind: 'rate_limited', means: '开发者频控（Too many requests）', source: WESTNG },
  '40105': { kind: 'token_expired', means: 'access_token 无效', source: WESTNG },
  '50000': { kind: 'transient', means: '超时', source: WESTNG },
  '50001': { kind: 'transient', means: '系统繁忙，请稍后重试', source: WESTNG },
  '50002': { kind: 'transient', means: '服务暂时不可用', source: WESTNG },
  // The guide lists these three as retryable, but what they say is a refusal: retrying cannot change the answer.
  '50003': { kind: 'refused', means: '参数错误', source: WESTNG },
  '50004': { kind: 'refused', means: '权限不足', source: WESTNG },
  '50005': { kind: 'refused', means: '资源不存在', source: WESTNG },
};

/** The answer's `data` as sent (an object, or an array for `2/advertiser/info/`), after the envelope check. */
export function juliangPayload(answer: HttpAnswer): unknown {
  const body = objectBody('juliang', answer);
  if (typeof body.code !== 'number') throw new ConnectorError('juliang', 'protocol', `巨量返回的内容缺少 code（HTTP ${answer.status}）`);
  if (body.code !== 0)
    throw platformError('juliang', JULIANG_CODES, String(body.code), typeof body.message === 'string' ? body.message : undefined);
  return body.data;
}

export function juliangData(answer: HttpAnswer): Record<string, unknown> {
  const data = juliangPayload(answer);
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}
