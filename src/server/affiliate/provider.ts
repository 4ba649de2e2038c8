import type { ItemRef, Union } from './items.ts';
import { sandboxAffiliate } from '../sandbox/affiliate.ts';

/** What an affiliate union tells us about one item or shop, and the promotion link it issues for it. */
export interface Conversion {
  platform: Union;
  kind: 'item' | 'shop';
  /** Item id ('' for a shop). */
  itemid: string;
  shopid: string;
  title: string;
  image: string;
  /** Fen. */
  price: number;
  /** Coupon amount in fen and the union's coupon link; null when the item has none. */
  coupon: { amount: number; link: string } | null;
  /** The canonical page on the shop platform. */
  detail_url: string;
  /** The union's tracked promotion link (s.click.taobao.com, u.jd.com, duo_coupon_landing …). */
  promotion_url: string;
}

/**
 * The seam for real connectors (Taobao Union, JD Union, Pinduoduo DDK): one implementation answers for all unions.
 * The default is the deterministic sandbox, so the product works without credentials.
 */
export interface AffiliateProvider {
  readonly name: string;
  convert(ref: ItemRef & { platform: Union }): Promise<Conversion>;
}

let current: AffiliateProvider = sandboxAffiliate;

export const affiliateProvider = (): AffiliateProvider => current;

/** Swap the provider (a real connector at boot, a fake in a test); returns the previous one. */
export function setAffiliateProvider(p: AffiliateProvider): AffiliateProvider {
  const prev = current;
  current = p;
  return prev;
}
