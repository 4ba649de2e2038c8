import { yuanToFen } from '../../../shared/money.ts';
import type { ConvertRequest, ItemConversion, TaobaoTracking } from '../affiliate.ts';
import { list, obj } from '../affiliate-http.ts';
import { int, percentToBp, str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { type TopClientConfig, topCall } from './top.ts';

/**
 * 淘宝联盟 conversion: item facts from `taobao.tbk.item.info.get`, the tracked link from
 * `taobao.tbk.dg.general.link.convert` (item_dto / shop_dto) on this link's adzone (+ relation / special id).
 * The 二合一 coupon link is used as the promotion URL when the item has a coupon, else the CPS link.
 */
export interface TaobaoPid {
  memberId: string;
  siteId: string;
  adzoneId: string;
}

/** "mm_{member}_{site}_{adzone}" → its three parts; null when malformed. */
export function parseTaobaoPid(pid: string): TaobaoPid | null {
  const m = /^mm_(\d+)_(\d+)_(\d+)$/.exec(pid.trim());
  return m ? { memberId: m[1]!, siteId: m[2]!, adzoneId: m[3]! } : null;
}

const httpsImage = (url: string): string => (url.startsWith('//') ? `https:${url}` : url);

function refusedMaterial(entry: Record<string, unknown>): ConnectorError | null {
  const code = int(entry.code);
  if (code === 0) return null;
  return new ConnectorError('taobao', 'refused', `淘宝联盟转链失败：${str(entry.msg) || '该商品暂不支持推广'}（${code}）`, String(code));
}

export async function convertTaobao(cfg: TopClientConfig, pid: TaobaoPid, req: ConvertRequest): Promise<ItemConversion> {
  const adzoneId = req.adzoneId || pid.adzoneId;
  const tracking: TaobaoTracking = {
    union: 'taobao',
    pid: `mm_${pid.memberId}_${pid.siteId}_${adzoneId}`,
    siteId: pid.siteId,
    adzoneId,
    relationId: req.relationId ?? '',
    specialId: req.specialId ?? '',
  };
  const linkParams = { adzone_id: adzoneId, relation_id: req.relationId, special_id: req.specialId, biz_scene_id: '1' };
  if (req.kind === 'shop') {
    const data = obj((await topCall(cfg, 'taobao.tbk.dg.general.link.convert', { ...linkParams, shop_dto: [{ shop_id: req.id }] })).data);
    const entry = list(data.shop_url_list)[0];
    if (!entry) throw new ConnectorError('taobao', 'refused', '淘宝联盟转链失败：未返回店铺链接', 'empty');
    const refused = refusedMaterial(entry);
    if (refused) throw refused;
    const link = obj(entry.link_info_dto);
    return {
      platform: 2,
      kind: 'shop',
      itemid: '',
      shopid: req.id,
      title: `淘宝店铺 ${req.id}`,
      image: '',
      price: 0,
      coupon: null,
      detail_url: `https://shop${req.id}.taobao.com`,
      promotion_url: str(link.cps_short_url) || str(link.cps_long_url),
      commissionRateBp: 0,
      tracking,
    };
  }
  const info = list((await topCall(cfg, 'taobao.tbk.item.info.get', { num_iids: req.id, platform: 2 })).results)[0];
  if (!info) throw new ConnectorError('taobao', 'refused', '淘宝联盟未找到该商品，或该商品不参与推广', 'not_found');
  const data = obj((await topCall(cfg, 'taobao.tbk.dg.general.link.convert', { ...linkParams, item_dto: [{ item_id: req.id }] })).data);
  const entry = list(data.item_url_list)[0];
  if (!entry) throw new ConnectorError('taobao', 'refused', '淘宝联盟转链失败：未返回商品链接', 'empty');
  const refused = refusedMaterial(entry);
  if (refused) throw refused;
  const link = obj(entry.link_info_dto);
  const couponInfo = obj(entry.coupon_info_dto);
  const couponFen = yuanToFen(couponInfo.coupon_amount);
  const couponLink = str(link.coupon_short_url) || str(link.coupon_long_url);
  return {
    platform: 2,
    kind: 'item',
    itemid: req.id,
    shopid: str(info.seller_id),
    title: str(info.title),
    image: httpsImage(str(info.pict_url)),
    price: yuanToFen(info.zk_final_price) || yuanToFen(info.reserve_price),
    coupon: couponFen > 0 && couponLink ? { amount: couponFen, link: couponLink } : null,
    detail_url: `https://item.taobao.com/item.htm?id=${req.id}`,
    promotion_url: (couponFen > 0 && couponLink) || str(link.cps_short_url) || str(link.cps_long_url),
    commissionRateBp: percentToBp(obj(entry.promotion_info_dto).commission_rate),
    tracking,
  };
}
