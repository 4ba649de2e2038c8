/**
 * 巨量 升级版 changes (bububa/oceanengine@e3ac8d5 model/v3/{project,promotion}/{status_update,budget_update,
 * bid_update,update_response}.go; oceanengine/ad_open_sdk_go api_{project,promotion}_{status,budget,bid}_update_v30.go):
 * `POST v3.0/project/status/update/` and `v3.0/promotion/status/update/ {advertiser_id, data: [{…_id, opt_status:
 * ENABLE|DISABLE}]}`; `v3.0/project/budget/update/ {data: [{project_id, budget_mode BUDGET_MODE_DAY|INFINITE,
 * budget}]}`; `v3.0/promotion/budget/update/ {data: [{promotion_id, budget_mode, budget}]}` (the mode cannot change
 * but must be sent: a 日预算 is assumed); `v3.0/promotion/bid/update/ {data: [{promotion_id, bid}]}` — money in yuan.
 * Answers `data: {…_ids, errors: [{…_id, error_message}]}` (some `error_list`).
 */
import { chunks } from '../../../shared/chunks.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import { fenToYuan } from '../../../shared/money.ts';
import type { ChangeResult } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, refusedAll, str, trimBase } from '../common.ts';
import { juliangData } from './envelope.ts';

type V3Level = 'campaign' | 'plan';
const KEY: Record<V3Level, { entity: string; id: string }> = {
  campaign: { entity: 'project', id: 'project_id' },
  plan: { entity: 'promotion', id: 'promotion_id' },
};

function results(ids: string[], d: Record<string, unknown>, idKey: string): ChangeResult[] {
  const errors = new Map(
    [...asArray(d.errors), ...asArray(d.error_list)].map(asRecord).map((e) => [idOf(e[idKey]), str(e.error_message)] as const),
  );
  return ids.map((id) => (errors.has(id) ? { id, ok: false, message: errors.get(id) || '平台拒绝了修改' } : { id, ok: true }));
}

const post = (cfg: ConnectorConfig, kit: ConnectorKit, token: string, path: string, json: unknown) =>
  kit.http.call({ method: 'POST', url: `${trimBase(cfg.apiBase)}/${path}`, headers: { 'Access-Token': token }, json }, juliangData);

export async function juliangV3Status(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: V3Level,
  ids: string[],
  enable: boolean,
): Promise<ChangeResult[]> {
  const k = KEY[level];
  const out: ChangeResult[] = [];
  for (const batch of chunks(ids, 100)) {
    try {
      const d = await post(cfg, kit, token, `v3.0/${k.entity}/status/update/`, {
        advertiser_id: rawId(advertiserId),
        data: batch.map((id) => ({ [k.id]: rawId(id), opt_status: enable ? 'ENABLE' : 'DISABLE' })),
      });
      out.push(...results(batch, d, k.id));
    } catch (err) {
      out.push(...refusedAll(batch, err));
    }
  }
  return out;
}

/** A project's budget (null = 不限) or a promotion's (a 日预算; it cannot be made unlimited). */
export async function juliangV3Budget(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  level: V3Level,
  id: string,
  budgetFen: number | null,
): Promise<ChangeResult> {
  const k = KEY[level];
  if (budgetFen === null && level === 'plan') return { id, ok: false, message: '巨量广告预算不能改为不限' };
  const item =
    budgetFen === null
      ? { [k.id]: rawId(id), budget_mode: 'BUDGET_MODE_INFINITE' }
      : { [k.id]: rawId(id), budget_mode: 'BUDGET_MODE_DAY', budget: fenToYuan(budgetFen) };
  try {
    const d = await post(cfg, kit, token, `v3.0/${k.entity}/budget/update/`, { advertiser_id: rawId(advertiserId), data: [item] });
    return results([id], d, k.id)[0]!;
  } catch (err) {
    return refusedAll([id], err)[0]!;
  }
}

export async function juliangV3Bid(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  id: string,
  bidFen: number,
): Promise<ChangeResult> {
  try {
    const d = await post(cfg, kit, token, 'v3.0/promotion/bid/update/', {
      advertiser_id: rawId(advertiserId),
      data: [{ promotion_id: rawId(id), bid: fenToYuan(bidFen) }],
    });
    return results([id], d, 'promotion_id')[0]!;
  } catch (err) {
    return refusedAll([id], err)[0]!;
  }
}
