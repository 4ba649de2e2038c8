/**
 * What each platform does with a conversion sent twice, from its own SDK or documentation — and so what the
 * product promises (docs/attribution.md "Postback guarantees"). A platform no source says dedupes is taken not to.
 * - dedupes: an interrupted send (the node died mid-call, or the call timed out) is sent again with the same key;
 *   the platform keeps one: at-least-once sending is exactly-once receiving.
 * - does not: the send is never repeated blindly. A call that may have arrived becomes 待确认 (`in_doubt`) until a
 *   person settles it (已收到 / 重新发送; postback-settle.ts) — at most once. None of the sources offers a query to
 *   learn whether one conversion arrived, so no platform query settles it.
 */
import { AD_PLATFORMS } from '../../shared/ad-platforms.ts';

export interface PostbackGuarantee {
  /** The field the platform dedupes on ('' when it does not). */
  key: string;
  source: string;
}

const c = AD_PLATFORMS;

/** By the channel code of the ad platform the `ad` route posts to. */
export const AD_POSTBACK_GUARANTEE: Readonly<Record<number, PostbackGuarantee>> = {
  [c.juliang]: {
    key: 'properties.order_id',
    source: 'bububa/oceanengine marketing-api/model/conversion/request.go @e3ac8d5: "OrderID 订单id…系统会根据订单id辅助去重"',
  },
  [c.tengxun]: {
    key: 'actions[].outer_action_id',
    source: 'https://developers.e.qq.com/v3.0/docs/api/user_actions/add: outer_action_id "用来标识一个行为，可以用于转化、OCPA 等去重使用"',
  },
  [c.kuaishou]: {
    key: '',
    source:
      'bububa/kwai-marketing-api model/track/activate_request.go @3c6f336: callback, event_type, event_time, purchase_amount — no id, no dedupe',
  },
  [c.ucid]: { key: '', source: 'CloudyCity/uc-marketing-sdk @fb11b29 has no conversion call; the click callback URL carries no order id' },
  [c.xiaohongshu]: {
    key: '',
    source:
      'bububa/spotlight-mapi model/conversion/request.go @326295b: context.product.order_id is sent, nothing says repeats are dropped',
  },
  [c.weibo]: {
    key: '',
    source: 'bububa/biz-weibo model/track/activate.go @ac4cc0c: item_order_pay.order_id is sent, nothing says repeats are dropped',
  },
};

/** 阿里妈妈 UD relaying a conversion (route `ud`). */
export const UD_POSTBACK_GUARANTEE: PostbackGuarantee = {
  key: '',
  source:
    'bububa/opentaobao metadata/assets/patch/tbtrade/alibaba.ud.udsmartdata.get.json @3a362f9: order_id is required, nothing says repeats are dropped',
};

export function postbackGuarantee(route: string, channel: number): PostbackGuarantee {
  if (route === 'ud') return UD_POSTBACK_GUARANTEE;
  return AD_POSTBACK_GUARANTEE[channel] ?? { key: '', source: 'no source' };
}

/** Whether a repeat of this postback is dropped by the platform (then an interrupted send is simply sent again). */
export const platformDedupes = (route: string, channel: number): boolean => postbackGuarantee(route, channel).key !== '';
