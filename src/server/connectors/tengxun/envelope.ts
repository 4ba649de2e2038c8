/**
 * 腾讯 answers `{code, message, message_cn, errors, data}`; code 0 is success. Codes the product acts on
 * (reference §8): 11000 access token expired and 11002 invalid (refresh), 11012 refresh token expired
 * (re-authorise), 11008 / 11016–11019 / 30104 rate and quota limits (back off). 11014 (refresh token
 * invalid) and 50000 (system) are the sandbox's choice where no public source names one; one table here.
 * Every call carries `access_token`, `timestamp` (seconds) and a fresh `nonce` in the query.
 */
import { randomBytes } from 'node:crypto';
import { type CodeKinds, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

export const TENGXUN_CODE_KINDS: CodeKinds = {
  '11000': 'token_expired',
  '11002': 'token_expired',
  '11012': 'refresh_expired',
  '11014': 'refresh_expired',
  '11008': 'rate_limited',
  '11016': 'rate_limited',
  '11017': 'rate_limited',
  '11018': 'rate_limited',
  '11019': 'rate_limited',
  '30104': 'rate_limited',
  '50000': 'transient',
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
    throw platformError('tengxun', TENGXUN_CODE_KINDS, String(body.code), msg);
  }
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The common query of every v3.0 call (a new nonce each time: 16 hex characters, as the official SDK does). */
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
