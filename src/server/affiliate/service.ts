import type { ConversionView } from '../../shared/affiliate.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid } from '../kernel/errors.ts';
import { conversionView, convertThrough } from './convert.ts';
import { parseItem, type Union } from './items.ts';

/** Conversions per user per minute (each costs a real union API call). */
const PER_MINUTE = 120;

/**
 * Parse an item or shop input and convert it through the union's connector on the default 推广位 (a link gets its
 * own tracking ids when it is saved: affiliate/links.ts). `union` null accepts any recognised URL (a bare id then
 * needs `platform`).
 */
export async function convertItem(deps: Deps, actor: Actor, input: string, union: Union | null): Promise<ConversionView> {
  deps.limiter.hit(`affiliate:${actor.userId}`, PER_MINUTE, 60_000);
  const ref = parseItem(input, union);
  if (ref.platform === null) throw invalid('请粘贴完整的商品链接，或同时指定商品平台（platform）');
  return conversionView(await convertThrough(deps.affiliates, { ...ref, platform: ref.platform }));
}

/** `jdgetshopid`: the JD shop of a shop URL directly, of an item through the union. */
export async function jdShopId(deps: Deps, actor: Actor, url: string): Promise<{ shopid: string; shop_url: string }> {
  const conv = await convertItem(deps, actor, url, 3);
  return { shopid: conv.shopid, shop_url: `https://mall.jd.com/index-${conv.shopid}.html` };
}
