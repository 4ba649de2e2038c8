/**
 * 巨量 升级版 (v3.0) entities: 项目 `GET v3.0/project/list/` is our campaign, 广告 `GET v3.0/promotion/list/` our plan;
 * there is no creative level (materials belong to the 广告). `page`/`page_size` (1–10) → `data.list`,
 * `page_info.total_page`. Sources: oceanengine/ad_open_sdk_go@9283cb7 (api_project_list_v30.go,
 * api_promotion_list_v30.go, models/model_{project,promotion}_list_v3_0_*.go), bububa/oceanengine@e3ac8d5
 * model/v3/{project,promotion}/list.go (the page_size range).
 * - Project: `project_id`, `name`, `status_first` PROJECT_STATUS_ENABLE|DISABLE|DONE|DELETE with `status_second[]`
 *   (STOP, BUDGET_EXCEED, NOT_START, NO_SCHEDULE, REACH_DAILY_DELIVERY), `opt_status` ENABLE|DISABLE,
 *   `delivery_setting.{budget (yuan), budget_mode}`, `track_url_setting.{track_url[], action_track_url[]}` (the monitors).
 * - Promotion: `promotion_id`, `project_id`, `promotion_name`, `status_first` PROMOTION_STATUS_ENABLE|DISABLE|FROZEN|
 *   DONE|DELETED with `status_second[]` (AUDIT, REAUDIT, AUDIT_DENY, DISABLED, PROJECT_DISABLED, OFFLINE_BALANCE, …),
 *   `opt_status`, `budget`/`budget_mode`, `bid`/`cpa_bid` (yuan), `promotion_materials.external_url_material_list[]`.
 * The raw status kept is the second-level reason when there is one (prefixed PROMOTION_STATUS_ for promotions).
 */

import { parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { AdEntity, EntityLevel, NormalStatus, Page } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, nextCursor, pageOf, str, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { juliangData } from './envelope.ts';

/** The v3.0 lists take at most 10 a page (bububa model/v3/{project,promotion}/list.go: page_size 范围 1-10). */
export const V3_PAGE = 10;

const PROJECT: Record<string, NormalStatus> = {
  PROJECT_STATUS_ENABLE: 'delivering',
  PROJECT_STATUS_DISABLE: 'paused',
  PROJECT_STATUS_STOP: 'paused',
  PROJECT_STATUS_BUDGET_EXCEED: 'budget_exceed',
  PROJECT_STATUS_BUDGET_PRE_OFFLINE_BUDGET: 'budget_exceed',
  PROJECT_STATUS_REACH_DAILY_DELIVERY: 'budget_exceed',
  PROJECT_STATUS_NOT_START: 'not_started',
  PROJECT_STATUS_NO_SCHEDULE: 'outside_schedule',
  PROJECT_STATUS_DONE: 'done',
  PROJECT_STATUS_DELETE: 'deleted',
};
const PROMOTION: Record<string, NormalStatus> = {
  PROMOTION_STATUS_ENABLE: 'delivering',
  PROMOTION_STATUS_DISABLE: 'paused',
  PROMOTION_STATUS_DONE: 'done',
  PROMOTION_STATUS_DELETED: 'deleted',
  PROMOTION_STATUS_AUDIT: 'auditing',
  PROMOTION_STATUS_REAUDIT: 'auditing',
  PROMOTION_STATUS_AUDIT_DENY: 'rejected',
  PROMOTION_STATUS_DISABLED: 'paused',
  PROMOTION_STATUS_PROJECT_DISABLED: 'paused',
  PROMOTION_STATUS_NO_SCHEDULE: 'outside_schedule',
  PROMOTION_STATUS_TIME_NO_REACH: 'not_started',
  PROMOTION_STATUS_OFFLINE_BALANCE: 'balance_exceed',
  PROMOTION_STATUS_BALANCE_OFFLINE_BUDGET: 'balance_exceed',
  PROMOTION_STATUS_PROMOTION_OFFLINE_BUDGET: 'budget_exceed',
  PROMOTION_STATUS_PROJECT_OFFLINE_BUDGET: 'budget_exceed',
  PROMOTION_STATUS_BUDGET_GROUP_OFFLINE_BUDGET: 'budget_exceed',
  PROMOTION_STATUS_PROJECT_REACH_DAILY_DELIVERY: 'budget_exceed',
};

/** The raw status of a v3 entity: the first second-level reason, else the first-level status. */
export function v3RawStatus(level: 'campaign' | 'plan', r: Record<string, unknown>): string {
  const second = str(asArray(r.status_second)[0]);
  const first = str(r.status_first) || str(r.status);
  if (!second) return first;
  return level === 'plan' && !second.startsWith('PROMOTION_STATUS_') ? `PROMOTION_STATUS_${second}` : second;
}
export const juliangV3Status = (level: EntityLevel, raw: string): NormalStatus =>
  (level === 'campaign' ? PROJECT[raw] : PROMOTION[raw]) ?? 'other';

const time = (v: unknown) => {
  const t = parseChinaTime(str(v));
  return Number.isNaN(t) ? undefined : t;
};
const first = (v: unknown) => str(asArray(v)[0]) || undefined;
const yuanOrNull = (v: unknown) => (v === undefined || v === null || Number(v) <= 0 ? null : yuanToFen(v));

function toEntity(level: 'campaign' | 'plan', advertiserId: string, r: Record<string, unknown>): AdEntity {
  const raw = v3RawStatus(level, r);
  const base = { level, advertiserId, rawStatus: raw, status: juliangV3Status(level, raw), enabled: r.opt_status === 'ENABLE' };
  if (level === 'campaign') {
    const d = asRecord(r.delivery_setting);
    const track = asRecord(r.track_url_setting);
    return {
      ...base,
      id: idOf(r.project_id),
      parentId: null,
      name: str(r.name),
      budgetFen: d.budget_mode === 'BUDGET_MODE_INFINITE' ? null : yuanOrNull(d.budget),
      bidFen: null,
      showMonitorUrl: first(track.track_url),
      clickMonitorUrl: first(track.action_track_url),
      createdAt: time(r.project_create_time),
      updatedAt: time(r.project_modify_time),
    };
  }
  return {
    ...base,
    id: idOf(r.promotion_id),
    parentId: idOf(r.project_id) || null,
    name: str(r.promotion_name),
    budgetFen: yuanOrNull(r.budget),
    bidFen: yuanOrNull(r.bid) ?? yuanOrNull(r.cpa_bid),
    landingUrl: first(asRecord(r.promotion_materials).external_url_material_list),
    createdAt: time(r.promotion_create_time),
    updatedAt: time(r.promotion_modify_time),
  };
}

export async function juliangV3Entities(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: EntityLevel,
  cursor: string | null,
): Promise<Page<AdEntity>> {
  if (level === 'creative') return { items: [], next: null };
  const page = pageOf(cursor);
  const d = await kit.http.call(
    {
      method: 'GET',
      url: `${trimBase(cfg.apiBase)}/${level === 'campaign' ? 'v3.0/project/list/' : 'v3.0/promotion/list/'}`,
      query: { advertiser_id: advertiserId, page, page_size: V3_PAGE },
      headers: { 'Access-Token': token },
    },
    juliangData,
  );
  if (d.list !== undefined && !Array.isArray(d.list)) throw new ConnectorError('juliang', 'protocol', '巨量 v3.0 列表的 list 不是数组');
  return {
    items: asArray(d.list).map((r) => toEntity(level, advertiserId, asRecord(r))),
    next: nextCursor(page, Number(asRecord(d.page_info).total_page ?? 0)),
  };
}
