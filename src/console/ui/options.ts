/** A choice offered by Select / MultiSelect / Tabs: a Chinese label and a typed value. */
export interface Option<T> {
  label: string;
  value: T;
  disabled?: boolean;
}

/** Position of `value` among `options` (-1 when absent); values compare with Object.is. */
export const indexOfValue = <T>(options: readonly Option<T>[], value: T): number => options.findIndex((o) => Object.is(o.value, value));

/** The option at a widget-reported index; anything else (null, the 全部 entry, a stale index) is no choice. */
export function valueAt<T>(options: readonly Option<T>[], index: unknown): T | null {
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return null;
  const o = options[index];
  return o === undefined ? null : o.value;
}

/**
 * Options labelled by the names people know things by — a company, an account's name — never an internal id; only
 * things sharing one name get `apart` after it ("宁波海味食品有限公司 · a@b.cn"), so two of them can still be told apart.
 */
export function namedOptions<I, T>(items: readonly I[], name: (i: I) => string, apart: (i: I) => string, value: (i: I) => T): Option<T>[] {
  const count = new Map<string, number>();
  for (const i of items) count.set(name(i), (count.get(name(i)) ?? 0) + 1);
  return items.map((i) => {
    const n = name(i);
    const other = (count.get(n) ?? 0) > 1 ? apart(i) : '';
    return { label: other && other !== n ? `${n} · ${other}` : n, value: value(i) };
  });
}
