/**
 * 巨量引擎 (Ocean Engine) connector, Marketing API v2: 广告组 → 广告计划 → 创意 are our campaign → plan →
 * creative. Real hosts: apiBase `https://ad.oceanengine.com/open_api` (or `https://api.oceanengine.com/open_api`),
 * authBase `https://open.oceanengine.com`, postbackBase `https://analytics.oceanengine.com/api/v2`.
 */

import type { AdPlatformConnector } from '../ad-platform.ts';
import { accessToken, type ConnectorConfig, type ConnectorDeps, connectorKit, unsupported } from '../common.ts';
import type { FetchLike } from '../http.ts';
import { juliangEntities } from './entities.ts';
import { juliangAdvertisers, juliangAuthorizeUrl, juliangToken } from './oauth.ts';
import { juliangPostback } from './postback.ts';
import { juliangHourly } from './reports.ts';
import { juliangPlanChange, juliangStatusUpdate } from './status.ts';

export function createJuliangConnector(cfg: ConnectorConfig, fetchImpl?: FetchLike, deps?: ConnectorDeps): AdPlatformConnector {
  const kit = connectorKit('juliang', cfg, fetchImpl, deps);
  const token = (auth: Parameters<AdPlatformConnector['listAdvertisers']>[0]) => accessToken('juliang', auth);
  return {
    platform: 'juliang',
    authKind: 'oauth',
    levels: ['campaign', 'plan', 'creative'],
    authorizeUrl: (p) => juliangAuthorizeUrl(cfg, p),
    exchangeCode: (code) => juliangToken(cfg, kit, { grant_type: 'auth_code', auth_code: code }),
    refresh: (refreshToken) => juliangToken(cfg, kit, { grant_type: 'refresh_token', refresh_token: refreshToken }),
    listAdvertisers: (auth) => juliangAdvertisers(cfg, kit, token(auth)),
    listEntities: (auth, adv, level, cursor) => juliangEntities(cfg, kit, token(auth), adv, level, cursor),
    hourlyReport: (auth, adv, from, to) => juliangHourly(cfg, kit, token(auth), adv, from, to),
    updateStatus: (auth, adv, level, ids, enable) => juliangStatusUpdate(cfg, kit, token(auth), adv, level, ids, enable),
    updateBudget: async (auth, adv, level, id, budgetFen) => {
      if (level !== 'plan') throw unsupported('juliang', '巨量 v2 仅支持修改广告计划预算');
      if (budgetFen === null) return { id, ok: false, message: '巨量广告计划预算不能改为不限' };
      return juliangPlanChange(cfg, kit, token(auth), adv, id, 'budget', budgetFen);
    },
    updateBid: async (auth, adv, level, id, bidFen) => {
      if (level !== 'plan') throw unsupported('juliang', '巨量 v2 仅支持修改广告计划出价');
      return juliangPlanChange(cfg, kit, token(auth), adv, id, 'bid', bidFen);
    },
    postback: (_auth, conv) => juliangPostback(cfg, kit, conv),
  };
}
