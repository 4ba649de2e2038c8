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
