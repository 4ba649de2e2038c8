/**
 * Which model an advertiser account is on: 巨量 v2 (广告组 → 广告计划 → 创意, `2/campaign|ad|creative/get/`) or
 * 升级版 v3.0 (项目 → 广告, `v3.0/project/list/`, `v3.0/promotion/list/`). No source names a flag for it (the official
 * SDK's `2/advertiser/info/` has none; bububa/oceanengine enum/platform_version.go shows both versions live side by
 * side, V1 原版 / V2 体验版): an account with projects is on 升级版 — the connector asks `v3.0/project/list/` for
 * one project and remembers the answer per advertiser for ten minutes. An account with both keeps its projects (the
 * model 巨量 moved accounts to); one whose v3.0 call is refused is read as v2.
 */
import { asRecord, type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { juliangData } from './envelope.ts';

export type JuliangModel = 'v2' | 'v3';
const TTL_SECONDS = 600;

export function modelCache(kit: ConnectorKit) {
  const seen = new Map<string, { model: JuliangModel; until: number }>();
  return async (cfg: ConnectorConfig, token: string, advertiserId: string): Promise<JuliangModel> => {
    const hit = seen.get(advertiserId);
    if (hit && hit.until > kit.now()) return hit.model;
    const model = await detect(cfg, kit, token, advertiserId);
    seen.set(advertiserId, { model, until: kit.now() + TTL_SECONDS });
    return model;
  };
}

async function detect(cfg: ConnectorConfig, kit: ConnectorKit, token: string, advertiserId: string): Promise<JuliangModel> {
  try {
    const d = await kit.http.call(
      {
        method: 'GET',
        url: `${trimBase(cfg.apiBase)}/v3.0/project/list/`,
        query: { advertiser_id: advertiserId, page: 1, page_size: 1 },
        headers: { 'Access-Token': token },
      },
      juliangData,
    );
    return Number(asRecord(d.page_info).total_number ?? 0) > 0 ? 'v3' : 'v2';
  } catch (err) {
    if (err instanceof ConnectorError && (err.kind === 'refused' || (err.unclassified && err.platformCode))) return 'v2';
    throw err;
  }
}
