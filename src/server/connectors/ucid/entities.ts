/**
 * UC entities (fixtures: tests/fixtures/platforms/ucid/):
 * - 推广计划 (our plan) from `campaign/getCampaignByAdGroupId {adGroupIds}` (≤ 100 推广组 a call: the cursor walks
 *   those batches) — answered as `{adGroupCampaigns: [{adGroupId, campaignTypes: [{id, adGroupId, name, paused, state,
 *   budget, bids[{bid}], objectives[{targetUrl}]}]}]}`, money as yuan strings (disv5/opensdk
 *   uc/model/campaign/get_campaign_by_ad_group_id_response.go). The 推广组 ids come from `adgroup/getAllAdGroupID`
 *   (`{adGroupIds}`, same SDK). `state` holds the plan status codes of spec §4.
 * - 推广组 (our campaign) from `adgroup/getAllAdGroup` → `adGroupTypes[]`: not in the sourced SDKs; read with `id` /
 *   `name` / `paused` like the sourced CampaignType (third-party callers read the same), an assumption.
 * - 创意 from `creative/getCreativeByCampaignId {campaignIds}`: the answer is not in the sources either; read as
 *   `campaignCreatives[{campaignId, creativeTypes[]}]` (grouped like the plans) or a flat `creativeTypes[]`, each
 *   `{id, campaignId?, title | name, paused, state}` — an assumption. An answer with neither list is a protocol error.
 */
import { chunks } from '../../../shared/chunks.ts';
import { idOf, rawIds } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { AdEntity, CallAuth, EntityLevel, NormalStatus, Page } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { ucPost } from './envelope.ts';

/** 推广计划 (spec §4): 14 投放中, 4 未投放, 16 已终止, 12 已完成, -1 已删除. */
const PLAN: Record<string, NormalStatus> = { '14': 'delivering', '4': 'paused', '16': 'done', '12': 'done', '-1': 'deleted' };
export const ucPlanStatus = (raw: string, paused: boolean): NormalStatus => (paused && raw !== '-1' ? 'paused' : (PLAN[raw] ?? 'other'));
const CREATIVE: Record<string, NormalStatus> = { '0': 'delivering', '1': 'auditing', '2': 'paused', '3': 'rejected' };

const money = (v: unknown) => (Number(v) ? yuanToFen(v) : null);

/** A list the answer must carry (a missing one is a protocol error, never an empty sync). */
function listIn(body: Record<string, unknown>, key: string, call: string): Record<string, unknown>[] {
  if (!Array.isArray(body[key])) throw new ConnectorError('ucid', 'protocol', `UC ${call} 的应答缺少 ${key}`);
  return (body[key] as unknown[]).map(asRecord);
}
const idIn = (r: Record<string, unknown>, call: string): string => {
  const id = idOf(r.id);
  if (!id) throw new ConnectorError('ucid', 'protocol', `UC ${call} 的应答中有缺少 id 的对象`);
  return id;
};

const adGroupIds = async (cfg: ConnectorConfig, kit: ConnectorKit, auth: CallAuth) =>
  asArray((await ucPost(cfg, kit, auth, 'adgroup/getAllAdGroupID')).adGroupIds).map(idOf);

/** The plans of ≤ 100 推广组, flattened from `adGroupCampaigns[].campaignTypes[]`. */
export async function ucPlans(cfg: ConnectorConfig, kit: ConnectorKit, auth: CallAuth, groups: string[]) {
  const b = await ucPost(cfg, kit, auth, 'campaign/getCampaignByAdGroupId', { adGroupIds: rawIds(groups) });
  return listIn(b, 'adGroupCampaigns', 'campaign/getCampaignByAdGroupId').flatMap((g) =>
    asArray(g.campaignTypes).map((c) => ({ adGroupId: idOf(g.adGroupId), ...asRecord(c) })),
  );
}

function planEntity(advertiserId: string, r: Record<string, unknown>): AdEntity {
  const raw = str(r.state);
  return {
    level: 'plan',
    id: idIn(r, 'campaign/getCampaignByAdGroupId'),
    advertiserId,
    parentId: idOf(r.adGroupId) || null,
    name: str(r.name),
    rawStatus: raw,
    status: ucPlanStatus(raw, r.paused === true),
    enabled: r.paused !== true,
    budgetFen: money(r.budget),
    bidFen: money(asRecord(asArray(r.bids)[0]).bid),
    landingUrl: str(asRecord(asArray(r.objectives)[0]).targetUrl) || undefined,
  };
}

async function creatives(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  auth: CallAuth,
  advertiserId: string,
  plans: string[],
): Promise<AdEntity[]> {
  const call = 'creative/getCreativeByCampaignId';
  const b = await ucPost(cfg, kit, auth, call, { campaignIds: rawIds(plans) });
  const rows: Record<string, unknown>[] = Array.isArray(b.campaignCreatives)
    ? listIn(b, 'campaignCreatives', call).flatMap((g) =>
        asArray(g.creativeTypes).map((c) => ({ campaignId: g.campaignId, ...asRecord(c) })),
      )
    : listIn(b, 'creativeTypes', call);
  return rows.map((r) => {
    const raw = str(r.state ?? r.status);
    return {
      level: 'creative',
      id: idIn(r, call),
      advertiserId,
      parentId: idOf(r.campaignId) || null,
      name: str(r.title ?? r.name),
      rawStatus: raw,
      status: r.paused === true ? 'paused' : (CREATIVE[raw] ?? 'other'),
      enabled: r.paused !== true,
      budgetFen: null,
      bidFen: null,
    };
  });
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
    const b = await ucPost(cfg, kit, auth, 'adgroup/getAllAdGroup');
    const items = listIn(b, 'adGroupTypes', 'adgroup/getAllAdGroup').map(
      (r): AdEntity => ({
        level,
        id: idIn(r, 'adgroup/getAllAdGroup'),
        advertiserId,
        parentId: null,
        name: str(r.name),
        rawStatus: r.paused === true ? 'paused' : 'active',
        status: r.paused === true ? 'paused' : 'delivering',
        enabled: r.paused !== true,
        budgetFen: money(r.budget),
        bidFen: null,
      }),
    );
    return { items, next: null };
  }
  const index = Number(cursor ?? '0') || 0;
  const batches = chunks(await adGroupIds(cfg, kit, auth), 100);
  const batch = batches[index] ?? [];
  if (!batch.length) return { items: [], next: null };
  const next = index + 1 < batches.length ? String(index + 1) : null;
  const plans = (await ucPlans(cfg, kit, auth, batch)).map((r) => planEntity(advertiserId, r));
  if (level === 'plan') return { items: plans, next };
  const items: AdEntity[] = [];
  for (const ids of chunks(
    plans.map((p) => p.id),
    100,
  ))
    items.push(...(await creatives(cfg, kit, auth, advertiserId, ids)));
  return { items, next };
}
