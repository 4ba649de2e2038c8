/**
 * Protocol fixtures (`tests/fixtures/platforms/<platform>/<call>.json`): one file per call a connector makes, holding
 * the request and the answers as the platform's own SDK or documentation defines them, and the source they come
 * from. Connector unit tests feed the answers to the parsers and check the requests the builders make; sandbox tests
 * send the same call over HTTP and check the sandbox's answer has the fixture's shape. Neither side may then keep a
 * private assumption the other shares.
 *
 * File format (JSON):
 *   { "source": {"repo", "path", "commit"} | {"doc"} | [ …several… ],
 *     "facts"?: ["what the connector relies on, in words"],
 *     "call": {"method", "path", "query"?, "body"?, "required"?: [names], "optional"?: [names]},
 *     "answers": {"ok": <answer>, "variants"?: {<name>: <answer>}, "errors": [{"name", "answer", "note"?}]} }
 * Two markers stand for wire forms JSON cannot hold directly: `{"$json": X}` is a string whose text is X as JSON
 * (JOS results, TOP objects in a form), `{"$int": "1234567890123456789"}` a bare integer literal beyond 2^53.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJson, rawId } from '../../src/shared/lossless-json.ts';
import { z } from '../../src/shared/zod.ts';

const ROOT = path.resolve(import.meta.dirname, '../fixtures/platforms');

const repoSource = z.object({
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  path: z.string().min(1),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  note: z.string().optional(),
});
const docSource = z.object({ doc: z.string().url(), note: z.string().optional() });
const source = z.union([repoSource, docSource]);

const fixtureSchema = z.object({
  source: z.union([source, z.array(source).min(1)]),
  facts: z.array(z.string()).optional(),
  call: z.object({
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
    path: z.string().min(1),
    query: z.record(z.string(), z.unknown()).optional(),
    body: z.record(z.string(), z.unknown()).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    required: z.array(z.string()).optional(),
    optional: z.array(z.string()).optional(),
  }),
  answers: z.object({
    ok: z.unknown(),
    variants: z.record(z.string(), z.unknown()).optional(),
    errors: z.array(z.object({ name: z.string(), answer: z.unknown(), note: z.string().optional() })),
  }),
});
export type PlatformFixture = z.output<typeof fixtureSchema> & { platform: string; name: string };
export type FixtureSource = z.output<typeof source>;

/** One fixture, its header checked (a source with repository, path and commit, or a documentation URL). */
export function loadFixture(platform: string, name: string): PlatformFixture {
  const file = path.join(ROOT, platform, `${name}.json`);
  const parsed = fixtureSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${platform}/${name}.json: ${parsed.error.message}`);
  return { ...parsed.data, platform, name };
}

/** The names of a platform's fixtures (file names without .json), sorted. */
export function fixtureNames(platform: string): string[] {
  return readdirSync(path.join(ROOT, platform))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

export const sourcesOf = (f: PlatformFixture): FixtureSource[] => (Array.isArray(f.source) ? f.source : [f.source]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const marker = (v: unknown, key: '$json' | '$int'): boolean => isObject(v) && Object.keys(v).length === 1 && key in v;

/** A fixture value as the platform puts it on the wire: `$json` becomes JSON text, `$int` a bare integer. */
export function wireValue(value: unknown): unknown {
  if (marker(value, '$json')) return JSON.stringify(wireValue((value as { $json: unknown }).$json));
  if (marker(value, '$int')) return rawId(String((value as { $int: string }).$int));
  if (Array.isArray(value)) return value.map(wireValue);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wireValue(v)]));
  return value;
}

/** The answer's body text exactly as the platform would send it. */
export const wireText = (answer: unknown): string => JSON.stringify(wireValue(answer));

/** The answer as a parser meets it after a lossless parse (64-bit integers as decimal strings). */
export const wireJson = (answer: unknown): unknown => parseJson(wireText(answer));

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Where `actual` (a parsed answer) differs in shape from the fixture's `expected`: every key of the fixture must be
 * there with the same JSON type (extra keys are fine); arrays' elements must each match the fixture's first element;
 * `$json` must be a string holding JSON of that shape; `$int` a number; a fixture null accepts anything.
 */
export function shapeMismatches(expected: unknown, actual: unknown, at = '$'): string[] {
  if (expected === null) return [];
  if (marker(expected, '$int')) return typeof actual === 'number' ? [] : [`${at}: expected an integer, got ${kindOf(actual)}`];
  if (marker(expected, '$json')) {
    if (typeof actual !== 'string') return [`${at}: expected a JSON string, got ${kindOf(actual)}`];
    let inner: unknown;
    try {
      inner = JSON.parse(actual);
    } catch {
      return [`${at}: the string is not JSON`];
    }
    return shapeMismatches((expected as { $json: unknown }).$json, inner, `${at}<json>`);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: expected an array, got ${kindOf(actual)}`];
    if (expected.length === 0) return [];
    return actual.flatMap((el, i) => shapeMismatches(expected[0], el, `${at}[${i}]`));
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return [`${at}: expected an object, got ${kindOf(actual)}`];
    return Object.entries(expected).flatMap(([k, v]) =>
      k in actual ? shapeMismatches(v, actual[k], `${at}.${k}`) : [`${at}.${k}: missing`],
    );
  }
  return kindOf(expected) === kindOf(actual) ? [] : [`${at}: expected ${kindOf(expected)}, got ${kindOf(actual)}`];
}

