/**
 * JSON that keeps 64-bit ids intact. Ad platforms send ids such as 7301234567890123456 as bare JSON numbers;
 * `JSON.parse` would round them. `parseJson` returns integers beyond 2^53 as their decimal string (safe
 * integers stay numbers), and `rawId` writes a decimal string back as a bare JSON number
 * (`JSON.rawJSON`, Node ≥ 21), so both sides of a connector speak the platform's exact wire format.
 */
interface JsonRaw {
  rawJSON(text: string): unknown;
}
const J = JSON as unknown as JsonRaw;

/**
 * An integer literal that may be beyond 2^53 (16 or more digits, no leading zero, not part of a fraction or exponent),
 * outside strings: where `parseJson` needs the source text.
 */
const LONG_INTEGER = /(?<![\w.+-])-?[1-9]\d{15,}(?![.\deE])/g;

/**
 * The text with every integer literal beyond 2^53 outside strings written as a JSON string of its digits; `JSON.parse`
 * then reads them exactly and validates the rest. Strings are stepped over from quote to unescaped quote, and only the
 * text between them is searched: 2.1–2.5× faster than a reviver asking `JSON.parse` for each value's source (the report
 * sync parsed 240 000 facts' answers in 2.9 s of CPU that way, bench/README.md "Ad sync").
 */
function quoteLongIntegers(text: string): string {
  let out = '';
  let copied = 0;
  for (let at = 0; at < text.length; ) {
    const open = text.indexOf('"', at);
    const end = open < 0 ? text.length : open;
    if (end - at >= 16) {
      const between = text.slice(at, end);
      const quoted = between.replace(LONG_INTEGER, (n) => (Number.isSafeInteger(Number(n)) ? n : `"${n}"`));
      if (quoted !== between) {
        out += text.slice(copied, at) + quoted;
        copied = end;
      }
    }
    if (open < 0) break;
    let close = open;
    do close = text.indexOf('"', close + 1);
    while (close > 0 && escaped(text, close));
    if (close < 0) break; // an unterminated string: JSON.parse says so
    at = close + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The quote at `i` follows an odd run of backslashes. */
function escaped(text: string, i: number): boolean {
  let b = i - 1;
  while (text.charCodeAt(b) === 92) b--;
  return (i - 1 - b) % 2 === 1;
}

export function parseJson(text: string): unknown {
  return JSON.parse(/\d{16}/.test(text) ? quoteLongIntegers(text) : text);
}

/** A decimal id as a bare JSON number (the platform's wire type), whatever its size. */
export function rawId(id: string | number): unknown {
  const s = String(id);
  if (!/^\d{1,20}$/.test(s)) throw new TypeError(`not a numeric id: ${s}`);
  return J.rawJSON(s);
}

/** Ids as bare JSON numbers. */
export const rawIds = (ids: readonly (string | number)[]): unknown[] => ids.map(rawId);

/** `JSON.stringify` understands raw values natively; this name marks where lossless ids may appear. */
export const stringifyJson = (value: unknown): string => JSON.stringify(value);

/** An id read from a platform answer: numbers and strings alike, '' when absent. */
export const idOf = (v: unknown): string => (typeof v === 'number' || typeof v === 'string' || typeof v === 'bigint' ? String(v) : '');
