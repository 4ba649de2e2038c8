/**
 * 巨量 status, budget and bid: `2/{campaign,ad}/update/status/`, `2/creative/status/update_v2/` (≤ 100 ids,
 * all-or-nothing), `2/ad/update/budget/` and `2/ad/update/bid/` (yuan, two decimals; per-item `errors`).
 */
import { chunks } from '../../../shared/chunks.ts';
import { idOf, rawId, rawIds } from '../../../shared/lossless-json.ts';
import { fenToYuan } from '../../../shared/money.ts';
import type { ChangeResult, EntityLevel } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, refusedAll, str, trimBase } from '../common.ts';
import { juliangData } from './envelope.ts';

const STATUS: Record<EntityLevel, { path: string; ids: string }> = {
  campaign: { path: '2/campaign/update/status/', ids: 'campaign_ids' },
  plan: { path: '2/ad/update/status/', ids: 'ad_ids' },
  creative: { path: '2/creative/status/update_v2/', ids: 'creative_ids' },
};

function results(ids: string[], d: Record<string, unknown>, idKey: string): ChangeResult[] {
  const errors = new Map(
    asArray(d.errors)
      .map(asRecord)
      .map((e) => [idOf(e[idKey]), str(e.error_message)]),
  );
  return ids.map((id) => (errors.has(id) ? { id, ok: false, message: errors.get(id) || '平台拒绝了修改' } : { id, ok: true }));
}

export async function juliangStatusUpdate(
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
  for (const batch of chunks(ids, 100)) {
    try {
      const d = await kit.http.call(
        {
          method: 'POST',
          url: `${trimBase(cfg.apiBase)}/${s.path}`,
          headers: { 'Access-Token': token },
          json: { advertiser_id: rawId(advertiserId), [s.ids]: rawIds(batch), opt_status: enable ? 'enable' : 'disable' },
        },
        juliangData,
      );
      out.push(...results(batch, d, level === 'plan' ? 'ad_id' : level === 'campaign' ? 'campaign_id' : 'creative_id'));
    } catch (err) {
      out.push(...refusedAll(batch, err));
    }
  }
  return out;
}

export async function juliangPlanChange(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  id: string,
  field: 'budget' | 'bid',
  fen: number,
): Promise<ChangeResult> {
  try {
    const d = await kit.http.call(
      {
        method: 'POST',
        url: `${trimBase(cfg.apiBase)}/2/ad/update/${field}/`,
        headers: { 'Access-Token': token },
        json: { advertiser_id: rawId(advertiserId), data: [{ ad_id: rawId(id), [field]: fenToYuan(fen) }] },
      },
      juliangData,
    );
    return results([id], d, 'ad_id')[0]!;
  } catch (err) {
    return refusedAll([id], err)[0]!;
  }
}
