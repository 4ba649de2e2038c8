/**
 * UC 汇川 (ucid) connector: no OAuth — each call carries the account's username/password/token
 * (`CallAuth.kind === 'credentials'`). 推广组 → 推广计划 → 创意 are our campaign → plan → creative. Real host:
 * apiBase `https://e.uc.cn` (calls under `/api/`; some accounts use `https://e.uc.cn/shc`), postbackBase
 * `https://huichuan.uc.cn`. Sources: disv5/opensdk (uc/, Go: paths, header/body, answers), CloudyCity/uc-marketing-sdk
 * (PHP: paths, failures, quota, the GB2312 CSV); fixtures in tests/fixtures/platforms/ucid/. Facts missing from the
 * public sources live in `table.ts`.
 */

import { idOf } from '../../../shared/lossless-json.ts';
import type { AdPlatformConnector, CallAuth } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorDeps, connectorKit, str, unsupported } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import type { FetchLike } from '../http.ts';
import { ucEntities } from './entities.ts';
import { ucCredentials, ucPost } from './envelope.ts';
import { ucPostback } from './postback.ts';
import { ucHourly } from './reports.ts';
import { ucCampaignChange, ucPaused } from './status.ts';
import { UC_TABLE } from './table.ts';

export type UcConnectorConfig = Pick<ConnectorConfig, 'apiBase' | 'postbackBase' | 'http' | 'pageSize'> & { reportPollMs?: number };

export function createUcidConnector(cfg: UcConnectorConfig, fetchImpl?: FetchLike, deps?: ConnectorDeps): AdPlatformConnector {
  const full: ConnectorConfig = { appId: '', appSecret: '', authBase: '', ...cfg };
  const kit = connectorKit('ucid', full, fetchImpl, deps);
  const creds = (auth: CallAuth | null): CallAuth => (ucCredentials(auth), auth!);
  const noOAuth = () => unsupported('ucid', 'UC 汇川没有 OAuth，账户以用户名、密码和 token 接入');
  return {
    platform: 'ucid',
    authKind: 'credentials',
    levels: ['campaign', 'plan', 'creative'],
    authorizeUrl: () => {
      throw noOAuth();
    },
    exchangeCode: async () => {
      throw noOAuth();
    },
    refresh: async () => {
      throw noOAuth();
    },
    /** `account/getAccount` → `accountInfoType {userId, userName, …}` (disv5/opensdk uc/model/account/get_account_response.go). */
    listAdvertisers: async (auth) => {
      const a = asRecord((await ucPost(full, kit, creds(auth), 'account/getAccount')).accountInfoType);
      if (!idOf(a.userId)) throw new ConnectorError('ucid', 'protocol', 'UC account/getAccount 的应答缺少 accountInfoType.userId');
      return [{ advertiserId: idOf(a.userId), name: str(a.userName) }];
    },
    listEntities: (auth, adv, level, cursor) => ucEntities(full, kit, creds(auth), adv, level, cursor),
    hourlyReport: (auth, adv, from, to) => ucHourly(full, kit, creds(auth), adv, from, to, cfg.reportPollMs ?? UC_TABLE.pollMs),
    updateStatus: (auth, _adv, level, ids, enable) => ucPaused(full, kit, creds(auth), level, ids, enable),
    updateBudget: async (auth, _adv, level, id, budgetFen) => {
      if (level !== 'plan') throw unsupported('ucid', 'UC 仅支持修改推广计划预算');
      return ucCampaignChange(full, kit, creds(auth), 'budget', id, budgetFen ?? 0);
    },
    updateBid: async (auth, _adv, level, id, bidFen) => {
      if (level !== 'plan') throw unsupported('ucid', 'UC 仅支持修改推广计划出价');
      return ucCampaignChange(full, kit, creds(auth), 'bid', id, bidFen);
    },
    postback: (_auth, conv) => ucPostback(full, kit, conv),
  };
}
