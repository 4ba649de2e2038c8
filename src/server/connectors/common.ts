/** Pieces every platform connector shares: its configuration, the token a call needs, paging cursors, batching. */

import type { AdPlatform, CallAuth, ChangeResult } from './ad-platform.ts';
import { ConnectorError } from './errors.ts';
import { type FetchLike, HttpClient, type HttpDeps, type HttpPolicy } from './http.ts';

export interface ConnectorConfig {
  appId: string;
  appSecret: string;
  /** API host (and the platform's fixed path prefix, e.g. `https://ad.oceanengine.com/open_api`). */
  apiBase: string;
  /** Host of the consent page (the authorise URL). */
  authBase: string;
  /** Where conversions go when the platform takes them on another host (巨量 analytics, 快手 track). */
  postbackBase?: string;
  /** Conversion postback credentials issued apart from the OAuth app (小红书: by its operations team). */
  conversion?: { appId: string; token: string };
  http?: Partial<HttpPolicy>;
  /** Entity page size asked for (within the platform's limit). */
  pageSize?: number;
}

/** Test seams: the clock and the HTTP client's sleep/random. */
export interface ConnectorDeps extends Partial<Omit<HttpDeps, 'fetch'>> {
  now?: () => number;
}

export interface ConnectorKit {
  http: HttpClient;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export function connectorKit(platform: AdPlatform, cfg: ConnectorConfig, fetchImpl?: FetchLike, deps: ConnectorDeps = {}): ConnectorKit {
  return {
    http: new HttpClient(platform, cfg.http, { fetch: fetchImpl, sleep: deps.sleep, random: deps.random }),
    now: deps.now ?? (() => Math.floor(Date.now() / 1000)),
    sleep: deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
  };
}

export const trimBase = (url: string): string => url.replace(/\/+$/, '');

export function accessToken(platform: AdPlatform, auth: CallAuth | null): string {
  if (auth?.kind === 'token' && auth.accessToken) return auth.accessToken;
  throw new ConnectorError(platform, 'protocol', '此平台的调用需要授权令牌');
}

/** Page-number cursors: '' or null is the first page. */
export const pageOf = (cursor: string | null): number => {
  const n = Number(cursor ?? '1');
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
export const nextCursor = (page: number, totalPage: number): string | null => (page < totalPage ? String(page + 1) : null);

/**
 * A refusal of a whole batch call, as one result per id: a classified refusal, or an unclassified code the
 * platform kept answering after the retries (the person who asked for the change sees the platform's own words).
 */
export const refusedAll = (ids: readonly string[], err: unknown): ChangeResult[] => {
  if (err instanceof ConnectorError && (err.kind === 'refused' || (err.unclassified && err.platformCode !== '')))
    return ids.map((id) => ({ id, ok: false, message: err.message }));
  throw err;
};

export const unsupported = (platform: AdPlatform, what: string): ConnectorError =>
  new ConnectorError(platform, 'refused', `${what}：该平台不提供此操作`);

export const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * A callback URL taken from a click (腾讯 `__CALLBACK__`, UC `{CALLBACK_URL}`) is followed only when its origin is
 * under the platform's configured postback base: a forged click cannot make the server call anywhere else (SSRF).
 */
export function allowedCallback(platform: string, callback: string, allowedBase: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    throw new ConnectorError(platform, 'refused', '回传地址无效：不是合法的 URL');
  }
  const prefix = allowedBase ? `${trimBase(allowedBase)}/` : '';
  if (!prefix || !url.href.startsWith(prefix) || url.username || url.password)
    throw new ConnectorError(platform, 'refused', `回传地址不属于平台（${url.origin}），已拒绝`);
  return url;
}

/**
 * A callback URL a platform documents in several forms (腾讯: `http://tracking.e.qq.com/conv?cb=…` and
 * `https://api.e.qq.com/v3.0/user_actions/add?cb=…`): the callback must name one of `endpoints` (host, port and path;
 * http or https), and the request goes to that configured endpoint — its scheme and host, never the click's — with the
 * callback's query. Anything else is refused before any request (no SSRF through a forged click).
 */
export function callbackEndpoint(platform: string, callback: string, endpoints: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    throw new ConnectorError(platform, 'refused', '回传地址无效：不是合法的 URL');
  }
  const bare = (u: URL) => `${u.host}${u.pathname.replace(/\/+$/, '')}`;
  const hit = endpoints.map((e) => new URL(e)).find((e) => bare(e) === bare(url));
  if (!hit || !/^https?:$/.test(url.protocol) || url.username || url.password)
    throw new ConnectorError(platform, 'refused', `回传地址不属于平台（${url.origin}${url.pathname}），已拒绝`);
  hit.search = url.search;
  return hit;
}
