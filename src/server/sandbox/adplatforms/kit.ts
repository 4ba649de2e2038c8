/**
 * What every platform sandbox app shares: a request recorder (method, path, query, selected headers, body —
 * so contract tests can assert exact request shapes), injectable faults (transient 5xx, timeouts, the
 * platform's own rate-limit answer; off until the admin API arms them), lossless JSON in and out, and the
 * loopback-only guard of the admin API.
 */

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { parseJson, stringifyJson } from '../../../shared/lossless-json.ts';

export interface RecordedRequest {
  at: number;
  method: string;
  /** Path below the platform's mount point, e.g. `/open_api/2/ad/get/`. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON body (lossless), form fields, or the raw text. */
  body: unknown;
}

const KEPT_HEADERS = ['content-type', 'access-token', 'access_token', 'authorization', 'accept'];

export class Recorder {
  readonly requests: RecordedRequest[] = [];
  private readonly max: number;
  /** Epoch ms of the sandbox's clock (the world's). */
  readonly nowMs: () => number;
  constructor(nowMs: () => number = Date.now, max = 2000) {
    this.nowMs = nowMs;
    this.max = max;
  }
  add(r: RecordedRequest): void {
    this.requests.push(r);
    if (this.requests.length > this.max) this.requests.splice(0, this.requests.length - this.max);
  }
  clear(): void {
    this.requests.length = 0;
  }
}

/** hold: the platform handles the call, then holds its answer `delayMs` (the caller may die before it arrives). */
export type FaultKind = 'http5xx' | 'timeout' | 'rate_limit' | 'hold';
export interface Fault {
  kind: FaultKind;
  remaining: number;
  match?: string;
  delayMs?: number;
}

export class Faults {
  private list: Fault[] = [];
  arm(f: Fault): void {
    this.list.push({ ...f });
  }
  clear(): void {
    this.list = [];
  }
  /** The fault this request triggers (and uses up), if any. */
  take(path: string): Fault | undefined {
    const f = this.list.find((x) => x.remaining > 0 && (!x.match || path.includes(x.match)));
    if (f) f.remaining -= 1;
    this.list = this.list.filter((x) => x.remaining > 0);
    return f;
  }
  pending(): Fault[] {
    return this.list.map((f) => ({ ...f }));
  }
}

/** The request body: JSON (lossless), form fields, or text; undefined when empty. */
export async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text) return undefined;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}
export async function readObject(c: Context): Promise<Record<string, unknown> | null> {
  const b = await readBody(c);
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : null;
}

/** A JSON answer written losslessly (ids given with `rawId` stay bare numbers). */
export const sendJson = (c: Context, body: unknown, status: 200 | 400 | 401 | 403 | 404 | 429 | 500 = 200): Response =>
  c.body(stringifyJson(body), status, { 'content-type': 'application/json; charset=utf-8' });

/** Record every request and apply armed faults (never to the admin API or the consent page). */
export function recordAndFault(
  prefix: string,
  recorder: Recorder,
  faults: Faults,
  rateLimited: (c: Context) => Response,
  noFaultPaths: string[] = [],
): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path.slice(prefix.length) || '/';
    if (path.startsWith('/_admin')) return next();
    recorder.add({
      at: recorder.nowMs(),
      method: c.req.method,
      path,
      query: Object.fromEntries(new URL(c.req.url).searchParams),
      headers: Object.fromEntries(KEPT_HEADERS.flatMap((h) => (c.req.header(h) ? [[h, c.req.header(h)!]] : []))),
      body: await readBody(c),
    });
    if (noFaultPaths.some((p) => path.startsWith(p))) return next();
    const f = faults.take(path);
    if (!f) return next();
    if (f.kind === 'rate_limit') return rateLimited(c);
    if (f.kind === 'hold') {
      await next();
      await new Promise((r) => setTimeout(r, f.delayMs ?? 2000));
      return;
    }
    if (f.kind === 'timeout') await new Promise((r) => setTimeout(r, f.delayMs ?? 2000));
    return c.text('Service Unavailable', f.kind === 'timeout' ? 504 : 503);
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** The admin API answers loopback clients only (it can re-shape the world and read tokens). */
export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  let addr = '';
  try {
    addr = getConnInfo(c).remote.address ?? '';
  } catch {
    addr = '';
  }
  if (!LOOPBACK.has(addr)) return c.json({ code: 403, message: 'sandbox admin API: loopback only' }, 403);
  return next();
};

export type PlatformApp = Hono;
