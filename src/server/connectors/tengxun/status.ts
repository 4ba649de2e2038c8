/**
 * 腾讯 changes: adgroups (our campaign) through `adgroups/update_configured_status`, `update_daily_budget`
 * and `update_bid_amount` (fen; per-item `list[{adgroup_id, code, message_cn}]`); dynamic creatives (our
 * plan) one by one through `dynamic_creatives/update {configured_status}`. Sources: TencentAd/marketing-api-go-sdk
 * docs/v3/AdgroupsUpdate*Request.md, AdgroupsUpdateConfiguredStatusListStruct.md, DynamicCreativesUpdateRequest.md.
 */
import { chunks } from '../../../shared/chunks.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import type { ChangeResult } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorKit, refusedAll, str, trimBase } from '../common.ts';
import { tengxunAuthQuery, tengxunData, tengxunList } from './envelope.ts';

const configured = (enable: boolean) => (enable ? 'AD_STATUS_NORMAL' : 'AD_STATUS_SUSPEND');

export async function tengxunAdgroupBatch(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  accountId: string,
  path: string,
  specKey: string,
  items: Array<{ id: string; value: Record<string, unknown> }>,
): Promise<ChangeResult[]> {
  const out: ChangeResult[] = [];
  for (const batch of chunks(items, 100)) {
    try {
      const d = await kit.http.call(
        {
          method: 'POST',
          url: `${trimBase(cfg.apiBase)}/v3.0/adgroups/${path}`,
          fresh: () => ({ query: tengxunAuthQuery(token, kit.now()) }),
          json: { account_id: rawId(accountId), [specKey]: batch.map((i) => ({ adgroup_id: rawId(i.id), ...i.value })) },
        },
        tengxunData,
      );
      const failed = new Map(
        tengxunList(d, `adgroups/${path}`)
          .list.map(asRecord)
          .filter((l) => Number(l.code) !== 0)
          .map((l) => [idOf(l.adgroup_id), str(l.message_cn) || str(l.message)]),
      );
      out.push(
        ...batch.map((i) =>
          failed.has(i.id) ? { id: i.id, ok: false, message: failed.get(i.id) || '平台拒绝了修改' } : { id: i.id, ok: true },
        ),
      );
    } catch (err) {
      out.push(
        ...refusedAll(
          batch.map((i) => i.id),
          err,
        ),
      );
    }
  }
  return out;
}

export const tengxunAdgroupStatus = (
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  accountId: string,
  ids: string[],
  enable: boolean,
) =>
  tengxunAdgroupBatch(
    cfg,
    kit,
    token,
    accountId,
    'update_configured_status',
    'update_configured_status_spec',
    ids.map((id) => ({ id, value: { configured_status: configured(enable) } })),
  );

export async function tengxunCreativeStatus(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  accountId: string,
  ids: string[],
  enable: boolean,
): Promise<ChangeResult[]> {
  const out: ChangeResult[] = [];
  for (const id of ids) {
    try {
      await kit.http.call(
        {
          method: 'POST',
          url: `${trimBase(cfg.apiBase)}/v3.0/dynamic_creatives/update`,
          fresh: () => ({ query: tengxunAuthQuery(token, kit.now()) }),
          json: { account_id: rawId(accountId), dynamic_creative_id: rawId(id), configured_status: configured(enable) },
        },
        tengxunData,
      );
      out.push({ id, ok: true });
    } catch (err) {
      out.push(...refusedAll([id], err));
    }
  }
  return out;
}
