import type { ConvertRequest, ItemConversion, PddTracking } from '../affiliate.ts';
import { list, obj } from '../affiliate-http.ts';
import { int, permilleToBp, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type PddClientConfig, pddCall } from './client.ts';

/**
 * 拼多多 conversion: the goods (and its goods_sign) from `pdd.ddk.goods.search` with the goods id as keyword, then
 * `pdd.ddk.goods.promotion.url.generate` (p_id, goods_sign_list, custom_parameters); a shop through
 * `pdd.ddk.mall.url.gen` (mall_id, pid; lywzx/pdd-node-sdk src/pddApi/duoDuoKe/PddDdkMallUrlGen.ts @0e3b843). The order
 * echoes p_id and custom_parameters exactly as passed.
 */

/**
 * custom_parameters (bububa/openpdd api/ddk/goods_promotion_url_generate.go @667450d): JSON of at most 64 bytes,
 * `uid` the user (每个用户仅且对应一个标识, required; the pid + uid pair is what 备案 binds), `sid` context, other keys
 * allowed. With a member the link's id goes into sid; without one (links made before the 备案 check) it is the uid.
 */
export function customParameters(subId: string | undefined, memberId?: string): string {
  if (memberId) {
    const json = JSON.stringify(subId ? { uid: memberId, sid: subId } : { uid: memberId });
    if (Buffer.byteLength(json) > 64)
      throw new ConnectorError('pdd', 'refused', '多多进宝自定义参数最长 64 字节，请缩短链接标识', 'custom_parameters_too_long');
    return json;
  }
  if (subId === undefined || subId === '') return '';
  const json = JSON.stringify({ uid: subId });
  if (Buffer.byteLength(json) > 64)
    throw new ConnectorError('pdd', 'refused', '多多进宝自定义参数最长 64 字节，请缩短链接标识', 'custom_parameters_too_long');
  return json;
}

const link = (u: Record<string, unknown>) => str(u.mobile_short_url) || str(u.mobile_url) || str(u.short_url) || str(u.url);

export async function convertPdd(cfg: PddClientConfig, defaultPid: string, req: ConvertRequest): Promise<ItemConversion> {
  const pid = req.pid || defaultPid;
  const custom = customParameters(req.subId, req.memberId);
  const tracking: PddTracking = { union: 'pdd', pid, customParameters: custom };
  if (req.kind === 'shop') {
    const body = await pddCall(
      cfg,
      'pdd.ddk.mall.url.gen',
      { mall_id: req.id, pid, custom_parameters: custom },
      'mall_coupon_generate_url_response',
    );
    const url = list(body.list)[0];
    if (!url || !link(url)) throw new ConnectorError('pdd', 'refused', '多多进宝转链失败：未返回店铺链接', 'empty');
    return {
      platform: 5,
      kind: 'shop',
      itemid: '',
      shopid: req.id,
      title: `拼多多店铺 ${req.id}`,
      image: '',
      price: 0,
      coupon: null,
      detail_url: `https://mobile.yangkeduo.com/mall_page.html?mall_id=${req.id}`,
      promotion_url: link(url),
      commissionRateBp: 0,
      tracking,
    };
  }
  const goods = list(
    (await pddCall(cfg, 'pdd.ddk.goods.search', { keyword: req.id, pid, custom_parameters: custom }, 'goods_search_response')).goods_list,
  )[0];
  if (!goods || !str(goods.goods_sign)) throw new ConnectorError('pdd', 'refused', '多多进宝未找到该商品，或该商品不参与推广', 'not_found');
  const urls = await pddCall(
    cfg,
    'pdd.ddk.goods.promotion.url.generate',
    {
      p_id: pid,
      goods_sign_list: [str(goods.goods_sign)],
      custom_parameters: custom,
      generate_short_url: true,
    },
    'goods_promotion_url_generate_response',
  );
  const url = obj(list(urls.goods_promotion_url_list)[0]);
  if (!link(url)) throw new ConnectorError('pdd', 'refused', '多多进宝转链失败：未返回推广链接', 'empty');
  const couponFen = goods.has_coupon === true || goods.has_coupon === 'true' ? int(goods.coupon_discount) : 0;
  return {
    platform: 5,
    kind: 'item',
    itemid: req.id,
    shopid: str(goods.mall_id),
    title: str(goods.goods_name),
    image: str(goods.goods_image_url) || str(goods.goods_thumbnail_url),
    price: int(goods.min_group_price),
    // The coupon comes with the promotion link itself (多多进宝 links carry it).
    coupon: couponFen > 0 ? { amount: couponFen, link: link(url) } : null,
    detail_url: `https://mobile.yangkeduo.com/goods.html?goods_id=${req.id}`,
    promotion_url: link(url),
    commissionRateBp: permilleToBp(goods.promotion_rate),
    tracking,
  };
}
