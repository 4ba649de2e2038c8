/**
 * 小红书 conversion postback: `POST {apiBase}/api/open/conversion {app_id, access_token, event_type, timestamp (ms),
 * click_id, context: {ad: {callback_param}}, …}`. The platform refuses a conversion reported more than an
 * hour after it happened, so callers should post promptly. Event codes: 1 成交, 101 表单, 141 付费.
 */

import type { CallAuth, Conversion } from '../ad-platform.ts';
import type { ConnectorConfig, ConnectorKit } from '../common.ts';
import { accessToken } from '../common.ts';
import { xiaohongshuPost } from './envelope.ts';

export const XIAOHONGSHU_EVENTS: Record<Conversion['event'], number> = { order: 1, pay: 141 };

export async function xiaohongshuPostback(cfg: ConnectorConfig, kit: ConnectorKit, auth: CallAuth | null, conv: Conversion): Promise<void> {
  await xiaohongshuPost(cfg, kit, null, 'conversion', {
    app_id: cfg.appId,
    access_token: accessToken('xiaohongshu', auth),
    event_type: XIAOHONGSHU_EVENTS[conv.event],
    timestamp: conv.timeMs,
    click_id: conv.clickId ?? conv.callback,
    context: { ad: { callback_param: conv.callback }, order_id: conv.orderId, pay_amount: conv.amountFen },
  });
}
