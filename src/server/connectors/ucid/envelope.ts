/**
 * UC wraps every call: `POST {apiBase}/api/<service>/<method>` with `{header: {username, password, token},
 * body}`; the answer's `header.status` is 0 on success, otherwise `header.failures[{code, message}]` say why.
 * `header.leftQuota` 0 with a failure means the day's quota is spent (backed off like a rate limit; the quota
 * fields are CloudyCity/uc-marketing-sdk@fb11b29:src/Kernel/Exceptions/OverQuotaException.php). No public source
 * documents UC's failure codes: `UC_CODES` is empty, so every code is unclassified — retried with back-off and
 * logged, never a reason to ask for new credentials (connectors/errors.ts).
 */

import type { CallAuth } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { type CodeTable, ConnectorError, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

export const UC_CODES: CodeTable = {};

export function ucBody(answer: HttpAnswer): Record<string, unknown> {
  const b = objectBody('ucid', answer);
  const header = asRecord(b.header);
  if (header.status !== 0) {
    const f = asRecord(asArray(header.failures)[0]);
    if (!f.code && header.leftQuota === 0) throw new ConnectorError('ucid', 'rate_limited', 'UC 今日配额已用完');
    throw platformError('ucid', UC_CODES, str(f.code) || String(header.status ?? ''), str(f.message) || str(header.desc));
  }
  return asRecord(b.body);
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
