/**
 * UC entities: 推广组 from `adgroup/getAllAdGroup` (one page), 推广计划 from `campaign/getCampaignByAdGroupId`
 * (≤ 100 adgroup ids a call: the cursor walks those batches), 创意 from `creative/getCreativeByCampaignId`
 * (campaign ids via `campaign/getCampaignIdByAdGroupId`). Plan status codes of spec §4.
 */
import { idOf, rawIds } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { AdEntity, CallAuth, EntityLevel, NormalStatus, Page } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, chunks, str } from '../common.ts';
import { ucPost } from './envelope.ts';

/** 推广计划 (spec §4): 14 投放中, 4 未投放, 16 已终止, 12 已完成, -1 已删除. */
const PLAN: Record<string, NormalStatus> = { '14': 'delivering', '4': 'paused', '16': 'done', '12': 'done', '-1': 'deleted' };
export const ucPlanStatus = (raw: string, paused: boolean): NormalStatus => (paused && raw !== '-1' ? 'paused' : (PLAN[raw] ?? 'other'));
const CREATIVE: Record<string, NormalStatus> = { '0': 'delivering', '1': 'auditing', '2': 'paused', '3': 'rejected' };

const money = (v: unknown) => (Number(v) ? yuanToFen(v) : null);

async function adGroupIds(cfg: ConnectorConfig, kit: ConnectorKit, auth: CallAuth): Promise<string[]> {
  return asArray((await ucPost(cfg, kit, auth, 'adgroup/getAllAdGroupID', {})).adGroupIds).map(idOf);
}

export async function ucEntities(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  auth: CallAuth,
  advertiserId: string,
  level: EntityLevel,
  cursor: string | null,
): Promise<Page<AdEntity>> {
  if (level === 'campaign') {
    const b = await ucPost(cfg, kit, auth, 'adgroup/getAllAdGroup', {});
    const items = asArray(b.adGroupTypes)
      .map(asRecord)
      .map(
        (r): AdEntity => ({
          level,
          id: idOf(r.adGroupId),
          advertiserId,
          parentId: null,
          name: str(r.adGroupName),
          rawStatus: str(r.status),
          status: r.paused === true ? 'paused' : 'delivering',
          enabled: r.paused !== true,
          budgetFen: money(r.budget),
          bidFen: null,
        }),
      );
    return { items, next: null };
  }
  const index = Number(cursor ?? '0') || 0;
  let parents = await adGroupIds(cfg, kit, auth);
  if (level === 'creative')
    parents = asArray((await ucPost(cfg, kit, auth, 'campaign/getCampaignIdByAdGroupId', { adGroupIds: rawIds(parents) })).campaignIds).map(
      idOf,
    );
  const batches = chunks(parents, 100);
  const batch = batches[index] ?? [];
  if (!batch.length) return { items: [], next: null };
  const next = index + 1 < batches.length ? String(index + 1) : null;
  if (level === 'plan') {
    const b = await ucPost(cfg, kit, auth, 'campaign/getCampaignByAdGroupId', { adGroupIds: rawIds(batch) });
    const items = asArray(b.campaignTypes)
      .map(asRecord)
      .map(
        (r): AdEntity => ({
          level,
          id: idOf(r.campaignId),
          advertiserId,
          parentId: idOf(r.adGroupId) || null,
          name: str(r.campaignName),
          rawStatus: str(r.status),
          status: ucPlanStatus(str(r.status), r.paused === true),
          enabled: r.paused !== true,
          budgetFen: money(r.budget),
          bidFen: money(r.bid),
          landingUrl: str(r.targetUrl) || undefined,
          clickMonitorUrl: str(r.clickMonitorUrl) || undefined,
          showMonitorUrl: str(r.showMonitorUrl) || undefined,
        }),
      );
    return { items, next };
  }
  const b = await ucPost(cfg, kit, auth, 'creative/getCreativeByCampaignId', { campaignIds: rawIds(batch) });
  const items = asArray(b.creativeTypes)
    .map(asRecord)
    .map(
      (r): AdEntity => ({
        level,
        id: idOf(r.creativeId),
        advertiserId,
        parentId: idOf(r.campaignId) || null,
        name: str(r.title),
        rawStatus: str(r.status),
        status: CREATIVE[str(r.status)] ?? 'other',
        enabled: r.paused !== true,
        budgetFen: null,
        bidFen: null,
      }),
    );
  return { items, next };
}
