/**
 * What can go wrong when talking to an external platform, mapped from each platform's own codes.
 * Callers decide: token_expired → refresh once and retry; refresh_expired (expired or revoked grant) → the
 * authorisation needs the user (需要重新授权); rate_limited and transient are already retried inside the
 * connector's HTTP client (./http.ts) before they surface; refused is the platform saying no, with its
 * message (wrong app credentials, a used authorisation code, a budget rule …); protocol is an answer we
 * could not read (a connector or platform bug).
 */
export type ConnectorErrorKind = 'token_expired' | 'refresh_expired' | 'rate_limited' | 'transient' | 'refused' | 'protocol';

export class ConnectorError extends Error {
  readonly kind: ConnectorErrorKind;
  readonly platform: string;
  /** The platform's own error code, as sent ('' when the failure is ours: timeout, HTTP status, parse). */
  readonly platformCode: string;
  /** For rate_limited: how long the platform asked us to wait, when it said. */
  readonly retryAfterMs?: number;
  constructor(platform: string, kind: ConnectorErrorKind, message: string, platformCode = '', retryAfterMs?: number) {
    super(message);
    this.name = 'ConnectorError';
    this.platform = platform;
    this.kind = kind;
    this.platformCode = platformCode;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

export const isConnectorError = (e: unknown, kind?: ConnectorErrorKind): e is ConnectorError =>
  e instanceof ConnectorError && (kind === undefined || e.kind === kind);

/** One platform's code table: code → kind (codes not listed are `refused`). */
export type CodeKinds = Readonly<Record<string, Exclude<ConnectorErrorKind, 'refused'>>>;

/** Build the error for a platform's non-success code, with the platform's own message (or a generic one). */
export function platformError(platform: string, kinds: CodeKinds, code: string | number, message: string | undefined): ConnectorError {
  const c = String(code);
  const kind = kinds[c] ?? 'refused';
  const msg = message?.trim() || GENERIC[kind];
  return new ConnectorError(platform, kind, `${msg}（错误码 ${c}）`, c);
}

const GENERIC: Record<ConnectorErrorKind, string> = {
  token_expired: '授权已过期，正在刷新',
  refresh_expired: '授权已失效，需要重新授权',
  rate_limited: '请求过于频繁，请稍后再试',
  transient: '平台服务暂时不可用',
  refused: '平台拒绝了请求',
  protocol: '平台返回的内容无法识别',
};
