/**
 * 快手 changes: `v1/{campaign,ad_unit,creative}/update/status {…_ids (≤ 20), put_status 1 投放 | 2 暂停}`,
 * `v1/ad_unit/update/day_budget {unit_id, day_budget}` and `v1/campaign/update {campaign_id, day_budget}`
 * (厘, 0 = unlimited), `v1/ad_unit/update/bid {unit_id, bid}` (厘).
 */
import { chunks } from '../../../shared/chunks.ts';
import { rawId, rawIds } from '../../../shared/lossless-json.ts';
import type { ChangeResult, EntityLevel } from '../ad-platform.ts';
import { type ConnectorConfig, type ConnectorKit, refusedAll } from '../common.ts';
import { fenToLi } from '../money.ts';
import { kuaishouPost } from './envelope.ts';

const STATUS: Record<EntityLevel, { path: string; ids: string }> = {
  campaign: { path: 'v1/campaign/update/status', ids: 'campaign_ids' },
  plan: { path: 'v1/ad_unit/update/status', ids: 'unit_ids' },
  creative: { path: 'v1/creative/update/status', ids: 'creative_ids' },
};

export async function kuaishouStatusUpdate(
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
  for (const batch of chunks(ids, 20)) {
    try {
      await kuaishouPost(cfg, kit, token, s.path, {
        advertiser_id: rawId(advertiserId),
        [s.ids]: rawIds(batch),
        put_status: enable ? 1 : 2,
      });
      out.push(...batch.map((id) => ({ id, ok: true })));
    } catch (err) {
      out.push(...refusedAll(batch, err));
    }
  }
  return out;
}

export async function kuaishouChange(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  path: string,
  body: Record<string, unknown>,
  id: string,
): Promise<ChangeResult> {
  try {
    await kuaishouPost(cfg, kit, token, path, body);
    return { id, ok: true };
  } catch (err) {
    return refusedAll([id], err)[0]!;
  }
}

export function kuaishouBudget(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: EntityLevel,
  id: string,
  budgetFen: number | null,
): Promise<ChangeResult> {
  const li = budgetFen === null ? 0 : fenToLi(budgetFen);
  return level === 'plan'
    ? kuaishouChange(
        cfg,
        kit,
        token,
        'v1/ad_unit/update/day_budget',
        { advertiser_id: rawId(advertiserId), unit_id: rawId(id), day_budget: li },
        id,
      )
    : kuaishouChange(
        cfg,
        kit,
        token,
        'v1/campaign/update',
        { advertiser_id: rawId(advertiserId), campaign_id: rawId(id), day_budget: li },
        id,
      );
}
