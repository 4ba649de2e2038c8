/**
 * What can go wrong when talking to an external platform, mapped from each platform's own codes.
 * Callers decide: token_expired → refresh once and retry; refresh_expired (expired or revoked grant) → the
 * authorisation needs the user (需要重新授权); rate_limited and transient are already retried inside the
 * connector's HTTP client (./http.ts) before they surface; refused is the platform saying no, with its
 * message (wrong app credentials, a used authorisation code, a budget rule …); protocol is an answer we
 * could not read (a connector or platform bug).
 *
 * Each platform keeps one `CodeTable` in its `envelope.ts`: every code its sources document, classified, with
 * the source named. A code that is not in the table is **unclassified**: it is treated as transient (retried
 * with back-off inside the HTTP client, then the sync backs the account off), logged with the platform and the
 * code, and never a reason to ask the user to re-authorise.
 */
import { log } from '../kernel/log.ts';

export type ConnectorErrorKind = 'token_expired' | 'refresh_expired' | 'rate_limited' | 'transient' | 'refused' | 'protocol';

export class ConnectorError extends Error {
  readonly kind: ConnectorErrorKind;
  readonly platform: string;
  /** The platform's own error code, as sent ('' when the failure is ours: timeout, HTTP status, parse). */
  readonly platformCode: string;
  /** For rate_limited: how long the platform asked us to wait, when it said. */
  readonly retryAfterMs?: number;
  /** A platform code no source documents: handled as transient (retry with back-off), never as re-authorise. */
  readonly unclassified: boolean;
  constructor(platform: string, kind: ConnectorErrorKind, message: string, platformCode = '', retryAfterMs?: number, unclassified = false) {
    super(message);
    this.name = 'ConnectorError';
    this.platform = platform;
    this.kind = kind;
    this.platformCode = platformCode;
    this.unclassified = unclassified;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

export const isConnectorError = (e: unknown, kind?: ConnectorErrorKind): e is ConnectorError =>
  e instanceof ConnectorError && (kind === undefined || e.kind === kind);

/**
 * One documented code: what the product does with it and where that comes from. The five classes map
 * onto the kinds: retry = `rate_limited` | `transient`, refresh = `token_expired`, re-authorise =
 * `refresh_expired`, refusal = `refused`, protocol = `protocol`.
 */
export interface CodeRule {
  kind: ConnectorErrorKind;
  /** What the source says the code means (in the source's words, shortened). */
  means: string;
  /** Where it is documented: `owner/repo@commit:path` or a documentation URL. */
  source: string;
}
/** One platform's documented codes. */
export type CodeTable = Readonly<Record<string, CodeRule>>;

/** The class a code falls in, or null when no source documents it. */
export const classify = (table: CodeTable, code: string | number): CodeRule | null => table[String(code)] ?? null;

/**
 * Build the error for a platform's non-success code, with the platform's own message (or a generic one). An
 * unclassified code becomes a transient error marked `unclassified` and is logged.
 */
export function platformError(platform: string, table: CodeTable, code: string | number, message: string | undefined): ConnectorError {
  const c = String(code);
  const rule = classify(table, c);
  if (!rule) {
    log.warn('connector unclassified code', { platform, code: c, message: message?.slice(0, 200) ?? '' });
    const msg = message?.trim() || '平台返回了未归类的错误';
    return new ConnectorError(platform, 'transient', `${msg}（错误码 ${c}，未归类：退避后重试）`, c, undefined, true);
  }
  const msg = message?.trim() || GENERIC[rule.kind];
  return new ConnectorError(platform, rule.kind, `${msg}（错误码 ${c}）`, c);
}

const GENERIC: Record<ConnectorErrorKind, string> = {
  token_expired: '授权已过期，正在刷新',
  refresh_expired: '授权已失效，需要重新授权',
  rate_limited: '请求过于频繁，请稍后再试',
  transient: '平台服务暂时不可用',
  refused: '平台拒绝了请求',
  protocol: '平台返回的内容无法识别',
};
