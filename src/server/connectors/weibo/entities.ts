/**
 * 微博 entities (bububa/biz-weibo): 广告系列 `GET /v3/campaigns` → 广告计划 `GET /v3/ads` → 创意 `GET /v4/creatives` are
 * our campaign → plan → creative, each with `advertiser_id` (unless the token's own account), `page`, `page_size`.
 * Campaigns and ads answer flat `{list, total, page_total, page, page_size}` (model/campaign/campaigns.go,
 * model/ad/ads.go); creatives wrap it in `data` (model/creative/creatives.go). Money in yuan (numbers or quoted:
 * model.Float64); ids uint64. Statuses: campaign `configured_status` 0 暂停 / 1 开启 / 9 删除 (enum/configured_status.go);
 * ad `effective_status` (enum/effective_status.go); creative `effective_status` (enum/creative_effective_status.go).
 * Ads carry the landing page and the monitor in `subject` (`obj_url` / `url_h5`, `monitor_api`: model/ad/subject.go);
 * a creative's ad is `ad.id`. Creatives have no name in the answer.
 */
import { parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { AdEntity, EntityLevel, NormalStatus, Page } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorKit, nextCursor, pageOf, str } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { advertiserQuery } from './accounts.ts';
import { asObject, dataOf, listOf, weiboCall } from './envelope.ts';
import { WEIBO_PATHS } from './table.ts';

const AD: Record<string, NormalStatus> = {
  '-1': 'done',
  '-99': 'deleted',
  '1': 'not_started',
  '2': 'delivering',
  '3': 'paused',
  '5': 'other',
  '6': 'paused',
  '7': 'balance_exceed',
  '8': 'budget_exceed',
  '9': 'budget_exceed',
  '10': 'budget_exceed',
  '11': 'other',
};
const CREATIVE: Record<string, NormalStatus> = {
  '0': 'auditing',
  '1': 'delivering',
  '2': 'rejected',
  '3': 'other',
  '4': 'paused',
  '6': 'other',
  '7': 'not_started',
  '9': 'deleted',
  '12': 'other',
  '13': 'other',
};
export function weiboStatus(level: EntityLevel, raw: string): NormalStatus {
  if (level === 'campaign') return raw === '1' ? 'delivering' : raw === '0' ? 'paused' : raw === '9' ? 'deleted' : 'other';
  return (level === 'plan' ? AD : CREATIVE)[raw] ?? 'other';
}

const money = (v: unknown) => (Number(v) ? yuanToFen(v) : null);
const time = (v: unknown) => {
  const t = parseChinaTime(str(v));
  return Number.isNaN(t) ? undefined : t;
};

function toEntity(level: EntityLevel, advertiserId: string, r: Record<string, unknown>): AdEntity {
  const id = idOf(r.id);
  if (!id) throw new ConnectorError('weibo', 'protocol', '微博实体缺少 id');
  const configured = str(r.configured_status);
  const raw = level === 'campaign' ? configured : str(r.effective_status);
  const deleted = Number(r.is_recycled) === 1;
  const subject = asRecord(r.subject);
  return {
    level,
    id,
    advertiserId,
    parentId: (level === 'plan' ? idOf(r.campaign_id) : level === 'creative' ? idOf(asRecord(r.ad).id) : '') || null,
    name: str(r.name),
    rawStatus: raw,
    status: deleted ? 'deleted' : weiboStatus(level, raw),
    enabled: configured === '1',
    budgetFen: level === 'creative' ? null : money(r.daily_budget),
    bidFen: level === 'plan' ? money(r.bid_amount) : null,
    landingUrl: str(subject.obj_url) || str(subject.url_h5) || undefined,
    clickMonitorUrl: str(subject.monitor_api) || undefined,
    createdAt: time(r.created_at),
    updatedAt: time(r.updated_at),
  };
}

const PATH: Record<EntityLevel, string> = { campaign: WEIBO_PATHS.campaigns, plan: WEIBO_PATHS.ads, creative: WEIBO_PATHS.creatives };

export async function weiboEntities(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: EntityLevel,
  cursor: string | null,
): Promise<Page<AdEntity>> {
  const page = pageOf(cursor);
  const size = Math.min(cfg.pageSize ?? 100, 100);
  const query = { ...(await advertiserQuery(cfg, kit, token, advertiserId)), page, page_size: size };
  const answer = await weiboCall(cfg, kit, { method: 'GET', path: PATH[level], token, query });
  const body = level === 'creative' ? dataOf(answer, 'v4/creatives') : asObject(answer, PATH[level]);
  const items = listOf(body, PATH[level]).map((r) => toEntity(level, advertiserId, r));
  const pages = Number(body.page_total) || Math.ceil(Number(body.total ?? 0) / size);
  return { items, next: nextCursor(page, pages) };
}

/** ad id → campaign id for the given ads (`/v3/ads?ids=[…]`), for the report's rows. */
export async function weiboAdCampaigns(cfg: ConnectorConfig, kit: ConnectorKit, token: string, advertiserId: string, ids: string[]) {
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    const query = { ...(await advertiserQuery(cfg, kit, token, advertiserId)), ids: `[${batch.join(',')}]`, page: 1, page_size: 100 };
    const r = asObject(await weiboCall(cfg, kit, { method: 'GET', path: WEIBO_PATHS.ads, token, query }), 'v3/ads');
    for (const a of listOf(r, 'v3/ads')) out.set(idOf(a.id), idOf(a.campaign_id));
  }
  return out;
}
