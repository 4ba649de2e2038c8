/** Pure rules of the template editor's column list (chosen columns keep their order). */

/** Move the item at `from` to position `to` (positions in the list after removal, like a drag and drop). */
export function moveColumn<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}

/** Add a column at the end, or take it out when it is already chosen. */
export const toggleColumn = (list: readonly string[], key: string): string[] =>
  list.includes(key) ? list.filter((k) => k !== key) : [...list, key];

/** Keep only keys the kind still offers (a template made before a column was withdrawn). */
export const knownColumns = (list: readonly string[], offered: readonly { key: string }[]): string[] =>
  list.filter((k) => offered.some((c) => c.key === k));
