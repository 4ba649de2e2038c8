/**
 * UC wraps every call: `POST {apiBase}/api/<service>/<method>` with `{header: {username, password, token}, body}`;
 * the answer's `header.status` is 0 on success, otherwise `header.failures[{code, message}]` say why
 * (disv5/opensdk uc/model/response.go; CloudyCity/uc-marketing-sdk src/Kernel/BaseClient.php, ApiException.php).
 * The remaining quota is `header.left_quota` (disv5/opensdk) or `header.leftQuota` (CloudyCity's OverQuotaException):
 * both are read; a refusal with 0 left means the day's quota is spent (backed off like a rate limit, whatever its code).
 * A success without a body object is a protocol error.
 */

import type { CallAuth } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { type CodeKinds, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';
import { UC_TABLE } from './table.ts';

const KINDS: CodeKinds = UC_TABLE.codeKinds;

export function ucBody(answer: HttpAnswer): Record<string, unknown> {
  const b = objectBody('ucid', answer);
  const header = b.header;
  if (!header || typeof header !== 'object') throw new ConnectorError('ucid', 'protocol', 'UC 应答缺少 header');
  const h = header as Record<string, unknown>;
  if (h.status !== 0) {
    const f = asRecord(asArray(h.failures)[0]);
    const left = h.left_quota ?? h.leftQuota;
    if (left === 0)
      throw new ConnectorError('ucid', 'rate_limited', `UC 今日配额已用完${f.message ? `：${str(f.message)}` : ''}`, str(f.code));
    throw platformError('ucid', KINDS, str(f.code) || String(h.status ?? ''), str(f.message) || str(h.desc));
  }
  if (!b.body || typeof b.body !== 'object' || Array.isArray(b.body)) throw new ConnectorError('ucid', 'protocol', 'UC 应答缺少 body');
  return b.body as Record<string, unknown>;
}

export function ucCredentials(auth: CallAuth | null): { username: string; password: string; token: string } {
  if (auth?.kind !== 'credentials') throw new ConnectorError('ucid', 'protocol', 'UC 调用需要账户的用户名、密码和 token');
  return { username: auth.username, password: auth.password, token: auth.token };
}

export const ucPost = (cfg: ConnectorConfig, kit: ConnectorKit, auth: CallAuth | null, path: string, body?: unknown) =>
  kit.http.call(
    {
      method: 'POST',
      url: `${trimBase(cfg.apiBase)}/api/${path}`,
      json: body === undefined ? { header: ucCredentials(auth) } : { header: ucCredentials(auth), body },
    },
    ucBody,
  );
