import { monitorUrl } from '../../shared/macros.ts';
import { type ItemRef, parseItem, unionOf } from '../affiliate/items.ts';
import { type LinkRegistration, registerLinkItem } from '../affiliate/links.ts';
import type { Deps } from '../deps.ts';
import { invalid } from '../kernel/errors.ts';

/** The item fields a link takes from the affiliate conversion. */
export interface ItemFields {
  itemid: string;
  item_title: string;
  item_image: string;
  item_price: number;
  detaillink: string;
  transedlink: string;
}

/** Stored itemid of a shop link is `shop{id}`; an item link stores the bare id. */
export const storedItemId = (ref: ItemRef): string => (ref.kind === 'shop' ? `shop${ref.id}` : ref.id);
/** The stored itemid back as item input (a shop id becomes its shop URL on the link's old platform). */
export function refFromStored(itemid: string, platform: number): string {
  if (!itemid.startsWith('shop')) return itemid;
  const id = itemid.slice(4);
  const union = unionOf(platform);
  if (union === 3) return `https://mall.jd.com/index-${id}.html`;
  if (union === 5) return `https://mobile.yangkeduo.com/mall_page.html?mall_id=${id}`;
  return `https://shop${id}.taobao.com`;
}

export interface DerivedItem {
  fields: ItemFields;
  /** The union registration to store with the link (null: no union, e.g. 微信小程序). */
  registration: LinkRegistration['row'] | null;
  /** UDSmart links: UD's monitor URLs replace the product's own. */
  monitors: LinkRegistration['monitors'];
}

/**
 * Parse the item input against the link platform and convert it through the union's connector with this link's
 * own tracking ids (affiliate/links.ts), so the promotion URL carries what the link's orders will echo.
 * Platform 6 (wxminiapp) has no union: a bare id is kept as it is.
 */
export async function deriveItem(
  deps: Deps,
  link: { pageid: string; platform: number; state: number; customerid?: number },
  item: string,
): Promise<DerivedItem> {
  const union = unionOf(link.platform);
  const ref = parseItem(item, union);
  if (ref.platform === null) {
    return {
      fields: { itemid: ref.id, item_title: '', item_image: '', item_price: 0, detaillink: '', transedlink: '' },
      registration: null,
      monitors: null,
    };
  }
  const reg = await registerLinkItem(deps, link, { ...ref, platform: ref.platform });
  const conv = reg.conversion;
  return {
    fields: {
      itemid: storedItemId(ref),
      item_title: conv.title.slice(0, 200),
      item_image: conv.image,
      item_price: conv.price,
      detaillink: conv.detail_url,
      transedlink: conv.promotion_url,
    },
    registration: reg.row,
    monitors: reg.monitors,
  };
}

/** Rules across fields, checked on the merged record of create and update. */
export function checkCombination(l: {
  platform: number;
  jumptype: string;
  taojimulink: string;
  smartlink: string;
  pagepath: string;
}): void {
  if (l.platform === 6 && l.pagepath === '') throw invalid('微信小程序链接必须填写小程序页面路径（pagepath）', { field: 'pagepath' });
  if (l.jumptype === 'taojimu') {
    if (l.platform !== 2 && l.platform !== 4) throw invalid('淘积木跳转只适用于淘宝平台', { field: 'jumptype' });
    if (l.taojimulink === '') throw invalid('跳转类型为淘积木时必须填写淘积木链接（taojimulink）', { field: 'taojimulink' });
  }
  if (l.jumptype === 'smart' && l.smartlink === '')
    throw invalid('跳转类型为智能链接时必须填写智能链接（smartlink）', { field: 'smartlink' });
}

export const monitorUrls = (baseUrl: string, channel: number, pageid: string) => ({
  monitor_touch_url: monitorUrl(baseUrl, 'click', channel, pageid),
  monitor_show_url: monitorUrl(baseUrl, 'show', channel, pageid),
});
