import { type LinkView, landingPath } from '../../shared/links.ts';
import type { LinkRow, LinkRowWithCustomer } from './store.ts';
import type { LinkRowOnly } from './tables.ts';

/** A stored price as the API shows it: 0 fen means no price is known → null (detail and change log agree). */
export const shownPrice = (fen: unknown): number | null => (typeof fen === 'number' && fen > 0 ? fen : null);

/**
 * Row → the API shape of every links endpoint: the row minus its row-only columns, plus the landing URL.
 * The compiler checks that exactly the `LinkRowOnly` columns are stripped, so a new column is either shown
 * (added to `LinkView`) or hidden (added to `LinkRowOnly`), never leaked by accident.
 */
export function toView(r: LinkRowWithCustomer, baseUrl: string): LinkView {
  const { id, created_by, deleted_at, demo, ...shown } = r;
  const hidden = { id, created_by, deleted_at, demo } satisfies Record<keyof LinkRowOnly, unknown>;
  void hidden;
  return { ...shown, item_price: shownPrice(r.item_price), landing_url: `${baseUrl}${landingPath(r)}` };
}

/** Columns the change log never records: identity, bookkeeping and times (an entry has its own time and actor). */
const NOT_LOGGED: ReadonlySet<string> = new Set([
  'id',
  'pageid',
  'created_by',
  'created_at',
  'updated_at',
  'customer',
  'demo',
] satisfies Array<keyof LinkRowWithCustomer>);

/** Every other column is logged: whatever a person or the item derivation can change, and `deleted_at`. */
export const isLogged = (field: string): boolean => !NOT_LOGGED.has(field);

/** A logged value as the API shows it (the log is read back through this too, so older entries agree). */
export const loggedValue = (field: string, v: unknown): unknown => (field === 'item_price' ? shownPrice(v) : (v ?? null));

/** Only the logged fields that differ, as `{before, after}`, in API form. */
export function diff(
  before: Partial<LinkRow>,
  after: Partial<LinkRow>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const k of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (!isLogged(k)) continue;
    const x = loggedValue(k, was[k]);
    const y = loggedValue(k, now[k]);
    if (String(x) !== String(y)) {
      if (k in was) b[k] = x;
      a[k] = y;
    }
  }
  return { before: b, after: a };
}

/** A stored change-log side (JSON) in API form. */
export function loggedFields(json: string): Record<string, unknown> {
  const fields = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, loggedValue(k, v)]));
}
