/**
 * 腾讯 answers `{code, message, message_cn, errors, data}`; code 0 is success. `TENGXUN_CODES` classifies every
 * code of the platform's return-code pages (v3.0/docs/errors, and 10000/10001 from docs/reference/errorcode);
 * 10000/10001 are retried, 11014 is a refusal (the call is outside the authorised scope), only 11010/11012
 * end the grant. Any other code is unclassified: retried with back-off and logged (connectors/errors.ts).
 * Every call carries `access_token`, `timestamp` (seconds) and a fresh `nonce` in the query.
 */
import { randomBytes } from 'node:crypto';
import { type CodeTable, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

const DOC = 'https://developers.e.qq.com/v3.0/docs/errors';
const DOC_2020 = 'https://developers.e.qq.com/docs/reference/errorcode';

export const TENGXUN_CODES: CodeTable = {
  '10000': { kind: 'transient', means: '系统繁忙，请稍后重试', source: DOC_2020 },
  '10001': { kind: 'transient', means: 'Marketing API 正在进行临时维护', source: DOC_2020 },
  '11000': { kind: 'token_expired', means: 'access_token 已过期', source: DOC },
  '11002': { kind: 'token_expired', means: 'access_token 无效', source: DOC },
  '11004': { kind: 'token_expired', means: 'access_token 格式不正确', source: DOC },
  '11005': { kind: 'protocol', means: 'access_token 为必填字段', source: DOC },
  '11007': { kind: 'refused', means: '应用 id 无效', source: DOC },
  '11008': { kind: 'rate_limited', means: '该应用的请求次数已达限制', source: DOC },
  '11009': { kind: 'refused', means: '授权码过期，请重新发起授权流程', source: DOC },
  '11010': { kind: 'refresh_expired', means: 'refresh_token 格式错误', source: DOC },
  '11011': { kind: 'refused', means: '授权码格式错误', source: DOC },
  '11012': { kind: 'refresh_expired', means: 'refresh_token 过期，请重新发起授权流程', source: DOC },
  '11013': { kind: 'refused', means: '授权码只能使用一次', source: DOC },
  // Out of the authorised scope: this call is refused; the grant itself is fine (not a refresh-token problem).
  '11014': { kind: 'refused', means: '您请求的接口超出了授权范围', source: DOC },
  '11016': { kind: 'rate_limited', means: '应用已达到每秒的请求限制', source: DOC },
  '11017': { kind: 'rate_limited', means: '应用请求已达分钟频次上限', source: DOC },
  '11018': { kind: 'rate_limited', means: '应用请求已达天频次上限', source: DOC },
  '11019': { kind: 'rate_limited', means: '请求过于频繁或主体/开发者的频控已达到上限', source: DOC },
  '11020': { kind: 'refused', means: '压测的访问令牌无效', source: DOC },
  '11022': { kind: 'rate_limited', means: '实名认证令牌使用超频', source: DOC },
};

export function tengxunData(answer: HttpAnswer): Record<string, unknown> {
  const body = objectBody('tengxun', answer);
  if (body.code !== 0) {
    const msg =
      typeof body.message_cn === 'string' && body.message_cn
        ? body.message_cn
        : typeof body.message === 'string'
          ? body.message
          : undefined;
    throw platformError('tengxun', TENGXUN_CODES, String(body.code), msg);
  }
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/**
 * The common query of every v3.0 call (a new nonce each time: 16 hex characters, as the official SDK does). Pass it
 * as the request's `fresh` part, so that each attempt of a retried call has its own nonce and timestamp.
 */
export const tengxunAuthQuery = (accessToken: string, now: number) => ({
  access_token: accessToken,
  timestamp: now,
  nonce: randomBytes(8).toString('hex'),
});
/**
 * The `list` of a v3.0 list answer (`data.list` + `data.page_info`, TencentAd/marketing-api-go-sdk docs/v3/*GetResponseData.md):
 * an answer without it is a protocol error, never an empty page.
 */
export function tengxunList(d: Record<string, unknown>, call: string): { list: unknown[]; totalPage: number } {
  if (!Array.isArray(d.list)) throw new ConnectorError('tengxun', 'protocol', `腾讯 ${call} 的应答缺少 list`);
  const pi = d.page_info as Record<string, unknown> | undefined;
  return { list: d.list, totalPage: Number(pi?.total_page ?? 0) || 0 };
}
