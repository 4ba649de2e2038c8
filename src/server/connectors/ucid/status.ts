/**
 * UC changes (CloudyCity/uc-marketing-sdk src/Campaign/Client.php, src/Group/Client.php, src/Creative/Client.php):
 * `{adgroup,campaign,creative}/paused/update {…Ids, paused}`, `campaign/budget/update {campaignIds, budget (yuan),
 * forceBudget}` (false: the platform's budget rules apply) and `campaign/bid/update` (the SDK passes caller params:
 * `{campaignIds, bid}` in yuan is our assumption). A failure refuses the whole call.
 */
import { chunks } from '../../../shared/chunks.ts';
import { rawIds } from '../../../shared/lossless-json.ts';
import { fenToYuan } from '../../../shared/money.ts';
import type { CallAuth, ChangeResult, EntityLevel } from '../ad-platform.ts';
import { type ConnectorConfig, type ConnectorKit, refusedAll } from '../common.ts';
import { ucPost } from './envelope.ts';

const PAUSED: Record<EntityLevel, { path: string; ids: string }> = {
  campaign: { path: 'adgroup/paused/update', ids: 'adGroupIds' },
  plan: { path: 'campaign/paused/update', ids: 'campaignIds' },
  creative: { path: 'creative/paused/update', ids: 'creativeIds' },
};

export async function ucPaused(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  auth: CallAuth,
  level: EntityLevel,
  ids: string[],
  enable: boolean,
): Promise<ChangeResult[]> {
  const out: ChangeResult[] = [];
  for (const batch of chunks(ids, 100)) {
    try {
      await ucPost(cfg, kit, auth, PAUSED[level].path, { [PAUSED[level].ids]: rawIds(batch), paused: !enable });
      out.push(...batch.map((id) => ({ id, ok: true })));
    } catch (err) {
      out.push(...refusedAll(batch, err));
    }
  }
  return out;
}

export async function ucCampaignChange(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  auth: CallAuth,
  field: 'budget' | 'bid',
  id: string,
  fen: number,
): Promise<ChangeResult> {
  try {
    const extra = field === 'budget' ? { forceBudget: false } : {};
    await ucPost(cfg, kit, auth, `campaign/${field}/update`, { campaignIds: rawIds([id]), [field]: fenToYuan(fen), ...extra });
    return { id, ok: true };
  } catch (err) {
    return refusedAll([id], err)[0]!;
  }
}
