/**
 * The one HTTP client every connector uses: fetch with a timeout, bounded retries with full jitter for
 * timeouts, network errors and 5xx, back-off-and-resume when the platform says "too many requests"
 * (HTTP 429 or the platform's own code, raised by the connector's `interpret` as `rate_limited`), lossless
 * JSON (64-bit ids stay exact). Secrets never reach a log line: query values and body fields named like
 * secrets are masked. Requests that keep failing surface as a `ConnectorError` with a Chinese message.
 */

import { parseJson, stringifyJson } from '../../shared/lossless-json.ts';
import { log } from '../kernel/log.ts';
import { neverSent, UNREACHABLE, uncertainOf } from './at-most-once.ts';
import { ConnectorError } from './errors.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpPolicy {
  /** Per attempt. */
  timeoutMs: number;
  /** Extra attempts after a timeout, network error or 5xx. */
  retries: number;
  /** Extra attempts after a rate-limit answer. */
  rateLimitRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}
export const DEFAULT_HTTP_POLICY: HttpPolicy = { timeoutMs: 30_000, retries: 3, rateLimitRetries: 6, baseDelayMs: 500, maxDelayMs: 30_000 };

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Readonly<Record<string, string | number | undefined>>;
  headers?: Readonly<Record<string, string>>;
  /** Sent as JSON (lossless: raw ids stay bare numbers). */
  json?: unknown;
  /** Decode the answer in this charset instead of UTF-8 (UC's CSV reports are GB2312: `gb18030` reads them). */
  charset?: string;
  /**
   * Query values and headers made afresh for every attempt, before `query` and `headers`: a signed call's timestamp and
   * nonce. A retry must not replay them — 腾讯 refuses a nonce it has already seen (code 11001), so a call retried after
   * a timeout that had reached the platform failed as 'nonce 重复'.
   */
  fresh?: () => { query?: HttpRequest['query']; headers?: HttpRequest['headers'] };
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when it is not JSON. */
  body: unknown;
}

export interface HttpDeps {
  fetch: FetchLike;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

const SECRET_KEYS = /secret|token|password|passwd|auth_code|authorization_code|^code$|sign/i;

/** The URL with secret-looking query values masked, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const key of [...u.searchParams.keys()]) if (SECRET_KEYS.test(key)) u.searchParams.set(key, '***');
    return u.toString();
  } catch {
    return '(invalid url)';
  }
}

export function buildUrl(url: string, query?: HttpRequest['query']): string {
  if (!query) return url;
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v));
  return u.toString();
}

/** Full jitter: a random delay up to min(max, base·2^attempt); a platform's Retry-After is a floor. */
export function backoffMs(policy: HttpPolicy, attempt: number, random: () => number, floorMs = 0): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.max(floorMs, Math.round(random() * cap));
}

function retryAfter(headers: Headers): number | undefined {
  const v = headers.get('retry-after');
  if (!v) return undefined;
  const s = Number(v);
  return Number.isFinite(s) ? s * 1000 : undefined;
}

export class HttpClient {
  readonly platform: string;
  private readonly policy: HttpPolicy;
  private readonly deps: HttpDeps;

  constructor(platform: string, policy: Partial<HttpPolicy> = {}, deps: Partial<HttpDeps> = {}) {
    this.platform = platform;
    this.policy = { ...DEFAULT_HTTP_POLICY, ...policy };
    this.deps = {
      fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
      sleep: deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
      random: deps.random ?? Math.random,
    };
  }

  /**
   * Send, then let `interpret` read the answer (envelope, error codes). `interpret` throws ConnectorError;
   * `transient` and `rate_limited` ones are retried here within the policy, everything else goes up.
   */
  async call<T>(req: HttpRequest, interpret: (answer: HttpAnswer) => T): Promise<T> {
    let transientAttempts = 0;
    let limitedAttempts = 0;
    for (;;) {
      try {
        const answer = await this.once(req);
        if (answer.status === 429) {
          throw new ConnectorError(this.platform, 'rate_limited', '请求过于频繁，请稍后再试（HTTP 429）', '', retryAfter(answer.headers));
        }
        if (answer.status >= 500) throw new ConnectorError(this.platform, 'transient', `平台服务暂时不可用（HTTP ${answer.status}）`);
        return interpret(answer);
      } catch (err) {
        if (!(err instanceof ConnectorError)) throw err;
        // a call that must reach the platform at most once is not repeated when it may have arrived (at-most-once.ts)
        const uncertain = uncertainOf(err);
        if (uncertain) throw uncertain;
        const limited = err.kind === 'rate_limited' && limitedAttempts < this.policy.rateLimitRetries;
        const transient = err.kind === 'transient' && transientAttempts < this.policy.retries;
        if (!limited && !transient) throw err;
        const attempt = limited ? limitedAttempts++ : transientAttempts++;
        const wait = backoffMs(this.policy, attempt, this.deps.random, limited ? (err.retryAfterMs ?? this.policy.baseDelayMs) : 0);
        log.warn('connector retry', {
          platform: this.platform,
          kind: err.kind,
          code: err.platformCode,
          attempt: attempt + 1,
          waitMs: wait,
          url: redactUrl(req.url),
        });
        await this.deps.sleep(wait);
      }
    }
  }

  private async once(req: HttpRequest): Promise<HttpAnswer> {
    const fresh = req.fresh?.();
    const url = buildUrl(req.url, fresh?.query ? { ...fresh.query, ...req.query } : req.query);
    // Header names are case-insensitive: a connector's `Accept` replaces the default, never doubles it.
    const headers = new Headers({ accept: 'application/json' });
    for (const [k, v] of Object.entries({ ...fresh?.headers, ...req.headers })) headers.set(k, v);
    let body: string | undefined;
    if (req.json !== undefined) {
      body = stringifyJson(req.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await this.deps.fetch(url, {
        method: req.method,
        headers,
        body,
        signal: AbortSignal.timeout(this.policy.timeoutMs),
        redirect: 'manual',
      });
      text = req.charset ? new TextDecoder(req.charset).decode(await res.arrayBuffer()) : await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      if (!timedOut && neverSent(err)) throw new ConnectorError(this.platform, 'transient', '无法连接平台服务', UNREACHABLE);
      throw new ConnectorError(this.platform, 'transient', timedOut ? `平台响应超时（${this.policy.timeoutMs} ms）` : '无法连接平台服务');
    }
    log.debug('connector call', {
      platform: this.platform,
      method: req.method,
      url: redactUrl(url),
      status: res.status,
      ms: Math.round(performance.now() - started),
    });
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : parseJson(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  }
}

/** The body as an object, or a protocol error naming what was expected. */
export function objectBody(platform: string, answer: HttpAnswer): Record<string, unknown> {
  const b = answer.body;
  if (b && typeof b === 'object' && !Array.isArray(b)) return b as Record<string, unknown>;
  throw new ConnectorError(platform, 'protocol', `平台返回的内容无法识别（HTTP ${answer.status}）`);
}
