/**
 * 小红书 conversion postback (bububa/spotlight-mapi@326295b api/conversion/conversion.go, model/conversion/request.go):
 * `POST {apiBase}/api/open/conversion` without the `Access-Token` header, `{app_id, access_token, event_type,
 * timestamp (ms), click_id, context: {ad: {callback_param}, product: {order_id, order_count, pay_amount}}}`.
 * `app_id` and `access_token` are **not** the OAuth app and token: 小红书 operations issue them
 * (`XIAOHONGSHU_CONVERSION_APP_ID` / `_TOKEN`, `ConnectorConfig.conversion`). The order and its amount go under
 * `context.product` (淘宝: one 子订单 per conversion, 购买件数 1). Event codes (enum/event_type.go): 1 商品成交,
 * 141 付费. `pay_amount` is an integer; its unit is not documented (we send fen).
 */

import type { Conversion } from '../ad-platform.ts';
import type { ConnectorConfig, ConnectorKit } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { xiaohongshuPost } from './envelope.ts';

export const XIAOHONGSHU_EVENTS: Record<Conversion['event'], number> = { order: 1, pay: 141 };

export async function xiaohongshuPostback(cfg: ConnectorConfig, kit: ConnectorKit, conv: Conversion): Promise<void> {
  if (!cfg.conversion)
    throw new ConnectorError(
      'xiaohongshu',
      'protocol',
      '未配置小红书转化回传凭证（XIAOHONGSHU_CONVERSION_APP_ID / XIAOHONGSHU_CONVERSION_TOKEN，由小红书运营提供）',
    );
  await xiaohongshuPost(cfg, kit, null, 'conversion', {
    app_id: cfg.conversion.appId,
    access_token: cfg.conversion.token,
    event_type: XIAOHONGSHU_EVENTS[conv.event],
    timestamp: conv.timeMs,
    click_id: conv.clickId ?? conv.callback,
    context: {
      ad: { callback_param: conv.callback },
      product: { order_id: conv.orderId, order_count: 1, pay_amount: conv.amountFen },
    },
  });
}
