import type { Contract, Endpoint, InputOf, OutputOf } from '../../shared/api/contract.ts';
import { Code, type Envelope, expiredCodes, successCodes } from '../../shared/codes.ts';
import { notify } from './notify.ts';
import { currentArea, getToken } from './session.ts';

/** Spec §9: request timeout 600000 ms. */
export const REQUEST_TIMEOUT = 600_000;

const env = import.meta.env as Record<string, string | undefined>;
/** Base URLs (spec §7): same origin by default, configurable at build time. */
export const apiBases = {
  capi: (env.PUBLIC_API_BASE ?? '') + '/capi',
  tfc: env.PUBLIC_TFC_BASE ?? '',
  long: env.PUBLIC_LONG_BASE ?? '',
  adapi: env.PUBLIC_ADAPI_BASE ?? '',
};

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, msg: string, data: unknown = null) {
    super(msg);
    this.code = code;
    this.data = data;
  }
}

/** `api/user/login` → `/capi/api/user/login`; `/tfc/…` and `/fcadbacklong/…` go to their own bases. */
export function resolveUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const p = path.startsWith('/') ? path : '/' + path;
  if (p.startsWith('/tfc/')) return apiBases.tfc + p;
  if (p.startsWith('/fcadbacklong/')) return apiBases.long + p;
  if (p.startsWith('/capi/')) return apiBases.capi.slice(0, -'/capi'.length) + p;
  return apiBases.capi + p;
}

export interface ApiOptions {
  method?: 'GET' | 'POST';
  /** Do not toast failures (the caller handles them). Expiry and ban are always handled. */
  silent?: boolean;
  signal?: AbortSignal;
}

function toQuery(body: Record<string, unknown> | undefined): string {
  if (!body) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? '?' + s : '';
}

/** The one envelope reader of the console. Resolves with the whole envelope on code 1/200, rejects otherwise. */
export async function apiPost<T = unknown>(path: string, body?: Record<string, unknown>, opts: ApiOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? 'POST';
  const token = getToken(currentArea());
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(resolveUrl(path) + (method === 'GET' ? toQuery(body) : ''), {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'omit',
      signal,
    });
  } catch (e) {
    const msg = e instanceof Error && e.name === 'TimeoutError' ? '请求超时' : e instanceof Error ? e.message : '';
    if (!opts.silent) notify.error(msg || '网络请求发生错误');
    throw new ApiError(-1, msg || '网络请求发生错误');
  }
  let env: Envelope<T> | null = null;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = null;
  }
  if (!env || typeof env.code !== 'number') {
    const msg = res.ok ? '网络请求发生错误' : `网络请求发生错误（${res.status}）`;
    if (!opts.silent) notify.error(msg);
    throw new ApiError(-1, msg);
  }
  if (successCodes.includes(env.code)) return env;
  if (env.code === Code.banned) notify.alert('用户被禁止登录，请联系管理员');
  else if (expiredCodes.includes(env.code)) notify.expired();
  else if (!opts.silent) notify.error(env.msg || '接口请求失败');
  throw new ApiError(env.code, env.msg || '接口请求失败', env.data);
}

/** The login expired (spec §8 codes): the notifier shows the one '登录信息已过期' box. */
export const isExpiredError = (e: unknown): boolean => e instanceof ApiError && expiredCodes.includes(e.code);

/** The account is banned: the notifier shows the ban alert. */
export const isBannedError = (e: unknown): boolean => e instanceof ApiError && e.code === Code.banned;

/** The session ended (expiry or ban): the notifier already answers it, screens keep what they show behind it. */
export const endsSession = (e: unknown): boolean => isExpiredError(e) || isBannedError(e);

/** What a screen shows for a failed call: nothing when the session ended, else the message. */
export function failureText(e: unknown): string | null {
  if (e === null || e === undefined || endsSession(e)) return null;
  return e instanceof Error && e.message ? e.message : '接口请求失败';
}

/** Call one endpoint by its contract: typed input, typed `data` (the envelope handling is apiPost's). */
export async function call<C extends Contract>(
  c: C | Endpoint<C>,
  input: InputOf<C>,
  opts: Omit<ApiOptions, 'method'> = {},
): Promise<OutputOf<C>> {
  return (await callWithMsg(c, input, opts)).data;
}

/** Like `call`, with the server's success `msg` (e.g. '修改密码成功，请重新登录'). */
export async function callWithMsg<C extends Contract>(
  c: C | Endpoint<C>,
  input: InputOf<C>,
  opts: Omit<ApiOptions, 'method'> = {},
): Promise<{ data: OutputOf<C>; msg: string }> {
  const env = await apiPost<OutputOf<C>>(c.path, input as Record<string, unknown>, { ...opts, method: c.method });
  return { data: env.data, msg: env.msg };
}
