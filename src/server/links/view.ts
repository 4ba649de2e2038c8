import { landingPath, type LinkView } from '../../shared/links.ts';
import type { LinkRow, LinkRowWithCustomer } from './store.ts';

/** Row → the API shape of every links endpoint. */
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
    item_price: Number(r.item_price),
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
    landing_url: `${baseUrl}${landingPath(r)}`,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

/** Fields recorded in the change log (everything a person or the derivation can change). */
export const LOGGED_FIELDS = [
  'customerid', 'platform', 'state', 'title', 'itemid', 'item_title', 'item_image', 'item_price', 'ispro', 'isdirect', 'jumptype',
  'detaillink', 'smartlink', 'taojimulink', 'couponlink', 'transedlink', 'monitor_touch_url', 'monitor_show_url', 'social_id',
  'type', 'report_type', 'page_type', 'relate_advertiser_ids', 'appid', 'pagepath', 'deleted_at',
] as const satisfies readonly (keyof LinkRow)[];

/** Only the fields that differ, as `{before, after}`. */
export function diff(before: Partial<LinkRow>, after: Partial<LinkRow>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of LOGGED_FIELDS) {
    const x = before[k] ?? null;
    const y = after[k] ?? null;
    if (String(x) !== String(y)) {
      if (k in before) b[k] = x;
      a[k] = y;
    }
  }
  return { before: b, after: a };
}
