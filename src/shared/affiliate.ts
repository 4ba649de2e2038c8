import { platformSchema } from './links.ts';
import { z } from './zod.ts';

/** Item conversion (`/tfc/*`, spec §7 separate service): what a union says of an item or shop, and its promotion link. */
const text = (msg: string) => z.string({ error: msg }).trim().min(1, msg).max(2000, '链接不能超过 2000 个字符');
export const itemQuery = z.object({ item: text('请输入商品 ID 或商品链接') });
export const urlQuery = z.object({ url: text('请输入商品或店铺链接') });
export const converQuery = urlQuery.extend({ platform: platformSchema.optional() });

/** What an affiliate union tells us about one item or shop, and the promotion link it issues for it. */
export const conversionView = z.object({
  /** The union: 2 taobao/tmall, 3 jingdong, 5 pinduoduo. */
  platform: z.union([z.literal(2), z.literal(3), z.literal(5)]),
  kind: z.enum(['item', 'shop']),
  /** Item id ('' for a shop). */
  itemid: z.string(),
  shopid: z.string(),
  title: z.string(),
  image: z.string(),
  /** Fen. */
  price: z.number().int(),
  /** Coupon amount in fen and the union's coupon link; null when the item has none. */
  coupon: z.object({ amount: z.number().int(), link: z.string() }).nullable(),
  /** The canonical page on the shop platform. */
  detail_url: z.string(),
  /** The union's tracked promotion link (s.click.taobao.com, u.jd.com, duo_coupon_landing …). */
  promotion_url: z.string(),
});
export type ConversionView = z.output<typeof conversionView>;

export const shopIdView = z.object({ shopid: z.string(), shop_url: z.string() });
