import { describe, expect, it } from 'vitest';
import { parseJson, rawId, stringifyJson } from './lossless-json.ts';
import { mulberry32 } from './mulberry32.ts';

/** The definition `parseJson` must keep: JSON.parse asked for each number's source (slower, the previous version). */
const reference = (text: string): unknown =>
  (JSON.parse as (t: string, r: (k: string, v: unknown, c?: { source?: string }) => unknown) => unknown)(text, (_k, v, c) =>
    typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) && c?.source && /^-?\d+$/.test(c.source) ? c.source : v,
  );

describe('parseJson', () => {
  it('keeps integers beyond 2^53 as their digits and everything else as JSON.parse reads it', () => {
    const text =
      '{"ad_id":7301234567890123456,"neg":-7301234567890123456,"safe16":1234567890123456,"edge":9007199254740993,' +
      '"max":9007199254740991,"float":12345678901234567890.5,"exp":1234567890123456789e2,"small":42,"cost":"12.30",' +
      '"s":"id 7301234567890123456 in text","q":"a \\"quoted\\" 7301234567890123456","bs":"ends with a backslash \\\\",' +
      '"after":[7301234567890123457, 1.5e300, true, null, "\\u0041"]}';
    const parsed = parseJson(text) as Record<string, unknown>;
    expect(parsed).toEqual(reference(text));
    expect(parsed.ad_id).toBe('7301234567890123456');
    expect(parsed.neg).toBe('-7301234567890123456');
    expect(parsed.safe16).toBe(1234567890123456);
    expect(parsed.edge).toBe('9007199254740993');
    expect(parsed.max).toBe(9007199254740991);
    expect(parsed.s).toBe('id 7301234567890123456 in text');
    expect(parsed.q).toBe('a "quoted" 7301234567890123456');
    expect(parsed.after).toEqual(['7301234567890123457', 1.5e300, true, null, 'A']);
  });

  it('rejects what JSON.parse rejects', () => {
    for (const bad of ['{"a":"unterminated 7301234567890123456', '[01234567890123456789]', '[7301234567890123456,]', '{"a":1}x', ''])
      expect(() => parseJson(bad), bad).toThrow(SyntaxError);
  });

  it('equals the reference on 2 000 generated documents with long ids, escapes and digit runs in strings', () => {
    const next = mulberry32(20261128);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const pieces = ['"', '\\', '7301234567890123456', 'a', '数', ' ', '\n', '\\"', '1e5', '.'];
    const value = (depth: number): unknown => {
      const kind = Math.floor(next() * (depth > 3 ? 4 : 6));
      if (kind === 0) return rawId(String(7_300_000_000_000_000_000n + BigInt(Math.floor(next() * 1e9))));
      if (kind === 1) return pick([0, -1, 42, 9007199254740991, 1234567890123456, 0.1, -2.5e-7, 1e21]);
      if (kind === 2) return Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(pieces)).join('');
      if (kind === 3) return pick([true, false, null]);
      if (kind === 4) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, (_, i) => [`${pick(pieces)}${i}`, value(depth + 1)]));
    };
    for (let i = 0; i < 2000; i++) {
      const text = stringifyJson(value(0));
      expect(parseJson(text), text).toEqual(reference(text));
    }
  });
});
