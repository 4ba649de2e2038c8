/**
 * 磁力引擎 (快手) connector: 广告计划 → 广告组 → 创意 are our campaign → plan → creative. Real hosts: apiBase
 * `https://ad.e.kuaishou.com` (calls under `/rest/openapi/`), authBase `https://developers.e.kuaishou.com`,
 * postbackBase `http://ad.partner.gifshow.com`. Budgets and bids travel in 厘, report charge in yuan.
 */
import { rawId } from '../../../shared/lossless-json.ts';
import type { AdPlatformConnector } from '../ad-platform.ts';
import { accessToken, type ConnectorConfig, type ConnectorDeps, connectorKit, unsupported } from '../common.ts';
import type { FetchLike } from '../http.ts';
import { fenToLi } from '../money.ts';
import { kuaishouEntities } from './entities.ts';
import { kuaishouAdvertisers, kuaishouAuthorizeUrl, kuaishouToken } from './oauth.ts';
import { kuaishouPostback } from './postback.ts';
import { kuaishouHourly } from './reports.ts';
import { kuaishouBudget, kuaishouChange, kuaishouStatusUpdate } from './status.ts';

export function createKuaishouConnector(cfg: ConnectorConfig, fetchImpl?: FetchLike, deps?: ConnectorDeps): AdPlatformConnector {
  const kit = connectorKit('kuaishou', cfg, fetchImpl, deps);
  const token = (auth: Parameters<AdPlatformConnector['listAdvertisers']>[0]) => accessToken('kuaishou', auth);
  return {
    platform: 'kuaishou',
    authKind: 'oauth',
    levels: ['campaign', 'plan', 'creative'],
    authorizeUrl: (p) => kuaishouAuthorizeUrl(cfg, p),
    exchangeCode: (code) => kuaishouToken(cfg, kit, { auth_code: code }),
    refresh: (refreshToken) => kuaishouToken(cfg, kit, { refresh_token: refreshToken }),
    listAdvertisers: (auth) => kuaishouAdvertisers(cfg, kit, token(auth)),
    listEntities: (auth, adv, level, cursor) => kuaishouEntities(cfg, kit, token(auth), adv, level, cursor),
    hourlyReport: (auth, adv, from, to) => kuaishouHourly(cfg, kit, token(auth), adv, from, to),
    updateStatus: (auth, adv, level, ids, enable) => kuaishouStatusUpdate(cfg, kit, token(auth), adv, level, ids, enable),
    updateBudget: async (auth, adv, level, id, budgetFen) => {
      if (level === 'creative') throw unsupported('kuaishou', '快手创意没有预算');
      return kuaishouBudget(cfg, kit, token(auth), adv, level, id, budgetFen);
    },
    updateBid: async (auth, adv, level, id, bidFen) => {
      if (level !== 'plan') throw unsupported('kuaishou', '快手仅支持修改广告组出价');
      return kuaishouChange(
        cfg,
        kit,
        token(auth),
        'v1/ad_unit/update/bid',
        { advertiser_id: rawId(adv), unit_id: rawId(id), bid: fenToLi(bidFen) },
        id,
      );
    },
    postback: (_auth, conv) => kuaishouPostback(cfg, kit, conv),
  };
}
