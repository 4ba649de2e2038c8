/**
 * 巨量 v2 entities: `2/campaign/get/` (广告组), `2/ad/get/` (广告计划, with budget/bid in yuan, landing URL,
 * show monitors `track_url[]` and click monitors `action_track_url[]`), `2/creative/get/`. Paged by
 * `page`/`page_size` with `page_info.total_page`. Statuses are kept raw and normalised here.
 */

import { parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { AdEntity, EntityLevel, NormalStatus, Page } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, nextCursor, pageOf, str, trimBase } from '../common.ts';
import { juliangData } from './envelope.ts';

/** AD_STATUS_* (and CREATIVE_STATUS_* with the prefix swapped) → normal status. */
const AD_STATUS: Record<string, NormalStatus> = {
  DELIVERY_OK: 'delivering',
  DISABLE: 'paused',
  CAMPAIGN_DISABLE: 'paused',
  AD_DISABLE: 'paused',
  AUDIT: 'auditing',
  REAUDIT: 'auditing',
  AD_AUDIT: 'auditing',
  AD_REAUDIT: 'auditing',
  CREATE: 'auditing',
  AUDIT_DENY: 'rejected',
  AD_AUDIT_DENY: 'rejected',
  BALANCE_EXCEED: 'balance_exceed',
  BUDGET_EXCEED: 'budget_exceed',
  CAMPAIGN_EXCEED: 'budget_exceed',
  ADVERTISER_BUDGET_EXCEED: 'budget_exceed',
  PRE_OFFLINE_BUDGET: 'budget_exceed',
  CAMPAIGN_PRE_OFFLINE_BUDGET: 'budget_exceed',
  ADVERTISER_PRE_OFFLINE_BUDGET: 'budget_exceed',
  NOT_START: 'not_started',
  NO_SCHEDULE: 'outside_schedule',
  DONE: 'done',
  DELETE: 'deleted',
};
const CAMPAIGN_STATUS: Record<string, NormalStatus> = {
  CAMPAIGN_STATUS_ENABLE: 'delivering',
  CAMPAIGN_STATUS_DISABLE: 'paused',
  CAMPAIGN_STATUS_DELETE: 'deleted',
  CAMPAIGN_STATUS_ADVERTISER_BUDGET_EXCEED: 'budget_exceed',
};

export function juliangStatus(level: EntityLevel, raw: string): NormalStatus {
  if (level === 'campaign') return CAMPAIGN_STATUS[raw] ?? 'other';
  return AD_STATUS[raw.replace(/^(AD|CREATIVE)_STATUS_/, '')] ?? 'other';
}

const PATHS: Record<EntityLevel, string> = { campaign: '2/campaign/get/', plan: '2/ad/get/', creative: '2/creative/get/' };
const time = (v: unknown) => {
  const t = parseChinaTime(str(v));
  return Number.isNaN(t) ? undefined : t;
};
const first = (v: unknown) => str(asArray(v)[0]) || undefined;

function toEntity(level: EntityLevel, advertiserId: string, r: Record<string, unknown>): AdEntity {
  const raw = str(r.status);
  const budget = r.budget_mode === 'BUDGET_MODE_INFINITE' ? null : r.budget === undefined ? null : yuanToFen(r.budget);
  if (level === 'campaign') {
    return {
      level,
      id: idOf(r.id),
      advertiserId,
      parentId: null,
      name: str(r.name),
      rawStatus: raw,
      status: juliangStatus(level, raw),
      enabled: raw === 'CAMPAIGN_STATUS_ENABLE',
      budgetFen: budget,
      bidFen: null,
      createdAt: time(r.campaign_create_time),
      updatedAt: time(r.campaign_modify_time),
    };
  }
  if (level === 'plan') {
    return {
      level,
      id: idOf(r.id),
      advertiserId,
      parentId: idOf(r.campaign_id) || null,
      name: str(r.name),
      rawStatus: raw,
      status: juliangStatus(level, raw),
      enabled: r.opt_status === 'AD_STATUS_ENABLE',
      budgetFen: budget,
      bidFen: r.bid === undefined ? null : yuanToFen(r.bid),
      showMonitorUrl: first(r.track_url),
      clickMonitorUrl: first(r.action_track_url),
      landingUrl: str(r.external_url) || undefined,
      createdAt: time(r.ad_create_time),
      updatedAt: time(r.ad_modify_time),
    };
  }
  return {
    level,
    id: idOf(r.creative_id),
    advertiserId,
    parentId: idOf(r.ad_id) || null,
    name: str(r.title) || idOf(r.creative_id),
    rawStatus: raw,
    status: juliangStatus(level, raw),
    enabled: r.opt_status === 'CREATIVE_STATUS_ENABLE',
    budgetFen: null,
    bidFen: null,
    materialType: str(r.image_mode) || undefined,
    createdAt: time(r.creative_create_time),
    updatedAt: time(r.creative_modify_time),
  };
}

export async function juliangEntities(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: EntityLevel,
  cursor: string | null,
): Promise<Page<AdEntity>> {
  const page = pageOf(cursor);
  const d = await kit.http.call(
    {
      method: 'GET',
      url: `${trimBase(cfg.apiBase)}/${PATHS[level]}`,
      query: { advertiser_id: advertiserId, page, page_size: Math.min(cfg.pageSize ?? 100, 1000) },
      headers: { 'Access-Token': token },
    },
    juliangData,
  );
  const info = asRecord(d.page_info);
  return {
    items: asArray(d.list).map((r) => toEntity(level, advertiserId, asRecord(r))),
    next: nextCursor(page, Number(info.total_page ?? 0)),
  };
}
