import { log } from '../kernel/log.ts';
import { neverSent, UNREACHABLE, uncertainOf } from './at-most-once.ts';
import { ConnectorError } from './errors.ts';

/**
 * The small HTTP client of the affiliate connectors: one form POST (or GET) with a timeout, a lossless JSON read
 * (order ids beyond 2^53 stay exact strings), and bounded retries with full jitter for transient and rate-limited
 * failures. The ad-platform connectors have their own; the integrator may unify the two.
 */
export type FetchLike = (
  input: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<Response>;

export interface HttpOptions {
  fetchImpl?: FetchLike;
  /** Per attempt. Default 15 s. */
  timeoutMs?: number;
  /** Further attempts after the first for transient / rate-limited failures. Default 2. */
  retries?: number;
  /** Backoff base; attempt n waits a random time in [0, base·2^n). Default 300 ms. */
  retryBaseMs?: number;
}

const defaults = { timeoutMs: 15_000, retries: 2, retryBaseMs: 300 };

/**
 * JSON.parse, but integer literals of 16 or more digits (outside strings) become strings, so 19-digit order ids
 * survive. Everything else parses as usual.
 */
export function parseJsonLossless(text: string): unknown {
  let out = '';
  let i = 0;
  let last = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i += 1;
      continue;
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j]!)) j += 1;
      const lit = text.slice(i, j);
      if (/^-?\d{16,}$/.test(lit)) {
        out += `${text.slice(last, i)}"${lit}"`;
        last = j;
      }
      i = j;
      continue;
    }
    i += 1;
  }
  return JSON.parse(out + text.slice(last));
}

/** One request; network errors, timeouts and 5xx are transient, 429 rate-limited, non-JSON a protocol error. */
export async function requestJson(
  platform: string,
  url: string,
  init: { method: 'GET' | 'POST'; form?: Record<string, string> },
  opts: HttpOptions = {},
): Promise<unknown> {
  const fetchImpl: FetchLike = opts.fetchImpl ?? ((u, i) => fetch(u, i));
  const timeoutMs = opts.timeoutMs ?? defaults.timeoutMs;
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  const target = init.method === 'GET' && body ? `${url}${url.includes('?') ? '&' : '?'}${body}` : url;
  let res: Response;
  let text: string;
  try {
    res = await fetchImpl(target, {
      method: init.method,
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: init.method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    if (!timedOut && neverSent(err)) throw new ConnectorError(platform, 'transient', '无法连接联盟接口', UNREACHABLE);
    throw new ConnectorError(platform, 'transient', timedOut ? '联盟接口响应超时' : '无法连接联盟接口', timedOut ? 'timeout' : 'network');
  }
  if (res.status === 429) throw new ConnectorError(platform, 'rate_limited', '联盟接口调用过于频繁', 'http_429');
  if (res.status >= 500) throw new ConnectorError(platform, 'transient', `联盟接口暂时不可用（HTTP ${res.status}）`, `http_${res.status}`);
  try {
    return parseJsonLossless(text);
  } catch {
    log.warn('affiliate answer unreadable', { platform, path: new URL(url).pathname, status: res.status, body: text.slice(0, 200) });
    throw new ConnectorError(platform, 'protocol', `联盟接口返回了无法解析的内容（HTTP ${res.status}）`, `http_${res.status}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Run `call`; on a transient or rate-limited ConnectorError wait (full jitter) and try again, at most `retries` times. */
export async function withRetries<T>(call: () => Promise<T>, opts: HttpOptions = {}): Promise<T> {
  const retries = opts.retries ?? defaults.retries;
  const base = opts.retryBaseMs ?? defaults.retryBaseMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (err) {
      // an answer we could not read (a missing key, a wrong type): logged with the union's name, never retried
      if (err instanceof ConnectorError && err.kind === 'protocol')
        log.warn('affiliate protocol error', { platform: err.platform, code: err.platformCode, message: err.message });
      const uncertain = err instanceof ConnectorError ? uncertainOf(err) : null;
      if (uncertain) throw uncertain;
      const retryable = err instanceof ConnectorError && (err.kind === 'transient' || err.kind === 'rate_limited');
      if (!retryable || attempt >= retries) throw err;
      await sleep(Math.random() * base * 2 ** attempt);
    }
  }
}

/** A JSON object field, or an empty object. */
export function obj(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A list the way TOP and JOS send it: a plain array, or an object wrapping it under the element's name — an array
 * (TOP's non-simplified JSON: `{"publisher_order_dto": [...]}`) or, as JD's documentation writes a list, one element
 * (`{"orderRowResp": {...}}`, `{"urlInfo": {...}}`; logerzhu/typed-jd-union-api json-def, docs/affiliate-unions.md).
 */
export function list(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.map(obj);
  const inner = Object.values(obj(value));
  const array = inner.find(Array.isArray);
  if (array) return (array as unknown[]).map(obj);
  const [only] = inner;
  return inner.length === 1 && only && typeof only === 'object' ? [obj(only)] : [];
}
