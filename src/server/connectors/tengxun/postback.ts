/**
 * 腾讯 conversion postback through the click's `__CALLBACK__` URL (URL-encoded in the monitor URL, decoded
 * once by the tracking side): `POST {callback}` with `{actions: [{outer_action_id, action_time (s),
 * action_type, trace: {click_id}, action_param: {value (fen)}}]}`. The URL comes from a click, so it is
 * only followed when it lies under the configured postback base (default `https://tracking.e.qq.com`):
 * anything else is refused (no SSRF through a forged click).
 */

import type { Conversion } from '../ad-platform.ts';
import { allowedCallback, type ConnectorConfig, type ConnectorKit } from '../common.ts';
import { tengxunData } from './envelope.ts';

export const TENGXUN_ACTIONS: Record<Conversion['event'], string> = { order: 'COMPLETE_ORDER', pay: 'PURCHASE' };

export async function tengxunPostback(cfg: ConnectorConfig, kit: ConnectorKit, conv: Conversion): Promise<void> {
  const url = allowedCallback('tengxun', conv.callback, cfg.postbackBase);
  await kit.http.call(
    {
      method: 'POST',
      url: url.toString(),
      json: {
        actions: [
          {
            outer_action_id: conv.orderId,
            action_time: Math.floor(conv.timeMs / 1000),
            action_type: TENGXUN_ACTIONS[conv.event],
            trace: { click_id: conv.clickId ?? url.searchParams.get('click_id') ?? '' },
            action_param: { value: conv.amountFen },
          },
        ],
      },
    },
    tengxunData,
  );
}
