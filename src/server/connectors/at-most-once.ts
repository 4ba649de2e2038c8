import { AsyncLocalStorage } from 'node:async_hooks';
import { ConnectorError } from './errors.ts';

/**
 * Calls that must reach the platform at most once (a conversion to a platform that does not drop repeats: docs/
 * attribution.md "Postback guarantees"). Inside `atMostOnce(fn)` the HTTP clients (./http.ts, ./affiliate-http.ts)
 * retry only failures where the request surely never arrived (connection refused, unknown host) or was refused
 * unprocessed (HTTP 429); a timeout, a dropped connection or a 5xx answer — the platform may have taken the call —
 * surfaces at once as `ConnectorError(kind transient, platformCode 'uncertain')`, for the caller to hold as 待确认.
 */
const scope = new AsyncLocalStorage<boolean>();

export const atMostOnce = <T>(fn: () => Promise<T>): Promise<T> => scope.run(true, fn);
export const inAtMostOnce = (): boolean => scope.getStore() === true;

/** platformCode of a failure whose request never left this host. */
export const UNREACHABLE = 'unreachable';
export const UNCERTAIN = 'uncertain';

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether a fetch failure happened before anything was sent (the cause's system error code says so). */
export function neverSent(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A transient failure inside `atMostOnce` that may have reached the platform: not to be retried blindly. */
export function uncertainOf(err: ConnectorError): ConnectorError | null {
  if (!inAtMostOnce() || err.kind !== 'transient' || err.platformCode === UNREACHABLE) return null;
  return new ConnectorError(err.platform, 'transient', `${err.message}（平台可能已收到）`, UNCERTAIN);
}
