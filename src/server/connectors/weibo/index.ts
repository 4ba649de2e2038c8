/**
 * 微博超级粉丝通 connector (channel 3, the old version's `/api/weibo/*`): 广告系列 → 广告 → 创意 are our campaign →
 * plan → creative. Real host: apiBase and authBase `https://api.biz.weibo.com`. The paths are a table
 * (`table.ts`): the current v3 management paths are not public, so a deployment can set them.
 */

import type { AdPlatformConnector, CallAuth } from '../ad-platform.ts';
import { accessToken, type ConnectorConfig, type ConnectorDeps, connectorKit, unsupported } from '../common.ts';
import type { FetchLike } from '../http.ts';
import {
  type WeiboCtx,
  weiboAuthorizeUrl,
  weiboCustomers,
  weiboEntities,
  weiboHourly,
  weiboMoney,
  weiboPostback,
  weiboPut,
  weiboRefresh,
  weiboStatusUpdate,
  weiboToken,
} from './api.ts';
import { WEIBO_TABLE, type WeiboPaths } from './table.ts';

export type WeiboConnectorConfig = ConnectorConfig & { paths?: Partial<WeiboPaths> };

export function createWeiboConnector(cfg: WeiboConnectorConfig, fetchImpl?: FetchLike, deps?: ConnectorDeps): AdPlatformConnector {
  const ctx: WeiboCtx = { cfg, kit: connectorKit('weibo', cfg, fetchImpl, deps), paths: { ...WEIBO_TABLE.paths, ...cfg.paths } };
  const token = (auth: CallAuth | null) => accessToken('weibo', auth);
  return {
    platform: 'weibo',
    authKind: 'oauth',
    levels: ['campaign', 'plan', 'creative'],
    authorizeUrl: (p) => weiboAuthorizeUrl(ctx, p),
    exchangeCode: (code, redirectUri) => weiboToken(ctx, code, redirectUri),
    refresh: (refreshToken) => weiboRefresh(ctx, refreshToken),
    listAdvertisers: (auth) => weiboCustomers(ctx, token(auth)),
    listEntities: (auth, adv, level, cursor) => weiboEntities(ctx, token(auth), adv, level, cursor),
    hourlyReport: (auth, adv, from, to) => weiboHourly(ctx, token(auth), adv, from, to),
    updateStatus: (auth, adv, level, ids, enable) => weiboStatusUpdate(ctx, token(auth), adv, level, ids, enable),
    updateBudget: async (auth, adv, level, id, budgetFen) => {
      if (level !== 'campaign') throw unsupported('weibo', '微博仅支持修改广告系列预算');
      return weiboPut(
        ctx,
        token(auth),
        adv,
        `${ctx.paths.campaigns}/${id}`,
        { [WEIBO_TABLE.campaignBudgetField]: weiboMoney(budgetFen) },
        id,
      );
    },
    updateBid: async (auth, adv, level, id, bidFen) => {
      if (level !== 'plan') throw unsupported('weibo', '微博仅支持修改广告出价');
      return weiboPut(ctx, token(auth), adv, `${ctx.paths.ads}/${id}`, { [WEIBO_TABLE.adBidField]: weiboMoney(bidFen) }, id);
    },
    postback: (auth, conv) => weiboPostback(ctx, token(auth), conv),
  };
}
