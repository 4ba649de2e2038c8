import { seeded } from '../seed.ts';
import type { UnionName } from './store.ts';

/**
 * The sandbox unions' items: stable facts derived from the union and the id (the same id always gives the same
 * title, price, coupon and commission rate), and a picture of each served over HTTP as SVG. UD sells 淘宝 items,
 * so a UD item is the 淘宝 item of the same id.
 */
export interface SandboxItem {
  id: string;
  title: string;
  brand: string;
  goods: string;
  shopId: string;
  shopName: string;
  /** Final price (fen), and the coupon amount (fen, 0 = none). */
  priceFen: number;
  couponFen: number;
  /** Commission rate, basis points. */
  commissionBp: number;
  /** Presale item: buyers pay `depositFen` first, the rest later. */
  presell: boolean;
  depositFen: number;
  hue: number;
}

const BRANDS = ['云朵', '山野', '小满', '青禾', '北屿', '拾光', '木槿', '初见', '南风', '知味'] as const;
const GOODS = [
  '纯棉短袖T恤',
  '保温杯',
  '降噪蓝牙耳机',
  '氨基酸洗面奶',
  '家用电煮锅',
  '冻干猫粮',
  '益智积木',
  '乳胶午睡枕',
  '速干运动裤',
  '坚果礼盒',
] as const;
const TAGS = ['旗舰店', '官方正品', '新款', '限时特惠', '包邮'] as const;

export function itemFacts(union: UnionName, id: string): SandboxItem {
  const r = seeded(`union-item:${union === 'ud' ? 'taobao' : union}:${id}`);
  const brand = r.pick(BRANDS);
  const goods = r.pick(GOODS);
  const priceFen = r.int(9, 299) * 100 - 10;
  const couponFen = r.next() < 0.5 ? Math.min(r.int(1, 10) * 500, priceFen - 100) : 0;
  // 拼多多 has no presale.
  const presell = r.next() < 0.2 && union !== 'pdd';
  const shopId = String(r.int(10_000_000, 99_999_999));
  return {
    id,
    title: `${brand} ${goods} ${r.pick(TAGS)}`,
    brand,
    goods,
    shopId,
    shopName: `${brand}${r.pick(['旗舰店', '官方店', '专营店'])}`,
    priceFen,
    couponFen: Math.max(couponFen, 0),
    commissionBp: r.int(1, 30) * 100 + r.int(0, 9) * 10,
    presell,
    depositFen: presell ? Math.max(100, Math.round(priceFen / 500) * 100) : 0,
    hue: r.int(0, 359),
  };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 600×600 product picture: a tinted backdrop, a parcel shape, the brand and the goods name. */
export function itemSvg(item: SandboxItem): string {
  const h = item.hue;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},70%,86%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,70%)"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#g)"/>
<g transform="translate(300 260)"><path d="M-150 -60 L0 -130 L150 -60 L150 110 L0 180 L-150 110 Z" fill="hsl(${h},45%,45%)"/>
<path d="M-150 -60 L0 10 L150 -60 M0 10 L0 180" stroke="hsl(${h},40%,30%)" stroke-width="6" fill="none"/>
<text x="0" y="-40" font-size="54" font-family="sans-serif" text-anchor="middle" fill="#fff">${escapeXml(item.brand)}</text></g>
<text x="300" y="530" font-size="40" font-family="sans-serif" text-anchor="middle" fill="hsl(${h},50%,20%)">${escapeXml(item.goods)}</text>
</svg>`;
}
