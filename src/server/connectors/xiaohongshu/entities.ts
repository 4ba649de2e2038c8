/**
 * 小红书 entities: `jg/campaign/list` (计划: our campaign; `campaign_filter_state`, day budget in fen),
 * `jg/unit/list` (单元: our plan; `enable`, `event_bid` in fen, landing URL), `jg/creativity/search` (创意,
 * carrying `click_urls[]` / `expo_urls[]` monitors). Campaigns and creatives page with
 * `page: {page_index, page_size}`, units with `page`/`page_size`; at most 100 a page.
 */

import { parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import type { AdEntity, EntityLevel, NormalStatus, Page } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, nextCursor, pageOf, str } from '../common.ts';
import { xiaohongshuPost } from './envelope.ts';

const CAMPAIGN: Record<string, NormalStatus> = {
  '1': 'delivering',
  '2': 'paused',
  '3': 'deleted',
  '4': 'budget_exceed',
  '5': 'balance_exceed',
  '7': 'budget_exceed',
  '8': 'outside_schedule',
};
const CREATIVE: Record<string, NormalStatus> = {
  '1': 'deleted',
  '3': 'paused',
  '4': 'paused',
  '5': 'paused',
  '8': 'delivering',
  '9': 'other',
  '10': 'not_started',
  '11': 'done',
  '12': 'outside_schedule',
};

/** Raw status of a level: campaign_filter_state, unit enable, creativity_status (audit first: 1 审核中, 3 审核拒绝). */
export function xiaohongshuStatus(level: EntityLevel, raw: string, audit?: string): NormalStatus {
  if (level === 'campaign') return CAMPAIGN[raw] ?? 'other';
  if (level === 'plan') return raw === '1' ? 'delivering' : raw === '0' ? 'paused' : 'other';
  if (audit === '1') return 'auditing';
  if (audit === '3') return 'rejected';
  return CREATIVE[raw] ?? 'other';
}

const time = (v: unknown) => {
  const t = parseChinaTime(str(v));
  return Number.isNaN(t) ? undefined : t;
};

export async function xiaohongshuEntities(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: EntityLevel,
  cursor: string | null,
): Promise<Page<AdEntity>> {
  const page = pageOf(cursor);
  const size = Math.min(cfg.pageSize ?? 100, 100);
  const adv = rawId(advertiserId);
  if (level === 'campaign') {
    const d = await xiaohongshuPost(cfg, kit, token, 'jg/campaign/list', {
      advertiser_id: adv,
      page: { page_index: page, page_size: size },
    });
    const items = asArray(d.base_campaign_dtos)
      .map(asRecord)
      .map(
        (r): AdEntity => ({
          level,
          id: idOf(r.campaign_id),
          advertiserId,
          parentId: null,
          name: str(r.campaign_name),
          rawStatus: str(r.campaign_filter_state),
          status: xiaohongshuStatus(level, str(r.campaign_filter_state)),
          enabled: r.campaign_enable === 1,
          budgetFen: r.limit_day_budget === 1 ? Number(r.campaign_day_budget) : null,
          bidFen: null,
          createdAt: time(r.campaign_create_time),
        }),
      );
    return { items, next: nextCursor(page, Math.ceil(Number(asRecord(d.page).total_count ?? 0) / size)) };
  }
  if (level === 'plan') {
    const d = await xiaohongshuPost(cfg, kit, token, 'jg/unit/list', { advertiser_id: adv, page, page_size: size });
    const items = asArray(d.unit_infos)
      .map(asRecord)
      .map(
        (r): AdEntity => ({
          level,
          id: idOf(r.id),
          advertiserId,
          parentId: idOf(r.campaign_id) || null,
          name: str(r.name),
          rawStatus: str(r.enable),
          status: xiaohongshuStatus(level, str(r.enable)),
          enabled: r.enable === 1,
          budgetFen: null,
          bidFen: Number(r.event_bid) || null,
          landingUrl: str(r.landing_page_url) || undefined,
          createdAt: time(r.create_time),
          updatedAt: time(r.update_time),
        }),
      );
    return { items, next: nextCursor(page, Math.ceil(Number(d.total_count ?? 0) / size)) };
  }
  const d = await xiaohongshuPost(cfg, kit, token, 'jg/creativity/search', {
    advertiser_id: adv,
    page: { page_index: page, page_size: size },
  });
  const items = asArray(d.creativity_dtos)
    .map(asRecord)
    .map(
      (r): AdEntity => ({
        level,
        id: idOf(r.creative_id),
        advertiserId,
        parentId: idOf(r.unit_id) || null,
        name: str(r.creative_name),
        rawStatus: str(r.creativity_status),
        status: xiaohongshuStatus(level, str(r.creativity_status), str(r.audit_status)),
        enabled: r.creativity_enable === 1,
        budgetFen: null,
        bidFen: null,
        clickMonitorUrl: str(asArray(r.click_urls)[0]) || undefined,
        showMonitorUrl: str(asArray(r.expo_urls)[0]) || undefined,
        landingUrl: str(r.jump_url) || undefined,
        materialType: str(r.material_type) || undefined,
        createdAt: time(r.creativity_create_time),
      }),
    );
  return { items, next: nextCursor(page, Math.ceil(Number(asRecord(d.page).total_count ?? 0) / size)) };
}
