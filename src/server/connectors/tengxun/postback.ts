/**
 * 腾讯 conversion postback through the click's `__CALLBACK__` (URL-decoded once by the tracking side; 每次点击唯一，
 * 作为上报地址使用). The callback comes in two documented forms (tests/fixtures/platforms/tengxun/conversion-callback.json):
 * - `http://tracking.e.qq.com/conv?cb=…&conv_id=…` (developers.e.qq.com/docs/guide/conversion/api);
 * - `https://api.e.qq.com/v3.0/user_actions/add?cb=…&conv_id=…` (or `link_id`; datanexus.qq.com …/trackingcgi_to_mktapi).
 * Since 2025-03-31 腾讯 takes conversions only over HTTPS and authenticated (headers `access_token`, `timestamp`,
 * `nonce`), so either form is posted to the configured endpoint — `{postbackBase}/conv` or
 * `{apiBase}/v3.0/user_actions/add`, HTTPS on the real hosts — with the callback's query and the advertiser's token.
 * A callback naming any other host or path is refused before any request (no SSRF through a forged click).
 * Body `{actions: [{outer_action_id, action_time (s), action_type, trace: {click_id}, action_param: {value}}]}`;
 * 腾讯 dedupes on `outer_action_id` (选填，若上报可能有重复请填写该 id，系统会根据该 ID 进行去重): we send the order id.
 */
import type { Conversion } from '../ad-platform.ts';
import { type ConnectorConfig, type ConnectorKit, callbackEndpoint, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { tengxunAuthQuery, tengxunData } from './envelope.ts';

/** ActionType values (TencentAd/marketing-api-go-sdk pkg/model/v3/model_action_type.go): 下单, 付费. */
export const TENGXUN_ACTIONS: Record<Conversion['event'], string> = { order: 'COMPLETE_ORDER', pay: 'PURCHASE' };

export const tengxunCallbackEndpoints = (cfg: ConnectorConfig): string[] => [
  `${trimBase(cfg.postbackBase ?? 'https://tracking.e.qq.com')}/conv`,
  `${trimBase(cfg.apiBase)}/v3.0/user_actions/add`,
];

export async function tengxunPostback(cfg: ConnectorConfig, kit: ConnectorKit, token: string, conv: Conversion): Promise<void> {
  const url = callbackEndpoint('tengxun', conv.callback, tengxunCallbackEndpoints(cfg));
  if (!url.searchParams.get('cb')) throw new ConnectorError('tengxun', 'refused', '回传地址缺少 cb 参数（点击的 __CALLBACK__ 不完整）');
  if (!token) throw new ConnectorError('tengxun', 'protocol', '腾讯回传需要广告账户的授权令牌（HTTPS + access_token 鉴权）');
  await kit.http.call(
    {
      method: 'POST',
      url: url.toString(),
      fresh: () => {
        const auth = tengxunAuthQuery(token, kit.now());
        return { headers: { access_token: auth.access_token, timestamp: String(auth.timestamp), nonce: auth.nonce } };
      },
      json: {
        actions: [
          {
            outer_action_id: conv.orderId,
            action_time: Math.floor(conv.timeMs / 1000),
            action_type: TENGXUN_ACTIONS[conv.event],
            ...(conv.clickId ? { trace: { click_id: conv.clickId } } : {}),
            action_param: { value: conv.amountFen },
          },
        ],
      },
    },
    tengxunData,
  );
}
