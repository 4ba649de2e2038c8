/**
 * What an entity reads after its platform accepted a switch, until the next sync reads it again: each platform's
 * own code for "switched off" and "switched on" at each level (null: the platform keeps the code and flips a flag,
 * as 腾讯 creatives' approval status and UC campaigns do). Switched on, an entity shows 投放中 unless it is in
 * audit or rejected (the sync then tells budget and balance states).
 */
import type { AdLevel } from '../../shared/ad-levels.ts';
import type { AdPlatform } from '../../shared/ad-platforms.ts';

type Codes = { on: string; off: string } | null;

const SWITCHED: Readonly<Record<AdPlatform, Readonly<Record<AdLevel, Codes>>>> = {
  juliang: {
    campaign: { on: 'CAMPAIGN_STATUS_ENABLE', off: 'CAMPAIGN_STATUS_DISABLE' },
    plan: { on: 'AD_STATUS_DELIVERY_OK', off: 'AD_STATUS_DISABLE' },
    creative: { on: 'CREATIVE_STATUS_DELIVERY_OK', off: 'CREATIVE_STATUS_DISABLE' },
  },
  tengxun: { campaign: { on: 'ADGROUP_STATUS_ACTIVE', off: 'ADGROUP_STATUS_SUSPEND' }, plan: null, creative: null },
  kuaishou: { campaign: { on: '4', off: '1' }, plan: { on: '20', off: '15' }, creative: { on: '20', off: '15' } },
  ucid: { campaign: null, plan: { on: '14', off: '4' }, creative: null },
  xiaohongshu: { campaign: { on: '1', off: '2' }, plan: { on: '1', off: '0' }, creative: { on: '8', off: '3' } },
  weibo: { campaign: { on: '1', off: '0' }, plan: { on: '2', off: '3' }, creative: { on: '1', off: '4' } },
};

const KEEP_WHEN_ON = new Set(['auditing', 'rejected', 'deleted', 'done']);

export function afterSwitch(
  platform: AdPlatform,
  level: AdLevel,
  current: { raw_status: string; status: string },
  enable: boolean,
): { raw_status: string; status: string; enabled: number } {
  const codes = SWITCHED[platform][level];
  const raw = codes ? (enable ? codes.on : codes.off) : current.raw_status;
  const status = enable ? (KEEP_WHEN_ON.has(current.status) ? current.status : 'delivering') : 'paused';
  return { raw_status: enable && KEEP_WHEN_ON.has(current.status) ? current.raw_status : raw, status, enabled: enable ? 1 : 0 };
}
