/**
 * 微博 changes (bububa/biz-weibo): on/off through `POST /v3/campaigns/update-status` and `/v3/ads/update-status`
 * `{advertiser_id?, ids, configured_status: 0 | 1}` answering a bare array `[{campaign_id | ad_id, status (bool),
 * error_message}]`, and `POST /v4/creatives/update_status_batch {advertiser_id?, creative_ids, configured_status}`
 * answering `{data: [{creative_id, status, error_message}]}` (model/{campaign,ad}/update_status.go,
 * model/creative/update_status_batch.go). A campaign's daily budget through `POST /v3/campaigns/{id} {advertiser_id?,
 * id, budget_type: 2 (日预算), daily_budget (yuan, 0 = 不限)}` (model/campaign/update.go, enum/budget_type.go). The SDK
 * has no call to change an ad's bid: the connector offers none.
 */
import { chunks } from '../../../shared/chunks.ts';
import { idOf, rawId, rawIds } from '../../../shared/lossless-json.ts';
import { fenToYuan } from '../../../shared/money.ts';
import type { ChangeResult, EntityLevel } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorKit, refusedAll, str } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { advertiserQuery } from './accounts.ts';
import { weiboCall } from './envelope.ts';
import { WEIBO_PATHS } from './table.ts';

const STATUS = {
  campaign: { path: WEIBO_PATHS.campaignStatus, ids: 'ids', id: 'campaign_id' },
  plan: { path: WEIBO_PATHS.adStatus, ids: 'ids', id: 'ad_id' },
  creative: { path: WEIBO_PATHS.creativeStatus, ids: 'creative_ids', id: 'creative_id' },
} as const;

export async function weiboStatusUpdate(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: EntityLevel,
  ids: string[],
  enable: boolean,
): Promise<ChangeResult[]> {
  const s = STATUS[level];
  const out: ChangeResult[] = [];
  for (const batch of chunks(ids, 100)) {
    try {
      const adv = await advertiserQuery(cfg, kit, token, advertiserId);
      const json = {
        ...(adv.advertiser_id ? { advertiser_id: rawId(adv.advertiser_id) } : {}),
        [s.ids]: rawIds(batch),
        configured_status: enable ? 1 : 0,
      };
      const answer = await weiboCall(cfg, kit, { method: 'POST', path: s.path, token, json });
      const list = level === 'creative' ? asRecord(answer).data : answer;
      if (!Array.isArray(list)) throw new ConnectorError('weibo', 'protocol', `微博 ${s.path} 的应答不是结果列表`);
      const results = new Map(list.map((x) => asRecord(x)).map((r) => [idOf(r[s.id]), r]));
      for (const id of batch) {
        const r = results.get(id);
        if (!r) throw new ConnectorError('weibo', 'protocol', `微博 ${s.path} 的应答没有 ${id} 的结果`);
        out.push(r.status === true ? { id, ok: true } : { id, ok: false, message: str(r.error_message) || '平台拒绝了修改' });
      }
    } catch (err) {
      out.push(...refusedAll(batch, err));
    }
  }
  return out;
}

export async function weiboCampaignBudget(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  id: string,
  budgetFen: number | null,
): Promise<ChangeResult> {
  try {
    const adv = await advertiserQuery(cfg, kit, token, advertiserId);
    const json = {
      ...(adv.advertiser_id ? { advertiser_id: rawId(adv.advertiser_id) } : {}),
      id: rawId(id),
      budget_type: 2,
      daily_budget: budgetFen === null ? 0 : fenToYuan(budgetFen),
    };
    await weiboCall(cfg, kit, { method: 'POST', path: `${WEIBO_PATHS.campaigns}/${id}`, token, json });
    return { id, ok: true };
  } catch (err) {
    return refusedAll([id], err)[0]!;
  }
}
