import { z } from './zod.ts';
import { platformSchema } from './links.ts';

/** Item conversion (`/tfc/*`, spec §7 separate service): what a union says of an item or shop, and its promotion link. */
const text = (msg: string) => z.string({ error: msg }).trim().min(1, msg).max(2000, '链接不能超过 2000 个字符');
export const itemQuery = z.object({ item: text('请输入商品 ID 或商品链接') });
export const urlQuery = z.object({ url: text('请输入商品或店铺链接') });
export const converQuery = urlQuery.extend({ platform: platformSchema.optional() });

export const conversionView = z.object({
  platform: z.union([z.literal(2), z.literal(3), z.literal(5)]),
  kind: z.enum(['item', 'shop']),
  itemid: z.string(),
  shopid: z.string(),
  title: z.string(),
  image: z.string(),
  /** Fen. */
  price: z.number().int(),
  coupon: z.object({ amount: z.number().int(), link: z.string() }).nullable(),
  detail_url: z.string(),
  promotion_url: z.string(),
});
export type ConversionView = z.output<typeof conversionView>;

export const shopIdView = z.object({ shopid: z.string(), shop_url: z.string() });
