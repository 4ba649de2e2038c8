/**
 * JSON that keeps 64-bit ids intact. Ad platforms send ids such as 7301234567890123456 as bare JSON numbers;
 * `JSON.parse` would round them. `parseJson` returns integers beyond 2^53 as their decimal string (safe
 * integers stay numbers), and `rawId` writes a decimal string back as a bare JSON number
 * (`JSON.rawJSON`, Node ≥ 21), so both sides of a connector speak the platform's exact wire format.
 */
interface JsonWithSource {
  parse(text: string, reviver: (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown): unknown;
  rawJSON(text: string): unknown;
}
const J = JSON as unknown as JsonWithSource;

export function parseJson(text: string): unknown {
  return J.parse(text, (_key, value, context) =>
    typeof value === 'number' &&
    Number.isInteger(value) &&
    !Number.isSafeInteger(value) &&
    context?.source &&
    /^-?\d+$/.test(context.source)
      ? context.source
      : value,
  );
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
