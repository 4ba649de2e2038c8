import type { ConversionView } from '../../shared/affiliate.ts';
import { Code } from '../../shared/codes.ts';
import type { AffiliateConnectors, ConvertRequest, ItemConversion } from '../connectors/affiliate.ts';
import { ConnectorError } from '../connectors/errors.ts';
import { AppError } from '../kernel/errors.ts';
import { errorFields, log } from '../kernel/log.ts';
import type { ItemRef, Union } from './items.ts';

/** Link platform code of a shop's union → the union connector that converts its items. */
export const CONNECTOR_OF: Record<Union, 'taobao' | 'jd' | 'pdd'> = { 2: 'taobao', 3: 'jd', 5: 'pdd' };

/** The per-link ids of a conversion (淘宝 adzone, 京东 subUnionId / position, 拼多多 custom_parameters uid / p_id). */
export type LinkIds = Omit<ConvertRequest, 'kind' | 'id'>;

/**
 * Convert through the union's connector. The union refusing the item (not in the union, a bad id) answers 4000 with
 * the union's own words; anything else (network, protocol, an unconfigured union) is a clear 5020 without details.
 */
export async function convertThrough(
  affiliates: AffiliateConnectors,
  ref: ItemRef & { platform: Union },
  ids: LinkIds = {},
): Promise<ItemConversion> {
  const union = CONNECTOR_OF[ref.platform];
  try {
    return await affiliates[union].convert({ kind: ref.kind, id: ref.id, ...ids });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ConnectorError && err.kind === 'refused' && err.platformCode !== 'not_configured')
      throw new AppError(Code.invalidInput, err.message);
    log.warn('affiliate conversion failed', { union, ...errorFields(err) });
    throw new AppError(Code.upstreamFailed, '商品转链失败：联盟接口暂时不可用，请稍后再试');
  }
}

/** What `/tfc/*` answers: the conversion without the per-link ids (ConversionView, src/shared/affiliate.ts). */
export function conversionView(c: ItemConversion): ConversionView {
  return {
    platform: c.platform,
    kind: c.kind,
    itemid: c.itemid,
    shopid: c.shopid,
    title: c.title,
    image: c.image,
    price: c.price,
    coupon: c.coupon,
    detail_url: c.detail_url,
    promotion_url: c.promotion_url,
  };
}
