import { invalid } from '../kernel/errors.ts';

/** Affiliate unions an item belongs to, named by the link platform code of their shop: 2 taobao/tmall, 3 jingdong, 5 pinduoduo. */
export type Union = 2 | 3 | 5;
export const UNION_LABEL: Record<Union, string> = { 2: '淘宝/天猫', 3: '京东', 5: '拼多多' };

/** A parsed item or shop reference. `platform` is null for a bare id given without a platform. */
export interface ItemRef {
  platform: Union | null;
  kind: 'item' | 'shop';
  id: string;
}

/** Link platform → its union: taobao, new-link mini-app and UDSmart are taobao; jingdong and JD CID are JD. wxminiapp has none. */
export function unionOf(platform: number): Union | null {
  if (platform === 2 || platform === 4 || platform === 7) return 2;
  if (platform === 3 || platform === 8) return 3;
  if (platform === 5) return 5;
  return null;
}

const SHORT_HOSTS = [
  'm.tb.cn',
  's.click.taobao.com',
  'tb.cn',
  'u.jd.com',
  '3.cn',
  'p.pinduoduo.com',
  'p.yangkeduo.com',
  'uland.taobao.com',
];
const TAOBAO_ITEM_HOSTS = [
  'item.taobao.com',
  'h5.m.taobao.com',
  'main.m.taobao.com',
  'detail.m.tmall.com',
  'detail.tmall.com',
  'chaoshi.detail.tmall.com',
  'detail.tmall.hk',
  'world.taobao.com',
];
const PDD_HOSTS = ['mobile.yangkeduo.com', 'yangkeduo.com', 'mobile.pinduoduo.com', 'pinduoduo.com'];
const DIGITS = /^\d{4,20}$/;

function fromUrl(u: URL): ItemRef | null {
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  const q = (k: string) => u.searchParams.get(k)?.trim() ?? '';
  if (SHORT_HOSTS.includes(host)) {
    throw invalid('短链接需要联网解析，暂不支持；请在浏览器打开后粘贴商品详情页链接，或直接输入商品 ID');
  }
  if (TAOBAO_ITEM_HOSTS.includes(host)) {
    const id = q('id') || q('itemId') || q('item_id');
    return DIGITS.test(id) ? { platform: 2, kind: 'item', id } : null;
  }
  const tbShop = /^shop(\d{4,20})\.(?:m\.)?taobao\.com$/.exec(host);
  if (tbShop) return { platform: 2, kind: 'shop', id: tbShop[1]! };
  if (host === 'item.jd.com' || host === 'item.jd.hk' || host === 'npcitem.jd.hk') {
    const m = /^\/(\d{4,20})\.html$/.exec(u.pathname);
    return m ? { platform: 3, kind: 'item', id: m[1]! } : null;
  }
  if (host === 'item.m.jd.com') {
    const m = /^\/product\/(\d{4,20})\.html$/.exec(u.pathname);
    if (m) return { platform: 3, kind: 'item', id: m[1]! };
    const ware = q('wareId');
    return DIGITS.test(ware) ? { platform: 3, kind: 'item', id: ware } : null;
  }
  if (host === 'mall.jd.com') {
    const m = /^\/index-(\d{2,20})\.html$/.exec(u.pathname);
    return m ? { platform: 3, kind: 'shop', id: m[1]! } : null;
  }
  if (host === 'shop.m.jd.com') {
    const id = q('shopId');
    return /^\d{2,20}$/.test(id) ? { platform: 3, kind: 'shop', id } : null;
  }
  if (PDD_HOSTS.includes(host)) {
    if (/^\/goods\d?\.html$/.test(u.pathname)) {
      const id = q('goods_id');
      return DIGITS.test(id) ? { platform: 5, kind: 'item', id } : null;
    }
    if (u.pathname === '/mall_page.html') {
      const id = q('mall_id');
      return DIGITS.test(id) ? { platform: 5, kind: 'shop', id } : null;
    }
  }
  return null;
}

/**
 * Parse what a person pastes as "the item": a bare id, or a taobao/tmall/jingdong/pinduoduo item or shop page URL.
 * Short links (m.tb.cn, u.jd.com, …) would need a network round trip and are refused with a clear message.
 * With `union` given, the result must belong to it (a bare id is taken as that union's item).
 */
export function parseItem(input: string, union: Union | null = null): ItemRef {
  const s = input.trim();
  if (s === '') throw invalid('请输入商品 ID 或商品链接');
  if (s.length > 2000) throw invalid('商品链接过长');
  let ref: ItemRef | null;
  if (/^\d+$/.test(s)) {
    if (!DIGITS.test(s)) throw invalid('商品 ID 应为 4–20 位数字');
    ref = { platform: union, kind: 'item', id: s };
  } else {
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
    let u: URL;
    try {
      u = new URL(withScheme);
    } catch {
      throw invalid('商品 ID 只能是数字，或粘贴完整的商品链接');
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw invalid('商品链接必须是 http:// 或 https:// 开头');
    if (!u.hostname.includes('.')) throw invalid('商品 ID 只能是数字，或粘贴完整的商品链接');
    ref = fromUrl(u);
    if (!ref) throw invalid('无法识别的商品链接：支持淘宝、天猫、京东、拼多多的商品详情页或店铺链接');
  }
  if (union !== null && ref.platform !== union) {
    throw invalid(`该链接属于${UNION_LABEL[ref.platform!]}，与所选商品平台（${UNION_LABEL[union]}）不一致`);
  }
  return ref;
}
