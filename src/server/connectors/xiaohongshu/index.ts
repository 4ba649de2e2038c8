/**
 * 小红书聚光 connector: 计划 → 单元 → 创意 are our campaign → plan → creative. Real hosts: apiBase
 * `https://adapi.xiaohongshu.com` (calls under `/api/open/`), authBase `https://ad.xiaohongshu.com`.
 * The authorised accounts come with the token (`TokenGrant.advertisers`); 小红书 has no list call.
 */
import { rawId } from '../../../shared/lossless-json.ts';
import type { AdPlatformConnector } from '../ad-platform.ts';
import { accessToken, type ConnectorConfig, type ConnectorDeps, connectorKit, unsupported } from '../common.ts';
import type { FetchLike } from '../http.ts';
import { xiaohongshuEntities } from './entities.ts';
import { xiaohongshuAuthorizeUrl, xiaohongshuToken } from './oauth.ts';
import { xiaohongshuPostback } from './postback.ts';
import { xiaohongshuHourly } from './reports.ts';
import { xiaohongshuChange, xiaohongshuStatusUpdate } from './status.ts';

export function createXiaohongshuConnector(cfg: ConnectorConfig, fetchImpl?: FetchLike, deps?: ConnectorDeps): AdPlatformConnector {
  const kit = connectorKit('xiaohongshu', cfg, fetchImpl, deps);
  const token = (auth: Parameters<AdPlatformConnector['listAdvertisers']>[0]) => accessToken('xiaohongshu', auth);
  return {
    platform: 'xiaohongshu',
    authKind: 'oauth',
    levels: ['campaign', 'plan', 'creative'],
    authorizeUrl: (p) => xiaohongshuAuthorizeUrl(cfg, p),
    exchangeCode: (code) => xiaohongshuToken(cfg, kit, { auth_code: code }),
    refresh: (refreshToken) => xiaohongshuToken(cfg, kit, { refresh_token: refreshToken }),
    listAdvertisers: async () => {
      throw unsupported('xiaohongshu', '小红书不提供授权账户列表：账户随授权令牌返回（TokenGrant.advertisers）');
    },
    listEntities: (auth, adv, level, cursor) => xiaohongshuEntities(cfg, kit, token(auth), adv, level, cursor),
    hourlyReport: (auth, adv, from, to) => xiaohongshuHourly(cfg, kit, token(auth), adv, from, to),
    updateStatus: (auth, adv, level, ids, enable) => xiaohongshuStatusUpdate(cfg, kit, token(auth), adv, level, ids, enable),
    updateBudget: async (auth, adv, level, id, budgetFen) => {
      if (level !== 'campaign') throw unsupported('xiaohongshu', '小红书仅支持修改计划日预算');
      const body = budgetFen === null ? { limit_day_budget: 0 } : { limit_day_budget: 1, campaign_day_budget: budgetFen };
      return xiaohongshuChange(
        cfg,
        kit,
        token(auth),
        'jg/campaign/update',
        { advertiser_id: rawId(adv), campaign_id: rawId(id), ...body },
        id,
      );
    },
    updateBid: async (auth, adv, level, id, bidFen) => {
      if (level !== 'plan') throw unsupported('xiaohongshu', '小红书仅支持修改单元出价');
      return xiaohongshuChange(
        cfg,
        kit,
        token(auth),
        'jg/unit/update',
        { advertiser_id: rawId(adv), unit_id: rawId(id), event_bid: bidFen },
        id,
      );
    },
    postback: (_auth, conv) => xiaohongshuPostback(cfg, kit, conv),
  };
}
