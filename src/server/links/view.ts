import { type LinkView, landingPath } from '../../shared/links.ts';
import type { LinkRow, LinkRowWithCustomer } from './store.ts';

/** A stored price as the API shows it: 0 fen means no price is known → null (detail and change log agree). */
export const shownPrice = (fen: unknown): number | null => (typeof fen === 'number' && fen > 0 ? fen : null);

/**
 * Row → the API shape of every links endpoint: the row minus its row-only columns, plus the landing URL.
 * Field by field, not `{ id, …, ...shown }`: a row is read by name faster than it is rest-copied (~2× on
 * node:sqlite's own dictionary-mode rows, which the SQLite dialect no longer returns), and exports map a million of
 * them (bench/README.md "Exports: the links kind's CPU"). The compiler still keeps the list whole: `LinksTable` is `LinkView` minus `LinkViewOnly` plus the
 * `LinkRowOnly` columns (tables.ts), so a new field is added to `LinkView`, and this literal fails to compile until
 * it copies it (a missing field is an error, and so is one `LinkView` does not have).
 */
export function toView(r: LinkRowWithCustomer, baseUrl: string): LinkView {
  return {
    pageid: r.pageid,
    customerid: r.customerid,
    customer: r.customer,
    platform: r.platform,
    state: r.state,
    title: r.title,
    itemid: r.itemid,
    item_title: r.item_title,
    item_image: r.item_image,
    item_price: shownPrice(r.item_price),
    ispro: r.ispro,
    isdirect: r.isdirect,
    jumptype: r.jumptype,
    detaillink: r.detaillink,
    smartlink: r.smartlink,
    taojimulink: r.taojimulink,
    couponlink: r.couponlink,
    transedlink: r.transedlink,
    monitor_touch_url: r.monitor_touch_url,
    monitor_show_url: r.monitor_show_url,
    social_id: r.social_id,
    type: r.type,
    report_type: r.report_type,
    page_type: r.page_type,
    relate_advertiser_ids: r.relate_advertiser_ids,
    appid: r.appid,
    pagepath: r.pagepath,
    created_at: r.created_at,
    updated_at: r.updated_at,
    landing_url: `${baseUrl}${landingPath(r)}`,
  };
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
