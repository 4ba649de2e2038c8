/** Sorting of the resource table: one column key and a direction (1 ascending, -1 descending). */
export interface SortState {
  key: string;
  order: 1 | -1;
}

export type SortValue = string | number | null | undefined;

/** Sorts a copy of `rows` by `value` (missing values last, Chinese text by collation); stable. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => SortValue, order: 1 | -1): T[] {
  const collator = new Intl.Collator('zh-CN', { numeric: true });
  const indexed = rows.map((row, i) => ({ row, i, v: value(row) }));
  indexed.sort((a, b) => {
    const missingA = a.v === null || a.v === undefined || a.v === '';
    const missingB = b.v === null || b.v === undefined || b.v === '';
    if (missingA || missingB) return missingA === missingB ? a.i - b.i : missingA ? 1 : -1;
    const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
    return c === 0 ? a.i - b.i : c * order;
  });
  return indexed.map((x) => x.row);
}

/** The next sort after a header click: ascending, then descending, then none. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, order: 1 };
  return current.order === 1 ? { key, order: -1 } : null;
}
