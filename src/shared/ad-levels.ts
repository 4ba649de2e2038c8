/**
 * Ad entity levels across platforms (spec §7 napi/promote): the product's three levels under an advertiser
 * are campaign → plan → creative; each platform calls them its own way, and the promote API names its
 * `type` adver → advertiser, group → campaign, plan → plan, creative → creative — except 腾讯, where
 * campaign becomes adgroup and plan becomes creative (腾讯 3.0: 广告 adgroup → 创意 dynamic creative).
 */
import type { AdPlatform } from './ad-platforms.ts';

export type AdLevel = 'campaign' | 'plan' | 'creative';
export const AD_LEVELS: readonly AdLevel[] = ['campaign', 'plan', 'creative'];

/** The console's promote `type` values → the level the API names. */
export const PROMOTE_TYPES = { adver: 'advertiser', group: 'campaign', plan: 'plan', creative: 'creative' } as const;
export type PromoteType = keyof typeof PROMOTE_TYPES;

/** The API level name of a promote `type` on a platform ('' for an unknown type). */
export function promoteLevel(platform: AdPlatform, type: string): string {
  const level: string | undefined = PROMOTE_TYPES[type as PromoteType];
  if (!level) return '';
  if (platform === 'tengxun') return level === 'campaign' ? 'adgroup' : level === 'plan' ? 'creative' : level;
  return level;
}

/** What each platform's own screens call the advertiser and the three levels. 腾讯 3.0 has no third level. */
export const LEVEL_NAMES: Readonly<Record<AdPlatform, Readonly<Record<'advertiser' | AdLevel, string>>>> = {
  juliang: { advertiser: '广告主', campaign: '广告组', plan: '广告计划', creative: '创意' },
  tengxun: { advertiser: '广告账户', campaign: '广告', plan: '创意', creative: '' },
  kuaishou: { advertiser: '广告主', campaign: '广告计划', plan: '广告组', creative: '广告创意' },
  ucid: { advertiser: '账户', campaign: '推广组', plan: '推广计划', creative: '创意' },
  xiaohongshu: { advertiser: '广告主', campaign: '计划', plan: '单元', creative: '创意' },
  weibo: { advertiser: '客户', campaign: '广告系列', plan: '广告', creative: '创意' },
};

/**
 * 巨量 升级版 (v3.0) accounts have 项目 → 广告 and no creative level (oceanengine/ad_open_sdk_go v3.0 project/promotion
 * APIs). An entity of such an account is recognised by its status family (PROJECT_STATUS_* / PROMOTION_STATUS_*).
 */
export const JULIANG_V3_LEVEL_NAMES: Readonly<Record<'advertiser' | AdLevel, string>> = {
  advertiser: '广告主',
  campaign: '项目',
  plan: '广告',
  creative: '',
};
export const isJuliangV3Status = (raw: string): boolean => /^(PROJECT|PROMOTION)_STATUS_/.test(raw);

/** What the platform calls an entity's level, for the account model its raw status shows. */
export function levelNameOf(platform: AdPlatform, level: 'advertiser' | AdLevel, rawStatus = ''): string {
  if (platform === 'juliang' && isJuliangV3Status(rawStatus)) return JULIANG_V3_LEVEL_NAMES[level];
  return LEVEL_NAMES[platform][level];
}
