/**
 * 腾讯 3.0 entities: `adgroups/get` (广告: our campaign, budget and bid in fen, `system_status`) and
 * `dynamic_creatives/get` (创意: our plan, with `impression_tracking_url` / `click_tracking_url` and the
 * creative-set approval status). `fields` is required; at most 100 per page. Sources: TencentAd/marketing-api-go-sdk
 * docs/v3/AdgroupsGetListStruct.md, DynamicCreativesGetListStruct.md, pkg/model/v3/model_calc_ad_group_status.go,
 * model_creative_set_approval_status.go (fixtures adgroups-get.json, dynamic-creatives-get.json).
 */
import { idOf } from '../../../shared/lossless-json.ts';
import type { AdEntity, EntityLevel, NormalStatus, Page } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorKit, nextCursor, pageOf, str, trimBase } from '../common.ts';
import { tengxunAuthQuery, tengxunData, tengxunList } from './envelope.ts';

const ADGROUP: Record<string, NormalStatus> = {
  ACTIVE: 'delivering',
  PARTIAL_ACTIVE: 'delivering',
  USING: 'delivering',
  SUSPEND: 'paused',
  STOP: 'paused',
  ADGROUP_STATUS_STOP: 'paused',
  FROZEN: 'other',
  DELETED: 'deleted',
  NOT_IN_DELIVERY_TIME: 'outside_schedule',
  ACCOUNT_BALANCE_NOT_ENOUGH: 'balance_exceed',
  DAILY_BUDGET_REACHED: 'budget_exceed',
  TOTAL_BUDGET_REACHED: 'budget_exceed',
  JOINT_BUDGET_REACHED: 'budget_exceed',
  CREATIVE_STATUS_PENDING: 'auditing',
  CREATIVE_EMPTY: 'other',
};
const APPROVAL: Record<string, NormalStatus> = {
  CREATIVE_SET_APPROVAL_STATUS_PENDING: 'auditing',
  CREATIVE_SET_APPROVAL_STATUS_DENIED: 'rejected',
};

/** `ADGROUP_STATUS_X` and its smart variant `SMART_ADGROUP_STATUS_X` normalise alike. */
export function tengxunAdgroupStatus(raw: string): NormalStatus {
  return ADGROUP[raw.replace(/^(SMART_)?ADGROUP_STATUS_/, '')] ?? 'other';
}
export function tengxunCreativeStatus(approval: string, enabled: boolean): NormalStatus {
  return APPROVAL[approval] ?? (enabled ? 'delivering' : 'paused');
}

const LEVELS: Partial<Record<EntityLevel, { path: string; fields: string[] }>> = {
  campaign: {
    path: 'adgroups/get',
    fields: [
      'adgroup_id',
      'adgroup_name',
      'configured_status',
      'system_status',
      'daily_budget',
      'bid_amount',
      'created_time',
      'last_modified_time',
      'is_deleted',
    ],
  },
  plan: {
    path: 'dynamic_creatives/get',
    fields: [
      'adgroup_id',
      'dynamic_creative_id',
      'dynamic_creative_name',
      'configured_status',
      'creative_set_approval_status',
      'impression_tracking_url',
      'click_tracking_url',
      'page_track_url',
      'created_time',
      'last_modified_time',
      'is_deleted',
    ],
  },
};

function toEntity(level: EntityLevel, advertiserId: string, r: Record<string, unknown>): AdEntity {
  const enabled = r.configured_status === 'AD_STATUS_NORMAL';
  const times = { createdAt: Number(r.created_time) || undefined, updatedAt: Number(r.last_modified_time) || undefined };
  if (level === 'campaign') {
    const raw = str(r.system_status);
    return {
      level,
      id: idOf(r.adgroup_id),
      advertiserId,
      parentId: null,
      name: str(r.adgroup_name),
      rawStatus: raw,
      status: r.is_deleted === true ? 'deleted' : tengxunAdgroupStatus(raw),
      enabled,
      budgetFen: Number(r.daily_budget) || null,
      bidFen: Number(r.bid_amount) || null,
      ...times,
    };
  }
  const raw = str(r.creative_set_approval_status);
  return {
    level,
    id: idOf(r.dynamic_creative_id),
    advertiserId,
    parentId: idOf(r.adgroup_id) || null,
    name: str(r.dynamic_creative_name),
    rawStatus: raw,
    status: r.is_deleted === true ? 'deleted' : tengxunCreativeStatus(raw, enabled),
    enabled,
    budgetFen: null,
    bidFen: null,
    showMonitorUrl: str(r.impression_tracking_url) || undefined,
    clickMonitorUrl: str(r.click_tracking_url) || undefined,
    landingUrl: str(r.page_track_url) || undefined,
    ...times,
  };
}

export async function tengxunEntities(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: EntityLevel,
  cursor: string | null,
): Promise<Page<AdEntity>> {
  const spec = LEVELS[level];
  if (!spec) return { items: [], next: null };
  const page = pageOf(cursor);
  const d = await kit.http.call(
    {
      method: 'GET',
      url: `${trimBase(cfg.apiBase)}/v3.0/${spec.path}`,
      fresh: () => ({ query: tengxunAuthQuery(token, kit.now()) }),
      query: {
        account_id: advertiserId,
        page,
        page_size: Math.min(cfg.pageSize ?? 100, 100),
        fields: JSON.stringify(spec.fields),
      },
    },
    tengxunData,
  );
  const { list, totalPage } = tengxunList(d, spec.path);
  return { items: list.map((r) => toEntity(level, advertiserId, asRecord(r))), next: nextCursor(page, totalPage) };
}