/** A request as a connector sent it (the fake fetch records these). */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** Form fields, JSON body fields or query parameters, whichever carried the call's parameters. */
  params: Record<string, string>;
  body: string;
}

/**
 * A fetch that records every request and answers from `answers` in turn (text bodies, or `{status, body}`), for
 * connector unit tests that need no sandbox.
 */
export function fakeFetch(answers: Array<string | { status: number; body: string }>) {
  const sent: SentRequest[] = [];
  let i = 0;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? init.body : '';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (body && (headers['content-type'] ?? '').includes('x-www-form-urlencoded'))
      for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    else if (body.startsWith('{'))
      for (const [k, v] of Object.entries(JSON.parse(body) as Record<string, unknown>))
        params[k] = typeof v === 'string' ? v : JSON.stringify(v);
    sent.push({ method: init?.method ?? 'GET', url, headers, params, body });
    const a = answers[Math.min(i, answers.length - 1)];
    i += 1;
    if (a === undefined) throw new Error('fakeFetch: no answer left');
    const { status, body: text } = typeof a === 'string' ? { status: 200, body: a } : a;
    return new Response(text, { status, headers: { 'content-type': 'application/json;charset=UTF-8' } });
  };
  return { fetch, sent };
}

/** An answer as a real platform (or the sandbox) sent it: the request's URL and parameters, the body text. */
export interface RecordedExchange {
  url: URL;
  params: Record<string, string>;
  status: number;
  text: string;
}

/**
 * A fetch that passes every request through to the network and records the answers' texts, for tests that check
 * a sandbox's wire answers against the fixtures while the real connector drives it.
 */
export function recordingFetch() {
  const exchanges: RecordedExchange[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const res = await fetch(input, init);
    const text = await res.text();
    const url = new URL(String(input));
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (typeof init?.body === 'string' && !init.body.startsWith('{')) for (const [k, v] of new URLSearchParams(init.body)) params[k] = v;
    exchanges.push({ url, params, status: res.status, text });
    return new Response(text, { status: res.status, headers: res.headers });
  };
  /** The answers to one method (TOP `method`, JOS `method`, 拼多多 `type`). */
  const of = (method: string) => exchanges.filter((e) => e.params.method === method || e.params.type === method);
  return { fetch: fetchImpl, exchanges, of };
}

/**
 * What is wrong with a request against the fixture's call: the method, the path (its end), every required parameter
 * present, and no parameter the source does not document (the call's body/query keys plus `optional`).
 */
export function requestMismatches(f: PlatformFixture, req: SentRequest): string[] {
  const out: string[] = [];
  if (req.method !== f.call.method) out.push(`method ${req.method}, the source says ${f.call.method}`);
  if (!req.url.pathname.endsWith(f.call.path)) out.push(`path ${req.url.pathname}, the source says …${f.call.path}`);
  const documented = new Set([...Object.keys(f.call.body ?? {}), ...Object.keys(f.call.query ?? {}), ...(f.call.optional ?? [])]);
  for (const name of f.call.required ?? []) if (!(name in req.params)) out.push(`missing required parameter ${name}`);
  for (const name of Object.keys(req.params)) if (!documented.has(name)) out.push(`parameter ${name} is not in the source`);
  return out;
}

/** The JSON object inside a parameter that travels as JSON text (TOP objects, JOS 360buy_param_json). */
export function jsonParam(req: SentRequest, name: string): unknown {
  const v = req.params[name];
  if (v === undefined) throw new Error(`parameter ${name} was not sent`);
  return JSON.parse(v);
}
