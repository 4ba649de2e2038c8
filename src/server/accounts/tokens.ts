import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Session tokens: `base64url(payload).base64url(HMAC-SHA256(payload))`. The payload names a session row,
 * which is what makes a token revocable (logout, password change, account disabled).
 */
export interface TokenPayload {
  /** Session id. */
  sid: string;
  /** User id. */
  uid: number;
  /** Expiry, epoch seconds. */
  exp: number;
}

export const newSessionId = (): string => randomBytes(18).toString('base64url');

export function signToken(secret: Buffer, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The payload of a well-signed, unexpired token, or null for anything else (garbled, forged, expired). */
export function verifyToken(secret: Buffer, token: string, nowSeconds: number): TokenPayload | null {
  if (token.length > 512) return null;
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenPayload>;
    if (typeof p.sid !== 'string' || typeof p.uid !== 'number' || typeof p.exp !== 'number') return null;
    return p.exp > nowSeconds ? (p as TokenPayload) : null;
  } catch {
    return null;
  }
}
