/**
 * 微博 conversion (线索 API 数据上报: bububa/biz-weibo model/track/activate.go): `GET /v3/track/activate?advertiser_id?
 * &time (ms)&mark_id&behavior&host[&pay_amount (yuan)]`, Bearer token. `mark_id` is the click's (an empty one counts as
 * natural traffic); `host` is the reporting source — our domain (回传来源，默认请填写您的域名). The SDK sends a paid
 * amount as `pay_amount`. The call carries no order id: 微博 has nothing to dedupe on (an interrupted send cannot be
 * repeated safely). Behaviour codes: `WEIBO_TABLE.behavior` (model/track/behavior.go).
 */

import { fenToYuan } from '../../../shared/money.ts';
import type { Conversion } from '../ad-platform.ts';
import type { ConnectorConfig, ConnectorKit } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { advertiserQuery } from './accounts.ts';
import { weiboCall } from './envelope.ts';
import { WEIBO_PATHS, WEIBO_TABLE } from './table.ts';

export async function weiboPostback(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  host: string | undefined,
  conv: Conversion,
): Promise<void> {
  const markId = conv.clickId || conv.callback;
  if (!markId) throw new ConnectorError('weibo', 'refused', '回传缺少 mark_id（点击标识）');
  await weiboCall(cfg, kit, {
    method: 'GET',
    path: WEIBO_PATHS.track,
    token,
    query: {
      ...(await advertiserQuery(cfg, kit, token, conv.advertiserId)),
      time: conv.timeMs,
      mark_id: markId,
      behavior: WEIBO_TABLE.behavior[conv.event],
      host: host || undefined,
      ...(conv.event === 'pay' && conv.amountFen > 0 ? { pay_amount: fenToYuan(conv.amountFen) } : {}),
    },
  });
}
