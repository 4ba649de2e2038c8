import { describe, expect, it } from 'vitest';
import { Query } from './query.ts';

describe('Query: keys found in place', () => {
  /** The reference: split, keys decoded, the first of repeated keys, values decoded ('+' a space); undefined: absent. */
  const reference = (query: string, key: string): string | undefined => {
    for (const part of query.split('&')) {
      if (!part) continue;
      const eq = part.indexOf('=');
      const k = decodeURIComponent((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
      if (k === key) return eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
    }
    return undefined;
  };
  const queries = [
    'a=1&b=2&a=3',
    'a&b=&c=x=y&=z&&d=%41%2B+b',
    'ab=2&a%62=1',
    'a%62=1&ab=2',
    'a+b=1&a b=2&a%20b=3',
    'cb=x&cbx=y&c=z&cburl=w',
    '&&&',
    'x=1&',
    'k=%E4%B8%AD%E6%96%87&k2=%F0%9F%98%80',
  ];
  const keys = ['a', 'b', 'c', 'd', 'ab', 'a b', '', 'cb', 'cbx', 'cburl', 'x', 'k', 'k2', 'z'];
  it('reads every key as the reference does, escaped keys and repeats included', () => {
    for (const q of queries) {
      const parsed = new Query(q);
      for (const k of keys) {
        const want = reference(q, k);
        expect([q, k, parsed.get(k), parsed.has(k)]).toEqual([q, k, want ?? '', want !== undefined]);
      }
    }
  });
  it('a value read twice is the same; a bad escape anywhere refuses the query, a bad value refuses its read', () => {
    const q = new Query('ua=Mozilla%2F5.0%20(Linux)&n=%00');
    expect([q.get('ua'), q.get('ua')]).toEqual(['Mozilla/5.0 (Linux)', 'Mozilla/5.0 (Linux)']);
    expect(() => q.get('n')).toThrow('malformed');
    expect(() => q.get('n')).toThrow('malformed');
    for (const bad of ['a=1&b=%', 'a=%4', 'a=%G0', '%=1', 'a=1%']) expect(() => new Query(bad)).toThrow('malformed');
    expect(() => new Query('%E4%B8=1')).toThrow('malformed');
    expect(new Query('a=%E4%B8').has('a')).toBe(true);
    expect(() => new Query('a=%E4%B8').get('a')).toThrow('malformed');
    expect(() => new Query(`a=${'x'.repeat(2049)}`).get('a')).toThrow('field_too_long');
  });
});
