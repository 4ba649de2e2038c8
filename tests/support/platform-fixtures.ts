/**
 * Protocol fixtures (`tests/fixtures/platforms/<platform>/<call>.json`): one call of a platform as its official SDK
 * or documentation defines it — the request and the answers (success and the documented errors) — with the source
 * named in the header, independent of our connectors and sandbox. Format:
 *
 *   { "source": {"repo","path","commit"} | {"doc"} | [ …several ],
 *     "call": {"method", "path", "query"? | "body"?, "headers"?},
 *     "answers": {"ok": <answer>, "errors": [{"case", "body", "status"?}]},
 *     "facts"?: { … what else the source says about this call: dedupe key, codes, units, limits } }
 *
 * Read losslessly (a 19-digit id stays exact). `fixtureFetch` serves fixture answers to a connector (unit tests
 * with no sandbox); `shapeDiff` checks that a real answer (the sandbox's) has every field of the fixture's, with
 * the same JSON kind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJson } from '../../src/shared/lossless-json.ts';

export type FixtureSource = { repo: string; path: string; commit: string } | { doc: string };
export interface FixtureError {
  case: string;
  body: unknown;
  status?: number;
}
export interface PlatformFixture {
  source: FixtureSource | FixtureSource[];
  call: { method: 'GET' | 'POST' | 'PUT'; path: string; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };
  answers: { ok: unknown; errors?: FixtureError[] };
  facts?: Record<string, unknown>;
}

const ROOT = path.resolve(import.meta.dirname, '../fixtures/platforms');
const validSource = (s: unknown): boolean => {
  const r = s as Record<string, unknown>;
  if (typeof r?.doc === 'string') return /^https:\/\/\S+$/.test(r.doc);
  return (
    typeof r?.repo === 'string' &&
    /^[\w.-]+\/[\w.-]+$/.test(r.repo) &&
    typeof r.path === 'string' &&
    /^[0-9a-f]{40}$/.test(String(r.commit))
  );
};

/** One fixture, checked for a named source, a call and a success answer. */
export function loadFixture(platform: string, name: string): PlatformFixture {
  const file = path.join(ROOT, platform, `${name}.json`);
  const f = parseJson(readFileSync(file, 'utf8')) as PlatformFixture;
  const sources = Array.isArray(f.source) ? f.source : [f.source];
  if (!sources.length || !sources.every(validSource)) throw new Error(`${file}: source must name a repo, path and commit, or a doc URL`);
  if (!f.call?.method || !f.call.path) throw new Error(`${file}: call.method and call.path are required`);
  if (!f.answers || !('ok' in f.answers)) throw new Error(`${file}: answers.ok is required`);
  return f;
}

/** The error answer of one documented case. */
export function errorCase(f: PlatformFixture, name: string): FixtureError {
  const e = f.answers.errors?.find((x) => x.case === name);
  if (!e) throw new Error(`fixture has no error case ${name}`);
  return e;
}

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  text: string;
}
export interface FixtureRoute {
  method: string;
  /** Matched against the end of the URL's path. */
  path: string;
  /** A JSON answer (sent losslessly as raw text when given as a string with `raw`), or a function of the request. */
  answer: unknown | ((req: SeenRequest) => unknown);
  status?: number;
  /** Send `answer` (a string) as it is, e.g. CSV or an HTML error page. */
  raw?: boolean;
  contentType?: string;
}

/** A fetch that answers from fixtures and records what the connector sent; an unmatched call fails the test. */
export function fixtureFetch(routes: FixtureRoute[]) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const text = typeof init.body === 'string' ? init.body : '';
    let body: unknown;
    try {
      body = text ? parseJson(text) : undefined;
    } catch {
      body = text;
    }
    const req: SeenRequest = { method: init.method ?? 'GET', url, headers: new Headers(init.headers), body, text };
    seen.push(req);
    const route = routes.find((r) => r.method === req.method && url.pathname.endsWith(r.path));
    if (!route) throw new Error(`no fixture route for ${req.method} ${url.pathname}`);
    const answer = typeof route.answer === 'function' ? (route.answer as (r: SeenRequest) => unknown)(req) : route.answer;
    const out = route.raw ? String(answer) : rawJson(answer);
    return new Response(out, {
      status: route.status ?? 200,
      headers: { 'content-type': route.contentType ?? (route.raw ? 'text/plain' : 'application/json') },
    });
  };
  return { fetch, seen };
}

/** JSON text in which lossless int64 ids (digit strings of 16+ digits read by `parseJson`) go back out as bare numbers. */
export function rawJson(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    typeof x === 'string' && /^-?\d{16,20}$/.test(x) ? (JSON as unknown as { rawJSON(t: string): unknown }).rawJSON(x) : x,
  );
}

const kind = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'string' && /^-?\d{16,20}$/.test(v) ? 'number' : typeof v;

/**
 * Where `actual` lacks a field of `expected` or has it with another JSON kind (an int64 read losslessly as a
 * digit string counts as a number). Arrays: every element of `actual` against the first of `expected`.
 */
export function shapeDiff(actual: unknown, expected: unknown, at = '$'): string[] {
  if (kind(actual) !== kind(expected)) return [`${at}: ${kind(actual)} instead of ${kind(expected)}`];
  if (Array.isArray(expected)) {
    const first = expected[0];
    if (first === undefined) return [];
    return (actual as unknown[]).flatMap((x, i) => shapeDiff(x, first, `${at}[${i}]`));
  }
  if (expected && typeof expected === 'object') {
    const a = actual as Record<string, unknown>;
    return Object.entries(expected).flatMap(([k, v]) => (k in a ? shapeDiff(a[k], v, `${at}.${k}`) : [`${at}.${k}: missing`]));
  }
  return [];
}
