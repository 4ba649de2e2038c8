/**
 * 巨量 conversion postback: `POST {postbackBase}/conversion` (analytics.oceanengine.com/api/v2) with the
 * click's `callback` (the `__CALLBACK_PARAM__` value, or the landing `clickid`), a millisecond `timestamp`
 * and the order in `properties` (`pay_amount` in fen). No token: the callback identifies the click.
 */

import type { Conversion } from '../ad-platform.ts';
import { type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { juliangData } from './envelope.ts';

/** Our events → 巨量 event_type (e-commerce off-site: an order placed, a purchase paid). */
export const JULIANG_EVENTS: Record<Conversion['event'], string> = { order: 'in_app_order', pay: 'shopping' };

export async function juliangPostback(cfg: ConnectorConfig, kit: ConnectorKit, conv: Conversion): Promise<void> {
  if (!cfg.postbackBase) throw new ConnectorError('juliang', 'protocol', '未配置巨量转化回传地址（JULIANG_POSTBACK_BASE）');
  await kit.http.call(
    {
      method: 'POST',
      url: `${trimBase(cfg.postbackBase)}/conversion`,
      json: {
        event_type: JULIANG_EVENTS[conv.event],
        context: { ad: { callback: conv.callback } },
        timestamp: conv.timeMs,
        properties: { pay_amount: conv.amountFen, order_id: conv.orderId },
      },
    },
    juliangData,
  );
}
