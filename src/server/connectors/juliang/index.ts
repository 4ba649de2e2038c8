/**
 * 巨量引擎 (Ocean Engine) connector. Per advertiser account, whichever model it is on (`model.ts`): Marketing API v2
 * — 广告组 → 广告计划 → 创意 as our campaign → plan → creative — or 升级版 v3.0 — 项目 → 广告 as campaign → plan (no
 * creative level). Real hosts: apiBase `https://api.oceanengine.com/open_api` (oceanengine/ad_open_sdk_go
 * config/configuration.go; `https://ad.oceanengine.com/open_api` serves v2 as well), authBase
 * `https://open.oceanengine.com`, postbackBase `https://analytics.oceanengine.com/api/v2`.
 */

import type { AdPlatformConnector } from '../ad-platform.ts';
import { accessToken, type ConnectorConfig, type ConnectorDeps, connectorKit, unsupported } from '../common.ts';
import type { FetchLike } from '../http.ts';
import { juliangEntities } from './entities.ts';
import { juliangV3Entities } from './entities-v3.ts';
import { modelCache } from './model.ts';
import { juliangAdvertisers, juliangAuthorizeUrl, juliangToken } from './oauth.ts';
import { juliangPostback } from './postback.ts';
import { juliangHourly } from './reports.ts';
import { juliangV3Hourly } from './reports-v3.ts';
import { juliangPlanChange, juliangStatusUpdate } from './status.ts';
import { juliangV3Bid, juliangV3Budget, juliangV3Status } from './status-v3.ts';

export function createJuliangConnector(cfg: ConnectorConfig, fetchImpl?: FetchLike, deps?: ConnectorDeps): AdPlatformConnector {
  const kit = connectorKit('juliang', cfg, fetchImpl, deps);
  const modelOf = modelCache(kit);
  const token = (auth: Parameters<AdPlatformConnector['listAdvertisers']>[0]) => accessToken('juliang', auth);
  const v3 = async (t: string, adv: string) => (await modelOf(cfg, t, adv)) === 'v3';
  return {
    platform: 'juliang',
    authKind: 'oauth',
    levels: ['campaign', 'plan', 'creative'],
    authorizeUrl: (p) => juliangAuthorizeUrl(cfg, p),
    exchangeCode: async (code) => {
      const grant = await juliangToken(cfg, kit, { grant_type: 'auth_code', auth_code: code });
      const advertisers = await juliangAdvertisers(cfg, kit, grant.accessToken);
      return { ...grant, advertisers, advertiserIds: advertisers.map((a) => a.advertiserId) };
    },
    refresh: (refreshToken) => juliangToken(cfg, kit, { grant_type: 'refresh_token', refresh_token: refreshToken }),
    listAdvertisers: (auth) => juliangAdvertisers(cfg, kit, token(auth)),
    listEntities: async (auth, adv, level, cursor) =>
      (await v3(token(auth), adv))
        ? juliangV3Entities(cfg, kit, token(auth), adv, level, cursor)
        : juliangEntities(cfg, kit, token(auth), adv, level, cursor),
    hourlyReport: async (auth, adv, from, to) =>
      (await v3(token(auth), adv))
        ? juliangV3Hourly(cfg, kit, token(auth), adv, from, to)
        : juliangHourly(cfg, kit, token(auth), adv, from, to),
    updateStatus: async (auth, adv, level, ids, enable) => {
      if (!(await v3(token(auth), adv))) return juliangStatusUpdate(cfg, kit, token(auth), adv, level, ids, enable);
      if (level === 'creative') throw unsupported('juliang', '巨量升级版没有创意层级');
      return juliangV3Status(cfg, kit, token(auth), adv, level, ids, enable);
    },
    updateBudget: async (auth, adv, level, id, budgetFen) => {
      if (await v3(token(auth), adv)) {
        if (level === 'creative') throw unsupported('juliang', '巨量升级版没有创意层级');
        return juliangV3Budget(cfg, kit, token(auth), adv, level, id, budgetFen);
      }
      if (level !== 'plan') throw unsupported('juliang', '巨量 v2 仅支持修改广告计划预算');
      if (budgetFen === null) return { id, ok: false, message: '巨量广告计划预算不能改为不限' };
      return juliangPlanChange(cfg, kit, token(auth), adv, id, 'budget', budgetFen);
    },
    updateBid: async (auth, adv, level, id, bidFen) => {
      if (level !== 'plan') throw unsupported('juliang', '巨量仅支持修改广告计划（升级版：广告）出价');
      return (await v3(token(auth), adv))
        ? juliangV3Bid(cfg, kit, token(auth), adv, id, bidFen)
        : juliangPlanChange(cfg, kit, token(auth), adv, id, 'bid', bidFen);
    },
    postback: (_auth, conv) => juliangPostback(cfg, kit, conv),
  };
}
