/**
 * 微博超级粉丝通 connector, the current management API (bububa/biz-weibo): 广告系列 → 广告计划 → 创意 are our campaign →
 * plan → creative. Real host: apiBase and authBase `https://api.biz.weibo.com`. The paths are the SDK's
 * (`table.ts` names the file of each); fixtures in tests/fixtures/platforms/weibo/. `reportHost` is the `host` a
 * conversion names (our public domain).
 */

import type { AdPlatformConnector, CallAuth } from '../ad-platform.ts';
import { accessToken, type ConnectorConfig, type ConnectorDeps, connectorKit, unsupported } from '../common.ts';
import type { FetchLike } from '../http.ts';
import { weiboAdvertisers } from './accounts.ts';
import { weiboCampaignBudget, weiboStatusUpdate } from './changes.ts';
import { weiboEntities } from './entities.ts';
import { weiboAuthorizeUrl, weiboExchange, weiboRefresh } from './oauth.ts';
import { weiboPostback } from './postback.ts';
import { weiboHourly } from './reports.ts';

export type WeiboConnectorConfig = ConnectorConfig & { reportHost?: string };

export function createWeiboConnector(cfg: WeiboConnectorConfig, fetchImpl?: FetchLike, deps?: ConnectorDeps): AdPlatformConnector {
  const kit = connectorKit('weibo', cfg, fetchImpl, deps);
  const token = (auth: CallAuth | null) => accessToken('weibo', auth);
  return {
    platform: 'weibo',
    authKind: 'oauth',
    levels: ['campaign', 'plan', 'creative'],
    authorizeUrl: (p) => weiboAuthorizeUrl(cfg, p),
    exchangeCode: (code, redirectUri) => weiboExchange(cfg, kit, code, redirectUri),
    refresh: (refreshToken) => weiboRefresh(cfg, kit, refreshToken),
    listAdvertisers: (auth) => weiboAdvertisers(cfg, kit, token(auth)),
    listEntities: (auth, adv, level, cursor) => weiboEntities(cfg, kit, token(auth), adv, level, cursor),
    hourlyReport: (auth, adv, from, to) => weiboHourly(cfg, kit, token(auth), adv, from, to),
    updateStatus: (auth, adv, level, ids, enable) => weiboStatusUpdate(cfg, kit, token(auth), adv, level, ids, enable),
    updateBudget: async (auth, adv, level, id, budgetFen) => {
      if (level !== 'campaign') throw unsupported('weibo', '微博仅支持修改广告系列预算');
      return weiboCampaignBudget(cfg, kit, token(auth), adv, id, budgetFen);
    },
    /** The SDK has no call that changes an ad's bid (model/ad: list and detail only). */
    updateBid: async () => {
      throw unsupported('weibo', '微博开放接口没有修改广告出价的调用');
    },
    postback: (auth, conv) => weiboPostback(cfg, kit, token(auth), cfg.reportHost, conv),
  };
}
