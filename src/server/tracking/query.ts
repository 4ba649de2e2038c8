/**
 * A monitor or landing query string read strictly (parse.ts reads the fields it keeps from it), and the limits and
 * refusals of parsing.
 */

export const LIMITS = {
  /** Longest raw query string we accept (the hot path stores at most one character more). */
  query: 8192,
  /** Longest single parameter value (callback URLs are the long ones). */
  value: 2048,
  /** Longest id-like field (adv, aid, clickid …). */
  id: 128,
  ua: 1024,
  pageid: 20,
} as const;

export type RejectReason = 'bad_pageid' | 'too_long' | 'malformed' | 'ua_too_long' | 'unknown_page' | 'deleted_page' | 'field_too_long';

export class PingReject extends Error {
  readonly reason: RejectReason;
  readonly detail: string;
  constructor(reason: RejectReason, detail = '') {
    super(reason);
    this.reason = reason;
    this.detail = detail;
  }
}

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** Every `%` followed by two hex digits (a plain loop over the `%`s: no regular expression over the whole query). */
function checkEscapes(query: string): void {
  for (let i = query.indexOf('%'); i >= 0; i = query.indexOf('%', i + 1)) {
    if (!isHex(query.charCodeAt(i + 1)) || !isHex(query.charCodeAt(i + 2))) throw new PingReject('malformed', 'bad percent escape');
  }
}

/** One key or value decoded: `+` a space, percent escapes as UTF-8; a bad escape or a NUL is malformed. */
export function decodePart(raw: string, key: string): string {
  if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) return raw;
  let out: string;
  try {
    out = decodeURIComponent(raw.indexOf('+') < 0 ? raw : raw.replace(/\+/g, ' '));
  } catch {
    throw new PingReject('malformed', `bad escape in ${key.slice(0, 32)}`);
  }
  // %00: PostgreSQL text cannot hold U+0000, so such a value could never be stored (and would stop the processor).
  if (out.includes('\u0000')) throw new PingReject('malformed', `NUL in ${key.slice(0, 32)}`);
  return out;
}

/** Whether `query` holds `%` or `+` between `from` and `to`. */
function escapedBetween(query: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = query.charCodeAt(i);
    if (c === 37 || c === 43) return true;
  }
  return false;
}

/**
 * Strict `a=b&c=d` decoding: a bad percent escape anywhere, or invalid UTF-8 in a value we read, is
 * malformed (URLSearchParams would silently substitute U+FFFD). Values are decoded only when read; the first of
 * repeated keys counts.
 *
 * The query is not split into strings: each parameter is three positions (its key's start, its key's end — the `=`
 * or the parameter's end —, its end), and a key is found by comparing it in place. The processor builds one per ping
 * and reads about 25 keys of its 30 (bench/README.md "SQLite drain, fourth pass": a Map of sliced keys and values
 * was the largest item of the parse). Keys are decoded only when one holds an escape (`%`, `+`).
 */
export class Query {
  private readonly query: string;
  private readonly spans: number[] = [];
  /** The decoded keys, in the order of `spans`; null when no key holds an escape (keys are compared in place). */
  private readonly keys: string[] | null = null;
  /** Values decoded from escapes, by parameter (a value read twice is decoded once). */
  private decoded: Map<number, string> | null = null;

  constructor(query: string) {
    this.query = query;
    if (!query) return;
    checkEscapes(query);
    const spans = this.spans;
    let escaped = false;
    // the next '=' at or after `start`; the same one serves every parameter before it
    let eq = query.indexOf('=');
    let start = 0;
    while (start <= query.length) {
      let end = query.indexOf('&', start);
      if (end < 0) end = query.length;
      if (end > start) {
        if (eq >= 0 && eq < start) eq = query.indexOf('=', start);
        const keyEnd = eq >= 0 && eq < end ? eq : end;
        spans.push(start, keyEnd, end);
        if (!escaped) escaped = escapedBetween(query, start, keyEnd);
      }
      start = end + 1;
    }
    if (escaped) {
      const keys: string[] = [];
      for (let i = 0; i < spans.length; i += 3) {
        const rawKey = query.slice(spans[i], spans[i + 1]);
        keys.push(decodePart(rawKey, rawKey));
      }
      this.keys = keys;
    }
  }

  /** The index in `spans` of the first parameter named `key`, -1 when none. */
  private find(key: string): number {
    const spans = this.spans;
    const keys = this.keys;
    if (keys) {
      for (let i = 0; i < keys.length; i++) if (keys[i] === key) return i * 3;
      return -1;
    }
    for (let i = 0; i < spans.length; i += 3) {
      const start = spans[i] as number;
      if ((spans[i + 1] as number) - start === key.length && this.query.startsWith(key, start)) return i;
    }
    return -1;
  }

  get(key: string): string {
    const i = this.find(key);
    if (i < 0) return '';
    const from = (this.spans[i + 1] as number) + 1;
    const to = this.spans[i + 2] as number;
    if (from >= to) return '';
    let out = this.decoded?.get(i);
    if (out === undefined) {
      const raw = this.query.slice(from, to);
      out = decodePart(raw, key);
      if (out !== raw) {
        this.decoded ??= new Map();
        this.decoded.set(i, out);
      }
    }
    if (out.length > LIMITS.value) throw new PingReject('field_too_long', key.slice(0, 32));
    return out;
  }

  has(key: string): boolean {
    return this.find(key) >= 0;
  }
}
