/**
 * 腾讯广告 connector, Marketing API v3.0: 广告 (adgroup) → 创意 (dynamic creative) are our campaign → plan
 * (3.0 has no campaign level and no third level). Real hosts: apiBase `https://api.e.qq.com` (tokens at
 * `/oauth/token`, calls under `/v3.0`, authenticated conversions at `/v3.0/user_actions/add`), authBase
 * `https://developers.e.qq.com`, postbackBase `https://tracking.e.qq.com` (host of the `/conv` click callbacks).
 * Every fact has its source beside it; the fixtures are tests/fixtures/platforms/tengxun/.
 */

import type { AdPlatformConnector } from '../ad-platform.ts';
import { accessToken, type ConnectorConfig, type ConnectorDeps, connectorKit, unsupported } from '../common.ts';
import type { FetchLike } from '../http.ts';
import { tengxunTokenAccounts } from './accounts.ts';
import { tengxunEntities } from './entities.ts';
import { tengxunAuthorizeUrl, tengxunExchange, tengxunRefresh } from './oauth.ts';
import { tengxunPostback } from './postback.ts';
import { tengxunHourly } from './reports.ts';
import { tengxunAdgroupBatch, tengxunAdgroupStatus, tengxunCreativeStatus } from './status.ts';

export function createTengxunConnector(cfg: ConnectorConfig, fetchImpl?: FetchLike, deps?: ConnectorDeps): AdPlatformConnector {
  const kit = connectorKit('tengxun', cfg, fetchImpl, deps);
  const token = (auth: Parameters<AdPlatformConnector['listAdvertisers']>[0]) => accessToken('tengxun', auth);
  return {
    platform: 'tengxun',
    authKind: 'oauth',
    levels: ['campaign', 'plan'],
    authorizeUrl: (p) => tengxunAuthorizeUrl(cfg, p),
    exchangeCode: (code, redirectUri) => tengxunExchange(cfg, kit, code, redirectUri),
    refresh: (refreshToken) => tengxunRefresh(cfg, kit, refreshToken),
    /** What a token alone can list (organisation, else agency); a grant's own accounts come with `exchangeCode` (by role). */
    listAdvertisers: (auth) => tengxunTokenAccounts(cfg, kit, token(auth)),
    listEntities: (auth, adv, level, cursor) => tengxunEntities(cfg, kit, token(auth), adv, level, cursor),
    hourlyReport: (auth, adv, from, to) => tengxunHourly(cfg, kit, token(auth), adv, from, to),
    updateStatus: async (auth, adv, level, ids, enable) => {
      if (level === 'campaign') return tengxunAdgroupStatus(cfg, kit, token(auth), adv, ids, enable);
      if (level === 'plan') return tengxunCreativeStatus(cfg, kit, token(auth), adv, ids, enable);
      throw unsupported('tengxun', '腾讯 3.0 没有第三层级');
    },
    updateBudget: async (auth, adv, level, id, budgetFen) => {
      if (level !== 'campaign') throw unsupported('tengxun', '腾讯仅支持修改广告（adgroup）日预算');
      const [r] = await tengxunAdgroupBatch(cfg, kit, token(auth), adv, 'update_daily_budget', 'update_daily_budget_spec', [
        { id, value: { daily_budget: budgetFen ?? 0 } },
      ]);
      return r!;
    },
    updateBid: async (auth, adv, level, id, bidFen) => {
      if (level !== 'campaign') throw unsupported('tengxun', '腾讯仅支持修改广告（adgroup）出价');
      const [r] = await tengxunAdgroupBatch(cfg, kit, token(auth), adv, 'update_bid_amount', 'update_bid_amount_spec', [
        { id, value: { bid_amount: bidFen } },
      ]);
      return r!;
    },
    postback: (auth, conv) => tengxunPostback(cfg, kit, auth?.kind === 'token' ? auth.accessToken : '', conv),
  };
}
