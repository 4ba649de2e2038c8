import { yuanToFen } from '../../../shared/money.ts';
import type { ConvertRequest, ItemConversion, JdTracking } from '../affiliate.ts';
import { list, obj } from '../affiliate-http.ts';
import { int, percentToBp, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type JosConfig, jdCall } from './jos.ts';

/**
 * 京东联盟 conversion: item facts from `jd.union.open.goods.query` (goodsReqDTO.skuIds), the tracked link from
 * `jd.union.open.promotion.common.get` (网站/APP: siteId, positionId, subUnionId → clickURL) or, for social-media
 * accounts, `jd.union.open.promotion.bysubunionid.get` (→ shortURL). With the item's best coupon the link is 二合一.
 */
export interface JdLinkSettings {
  siteId: string;
  positionId: string;
  linkMethod: 'common' | 'bysubunionid';
}

const SUB_ID = /^[A-Za-z0-9_-]{1,80}$/;

async function promotionUrl(
  cfg: JosConfig,
  s: JdLinkSettings,
  materialId: string,
  tracking: JdTracking,
  couponUrl: string,
): Promise<string> {
  const req = {
    materialId,
    positionId: tracking.positionId ? Number(tracking.positionId) : undefined,
    subUnionId: tracking.subUnionId || undefined,
    couponUrl: couponUrl || undefined,
  };
  if (s.linkMethod === 'bysubunionid') {
    const data = obj((await jdCall(cfg, 'jd.union.open.promotion.bysubunionid.get', { promotionCodeReq: { ...req, chainType: 3 } })).data);
    return str(data.shortURL) || str(data.clickURL);
  }
  const data = obj((await jdCall(cfg, 'jd.union.open.promotion.common.get', { promotionCodeReq: { ...req, siteId: s.siteId } })).data);
  return str(data.clickURL);
}

export async function convertJd(cfg: JosConfig, s: JdLinkSettings, req: ConvertRequest): Promise<ItemConversion> {
  if (req.subId !== undefined && !SUB_ID.test(req.subId)) {
    throw new ConnectorError('jd', 'refused', '京东联盟子渠道标识只能包含字母、数字、下划线和中划线，最多 80 个字符', 'bad_sub_id');
  }
  const tracking: JdTracking = { union: 'jd', siteId: s.siteId, positionId: req.positionId || s.positionId, subUnionId: req.subId ?? '' };
  if (req.kind === 'shop') {
    const url = await promotionUrl(cfg, s, `https://mall.jd.com/index-${req.id}.html`, tracking, '');
    if (!url) throw new ConnectorError('jd', 'refused', '京东联盟转链失败：未返回推广链接', 'empty');
    return {
      platform: 3,
      kind: 'shop',
      itemid: '',
      shopid: req.id,
      title: `京东店铺 ${req.id}`,
      image: '',
      price: 0,
      coupon: null,
      detail_url: `https://mall.jd.com/index-${req.id}.html`,
      promotion_url: url,
      commissionRateBp: 0,
      tracking,
    };
  }
  const goods = list((await jdCall(cfg, 'jd.union.open.goods.query', { goodsReqDTO: { skuIds: [Number(req.id)] } })).data)[0];
  if (!goods) throw new ConnectorError('jd', 'refused', '京东联盟未找到该商品，或该商品不参与推广', 'not_found');
  const price = obj(goods.priceInfo);
  const coupons = list(obj(goods.couponInfo).couponList);
  const best = coupons.find((c) => int(c.isBest) === 1) ?? coupons[0];
  const couponFen = best ? yuanToFen(best.discount) : 0;
  const detail = `https://item.jd.com/${req.id}.html`;
  const url = await promotionUrl(cfg, s, detail, tracking, couponFen > 0 ? str(best!.link) : '');
  if (!url) throw new ConnectorError('jd', 'refused', '京东联盟转链失败：未返回推广链接', 'empty');
  const image = str(list(obj(goods.imageInfo).imageList)[0]?.url);
  return {
    platform: 3,
    kind: 'item',
    itemid: req.id,
    shopid: str(obj(goods.shopInfo).shopId),
    title: str(goods.skuName),
    image: image.startsWith('//') ? `https:${image}` : image,
    price: yuanToFen(price.lowestPrice) || yuanToFen(price.price),
    coupon: couponFen > 0 ? { amount: couponFen, link: str(best!.link) } : null,
    detail_url: detail,
    promotion_url: url,
    commissionRateBp: percentToBp(obj(goods.commissionInfo).commissionShare),
    tracking,
  };
}
