import type { ConversionView as Conversion } from '../../shared/affiliate.ts';
import { seeded } from './seed.ts';

type Union = Conversion['platform'];
/** An item or shop of one union, as the product asks for it. */
interface ItemRef {
  platform: Union;
  kind: 'item' | 'shop';
  id: string;
}

/**
 * Sandbox affiliate unions: synthetic but stable item data (title, image, price in fen, coupon) derived from the id,
 * and promotion links shaped like each union's (Taobao `s.click.taobao.com/t?e=…`, JD `u.jd.com/…`,
 * Pinduoduo `duo_coupon_landing.html?goods_id=…&pid=…`). No network.
 */
export const SANDBOX_PID: Record<Union, string> = { 2: 'mm_1000001_2000002_3000003', 3: '1000001_2000002_3000003', 5: '1000001_20000002' };

const BRANDS = ['云朵', '山野', '小满', '青禾', '北屿', '拾光', '木槿', '初见', '南风', '知味'] as const;
const GOODS = [
  '纯棉短袖T恤',
  '316不锈钢保温杯',
  '降噪蓝牙耳机',
  '氨基酸洗面奶',
  '家用电煮锅',
  '宠物冻干猫粮',
  '儿童益智积木',
  '乳胶午睡枕',
  '速干运动裤',
  '坚果礼盒',
] as const;
const TAGS = ['旗舰店', '官方正品', '2026新款', '限时特惠', '包邮'] as const;

/** A small inline SVG so landing pages show an image without fetching anything. */
function image(seed: ReturnType<typeof seeded>, label: string): string {
  const hue = seed.int(0, 359);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="hsl(${hue},60%,72%)"/><text x="200" y="215" font-size="40" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function detailUrl(p: Union, kind: 'item' | 'shop', id: string): string {
  if (kind === 'shop') {
    if (p === 2) return `https://shop${id}.taobao.com`;
    if (p === 3) return `https://mall.jd.com/index-${id}.html`;
    return `https://mobile.yangkeduo.com/mall_page.html?mall_id=${id}`;
  }
  if (p === 2) return `https://item.taobao.com/item.htm?id=${id}`;
  if (p === 3) return `https://item.jd.com/${id}.html`;
  return `https://mobile.yangkeduo.com/goods.html?goods_id=${id}`;
}

function promotionUrl(p: Union, kind: 'item' | 'shop', id: string, token: string): string {
  if (p === 2) return `https://s.click.taobao.com/t?e=m%3D2%26s%3D${token}&pid=${SANDBOX_PID[2]}&unid=${kind}${id}`;
  if (p === 3) return `https://u.jd.com/${token.slice(0, 7)}`;
  if (kind === 'shop') return `https://mobile.yangkeduo.com/duo_coupon_landing.html?mall_id=${id}&pid=${SANDBOX_PID[5]}&cpsSign=${token}`;
  return `https://mobile.yangkeduo.com/duo_coupon_landing.html?goods_id=${id}&pid=${SANDBOX_PID[5]}&cpsSign=${token}`;
}

function couponUrl(p: Union, id: string, token: string): string {
  if (p === 2) return `https://uland.taobao.com/coupon/edetail?e=${token}&itemId=${id}&pid=${SANDBOX_PID[2]}`;
  if (p === 3) return `https://coupon.m.jd.com/coupons/show.action?key=${token}&roleId=${id}`;
  return `https://mobile.yangkeduo.com/duo_coupon_landing.html?goods_id=${id}&pid=${SANDBOX_PID[5]}&coupon=${token}`;
}

export function sandboxConvert(ref: ItemRef): Conversion {
  const r = seeded(`${ref.platform}:${ref.kind}:${ref.id}`);
  const brand = r.pick(BRANDS);
  const token = r.token(24);
  if (ref.kind === 'shop') {
    return {
      platform: ref.platform,
      kind: 'shop',
      itemid: '',
      shopid: ref.id,
      title: `${brand}${r.pick(TAGS)}`,
      image: image(r, brand),
      price: 0,
      coupon: null,
      detail_url: detailUrl(ref.platform, 'shop', ref.id),
      promotion_url: promotionUrl(ref.platform, 'shop', ref.id, token),
    };
  }
  const price = r.int(9, 299) * 100 - 10;
  const coupon =
    r.next() < 0.6 ? { amount: Math.min(r.int(1, 10) * 500, price - 100), link: couponUrl(ref.platform, ref.id, r.token(20)) } : null;
  return {
    platform: ref.platform,
    kind: 'item',
    itemid: ref.id,
    shopid: String(r.int(10_000_000, 99_999_999)),
    title: `${brand} ${r.pick(GOODS)} ${r.pick(TAGS)}`,
    image: image(r, brand),
    price,
    coupon: coupon && coupon.amount > 0 ? coupon : null,
    detail_url: detailUrl(ref.platform, 'item', ref.id),
    promotion_url: promotionUrl(ref.platform, 'item', ref.id, token),
  };
}

/** Shaped like the product's union provider; the process wiring plugs it in for every union. */
export const sandboxAffiliate = {
  name: 'sandbox',
  convert: async (ref: ItemRef): Promise<Conversion> => sandboxConvert(ref),
};
