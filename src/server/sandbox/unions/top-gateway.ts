import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';

/**
 * The sandbox's Taobao Open Platform gateway (`/router/rest`), shared by the 淘宝联盟 and UD sandboxes: reads the
 * form (or query), checks method, app key, timestamp (GMT+8, ±10 min), version, session and the signature exactly
 * as TOP does, and writes TOP's answers: `{"<name>_response": {...}}` or `{"error_response": {code, msg, ...}}`.
 * Codes are TOP's platform error codes (21/22 method, 28/29 app key, 30/31 timestamp, 24/25 sign, 26/27 session,
 * 32/33 version, 40/41 arguments, 7 call limit); business refusals use code 50 "Remote service error" with the
 * API's own sub_code, as the API metadata's error example does.
 */
export interface TopErrorBody {
  code: number;
  msg: string;
  sub_code?: string;
  sub_msg?: string;
}

export interface TopApp {
  appKey: string;
  appSecret: string;
  /** Session that sc.* calls must carry. */
  session: string;
}

export async function readParams(c: Context): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  if (c.req.method === 'POST') {
    const text = await c.req.text();
    for (const [k, v] of new URLSearchParams(text)) params[k] = v;
  }
  return params;
}

function sign(params: Record<string, string>, secret: string, method: string): string {
  let joined = '';
  for (const k of Object.keys(params).sort()) if (k !== 'sign') joined += k + params[k];
  if (method === 'md5')
    return createHash('md5')
      .update(secret + joined + secret, 'utf8')
      .digest('hex')
      .toUpperCase();
  return createHmac(method === 'hmac' ? 'md5' : 'sha256', secret)
    .update(joined, 'utf8')
    .digest('hex')
    .toUpperCase();
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** "yyyy-MM-dd HH:mm:ss" GMT+8 → epoch ms; null when malformed. */
export function parseTopTime(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - 8 * 3600_000;
}

export function verifyTop(
  p: Record<string, string>,
  app: TopApp,
  methods: readonly string[],
  nowMs: number,
  needsSession: (m: string) => boolean,
): TopErrorBody | null {
  if (!p.method) return { code: 21, msg: 'Missing method' };
  if (!methods.includes(p.method)) return { code: 22, msg: 'Invalid method' };
  if (!p.app_key) return { code: 28, msg: 'Missing app key' };
  if (p.app_key !== app.appKey) return { code: 29, msg: 'Invalid app Key' };
  if (!p.timestamp) return { code: 30, msg: 'Missing timestamp' };
  const ts = parseTopTime(p.timestamp);
  if (ts === null || Math.abs(nowMs - ts) > 10 * 60_000) return { code: 31, msg: 'Invalid timestamp' };
  if (!p.v) return { code: 32, msg: 'Missing version' };
  if (p.v !== '2.0') return { code: 33, msg: 'Invalid version' };
  if (p.format && p.format !== 'json') return { code: 23, msg: 'Invalid format', sub_msg: '沙箱只支持 format=json' };
  if (!p.sign) return { code: 24, msg: 'Missing signature' };
  const method = p.sign_method || 'md5';
  if (!['md5', 'hmac', 'hmac-sha256'].includes(method))
    return { code: 25, msg: 'Invalid signature', sub_msg: `不支持的 sign_method：${method}` };
  if (!sameText(sign(p, app.appSecret, method), p.sign)) return { code: 25, msg: 'Invalid signature' };
  if (needsSession(p.method)) {
    if (!p.session) return { code: 26, msg: 'Missing session' };
    if (p.session !== app.session) return { code: 27, msg: 'Invalid session' };
  }
  return null;
}

const requestId = () => randomBytes(7).toString('base64url').toLowerCase();

export const topResponseKey = (method: string): string => `${method.replace(/\./g, '_').replace(/^taobao_/, '')}_response`;

export function topError(c: Context, err: TopErrorBody) {
  return c.json({ error_response: { ...err, request_id: requestId() } });
}

/** A business refusal: code 50 with the API's sub code. */
export const refusal = (sub_code: string, sub_msg: string): TopErrorBody => ({ code: 50, msg: 'Remote service error', sub_code, sub_msg });

/** JSON text in which BigInt values are written as plain integer literals (19-digit order ids, as TOP sends them). */
export function bigJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `@@big${v}@@` : v)).replace(/"@@big(-?\d+)@@"/g, '$1');
}

export function topOk(c: Context, method: string, body: Record<string, unknown>) {
  return c.body(bigJson({ [topResponseKey(method)]: { ...body, request_id: requestId() } }), 200, {
    'content-type': 'application/json; charset=UTF-8',
  });
}

/** A JSON-string parameter (TOP objects travel as JSON text); undefined when absent, null when not valid JSON. */
export function jsonParam(p: Record<string, string>, key: string): unknown {
  if (p[key] === undefined) return undefined;
  try {
    return JSON.parse(p[key]!);
  } catch {
    return null;
  }
}
