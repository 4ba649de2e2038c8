/**
 * 快手 entities: `v1/campaign/list` (广告计划: our campaign), `v1/ad_unit/list` (广告组: our plan, with the
 * landing `url`, `day_budget` and `bid` in 厘), `v1/creative/list` (创意, carrying the monitors
 * `impression_url` / `click_track_url`). Paged by `page`/`page_size` with `total_count`; `details` may be
 * absent on an empty page (`omitempty`). Source: bububa/kwai-marketing-api@3c6f336 model/{campaign,unit,creative}/
 * (list_request.go, list_response.go, unit.go, creative.go); fixtures tests/fixtures/platforms/kuaishou/.
 */

import { parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import type { AdEntity, EntityLevel, NormalStatus, Page } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, nextCursor, pageOf, str } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { liToFen } from '../money.ts';
import { kuaishouPost } from './envelope.ts';

/** ad_unit `status` (model/unit/unit.go): -1 不限, 1 计划已暂停, 3 计划超预算, 6 余额不足, 11 审核中, 12 审核未通过, 14 已结束, 15 已暂停, 17 组超预算, 19 未达投放时间, 20 有效 (22 不在投放时段: the creative list's filter). */
const UNIT: Record<string, NormalStatus> = {
  '1': 'paused',
  '3': 'budget_exceed',
  '6': 'balance_exceed',
  '11': 'auditing',
  '12': 'rejected',
  '14': 'done',
  '15': 'paused',
  '17': 'budget_exceed',
  '19': 'not_started',
  '20': 'delivering',
  '22': 'outside_schedule',
};
/**
 * creative `status` (model/creative/creative.go, list_request.go): the unit's codes as they reach the creative (组…),
 * plus the creative's own: 40 已删除, 41 审核中, 42 审核未通过, 46 已暂停, 52 投放中, 53 作品异常,
 * 54 视频审核通过可投放滑滑场景, 55 部分素材审核失败. 52, not 20, is delivering.
 */
const CREATIVE: Record<string, NormalStatus> = {
  '1': 'paused',
  '3': 'budget_exceed',
  '6': 'balance_exceed',
  '11': 'auditing',
  '12': 'rejected',
  '14': 'done',
  '15': 'paused',
  '17': 'budget_exceed',
  '19': 'not_started',
  '22': 'outside_schedule',
  '40': 'deleted',
  '41': 'auditing',
  '42': 'rejected',
  '46': 'paused',
  '52': 'delivering',
  '53': 'other',
  '54': 'delivering',
  '55': 'other',
};
/** campaign `status` (no source documents its values; the sandbox's reading): 1 已暂停, 3 超预算, 4 有效, 5 已删除, 6 余额不足. */
const CAMPAIGN: Record<string, NormalStatus> = {
  '1': 'paused',
  '3': 'budget_exceed',
  '4': 'delivering',
  '5': 'deleted',
  '6': 'balance_exceed',
};

export const kuaishouStatus = (level: EntityLevel, raw: string): NormalStatus =>
  (level === 'campaign' ? CAMPAIGN[raw] : level === 'plan' ? UNIT[raw] : CREATIVE[raw]) ?? 'other';

const PATHS: Record<EntityLevel, string> = { campaign: 'v1/campaign/list', plan: 'v1/ad_unit/list', creative: 'v1/creative/list' };
const time = (v: unknown) => {
  const t = parseChinaTime(str(v));
  return Number.isNaN(t) ? undefined : t;
};

function toEntity(level: EntityLevel, advertiserId: string, r: Record<string, unknown>): AdEntity {
  const raw = str(r.status);
  const common = {
    level,
    advertiserId,
    rawStatus: raw,
    status: r.put_status === 3 ? ('deleted' as const) : kuaishouStatus(level, raw),
    enabled: r.put_status === 1,
    createdAt: time(r.create_time),
    updatedAt: time(r.update_time),
  };
  const budget = Number(r.day_budget) ? liToFen(r.day_budget) : null;
  if (level === 'campaign')
    return { ...common, id: idOf(r.campaign_id), parentId: null, name: str(r.campaign_name), budgetFen: budget, bidFen: null };
  if (level === 'plan') {
    return {
      ...common,
      id: idOf(r.unit_id),
      parentId: idOf(r.campaign_id) || null,
      name: str(r.unit_name),
      budgetFen: budget,
      bidFen: Number(r.bid) ? liToFen(r.bid) : null,
      landingUrl: str(r.url) || undefined,
    };
  }
  return {
    ...common,
    id: idOf(r.creative_id),
    parentId: idOf(r.unit_id) || null,
    name: str(r.creative_name),
    budgetFen: null,
    bidFen: null,
    showMonitorUrl: str(r.impression_url) || undefined,
    clickMonitorUrl: str(r.click_track_url) || undefined,
    materialType: str(r.creative_material_type) || undefined,
  };
}

export async function kuaishouEntities(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: EntityLevel,
  cursor: string | null,
): Promise<Page<AdEntity>> {
  const page = pageOf(cursor);
  const size = Math.min(cfg.pageSize ?? 100, 500);
  const d = await kuaishouPost(cfg, kit, token, PATHS[level], { advertiser_id: rawId(advertiserId), page, page_size: size });
  if (d.details !== undefined && !Array.isArray(d.details))
    throw new ConnectorError('kuaishou', 'protocol', `快手 ${PATHS[level]} 的 details 不是数组`);
  return {
    items: asArray(d.details).map((r) => toEntity(level, advertiserId, asRecord(r))),
    next: nextCursor(page, Math.ceil(Number(d.total_count ?? 0) / size)),
  };
}
