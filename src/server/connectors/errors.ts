/**
 * What can go wrong when talking to an external platform, mapped from each platform's own codes.
 * Callers decide: token_expired → refresh once and retry; refresh_expired/revoked → the authorisation
 * needs the user (需要重新授权); rate_limited and transient are already retried inside the connector's HTTP
 * client before they surface; refused is the platform saying no, with its message.
 */
export type ConnectorErrorKind = 'token_expired' | 'refresh_expired' | 'rate_limited' | 'transient' | 'refused' | 'protocol';

export class ConnectorError extends Error {
  readonly kind: ConnectorErrorKind;
  readonly platform: string;
  /** The platform's own error code, as sent. */
  readonly platformCode: string;
  constructor(platform: string, kind: ConnectorErrorKind, message: string, platformCode = '') {
    super(message);
    this.platform = platform;
    this.kind = kind;
    this.platformCode = platformCode;
  }
}
