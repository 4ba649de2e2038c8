/**
 * 小红书 changes: `jg/campaign/status/update {campaign_ids, action_type}`, `jg/unit/update/status {unit_ids, status}`,
 * `jg/creativity/status/update {creativity_ids, action_type}` (≤ 20 ids; 1 开启, 2 暂停);
 * `jg/campaign/update {limit_day_budget, campaign_day_budget (fen)}`; `jg/unit/update {event_bid (fen)}`.
 */
import { chunks } from '../../../shared/chunks.ts';
import { rawId, rawIds } from '../../../shared/lossless-json.ts';
import type { ChangeResult, EntityLevel } from '../ad-platform.ts';
import { type ConnectorConfig, type ConnectorKit, refusedAll } from '../common.ts';
import { xiaohongshuPost } from './envelope.ts';

const STATUS: Record<EntityLevel, { path: string; ids: string; action: string }> = {
  campaign: { path: 'jg/campaign/status/update', ids: 'campaign_ids', action: 'action_type' },
  plan: { path: 'jg/unit/update/status', ids: 'unit_ids', action: 'status' },
  creative: { path: 'jg/creativity/status/update', ids: 'creativity_ids', action: 'action_type' },
};

export async function xiaohongshuStatusUpdate(
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
      await xiaohongshuPost(cfg, kit, token, s.path, {
        advertiser_id: rawId(advertiserId),
        [s.ids]: rawIds(batch),
        [s.action]: enable ? 1 : 2,
      });
      out.push(...batch.map((id) => ({ id, ok: true })));
    } catch (err) {
      out.push(...refusedAll(batch, err));
    }
  }
  return out;
}

export async function xiaohongshuChange(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  path: string,
  body: Record<string, unknown>,
  id: string,
): Promise<ChangeResult> {
  try {
    await xiaohongshuPost(cfg, kit, token, path, body);
    return { id, ok: true };
  } catch (err) {
    return refusedAll([id], err)[0]!;
  }
}
