/**
 * Promotion and ad-plan management (spec §1 sub-platforms, §3 metrics and material types, §4 statuses, §7
 * Promotion napi and the old Plans calls): the words, codes and request/answer schemas the promote API and the
 * console share. What the server does with them: docs/api-promotion.md.
 */

import { type AdLevel, PROMOTE_TYPES, type PromoteType } from './ad-levels.ts';
import { AD_PLATFORMS, type AdPlatform } from './ad-platforms.ts';

export { PROMOTE_TYPES, type PromoteType } from './ad-levels.ts';

/**
 * Bidding-promotion sub-platforms (spec §1, the `pl` of `/promotion?acpl=&pl=`). A plan belongs to a sub-platform
 * through the promotion link it drives: `pl` is that link's shop platform code (2 淘宝 → 流量通PRO, 3 京东,
 * 4 淘宝新链接小程序 → 淘宝小程序, 5 拼多多, 7 UDSmart, 8 京东 CID). Plans driving a 微信小程序 link (platform 6) or
 * none of ours belong to no sub-platform (the old version's lists show them).
 */
export const SUB_PLATFORMS = { 2: '流量通PRO', 3: '京东', 4: '淘宝小程序', 5: '拼多多', 7: 'UDSmart', 8: '京东CID' } as const;
export type SubPlatform = keyof typeof SUB_PLATFORMS;
export const isSubPlatform = (n: number): n is SubPlatform => n in SUB_PLATFORMS;

/** Account types of the platform menu (spec §1): 2 巨量, 4 腾讯, 5 快手, 8 UC, 10 小红书; 3 微博 is the old version's. */
export const ACCOUNT_TYPES = [2, 4, 5, 8, 10] as const;
export const PROMOTE_CHANNELS = [2, 3, 4, 5, 8, 10] as const;
export type PromoteChannel = (typeof PROMOTE_CHANNELS)[number];
export const isPromoteChannel = (n: number): n is PromoteChannel => (PROMOTE_CHANNELS as readonly number[]).includes(n);

/**
 * Sub-platforms the menu offers per account type (spec §2): 流量通PRO always; 京东 except UC; 拼多多, 淘宝小程序 and
 * 京东CID only for 巨量; UDSmart for 巨量, 腾讯 and 快手.
 */
export function subPlatformsOf(acpl: number): SubPlatform[] {
  const out: SubPlatform[] = [2];
  if (acpl !== 8) out.push(3);
  if (acpl === 2) out.push(5, 4, 8);
  if (acpl === 2 || acpl === 4 || acpl === 5) out.push(7);
  return out;
}

/** The connector key of a channel code. */
export const adPlatformOf = (channel: PromoteChannel): AdPlatform =>
  (Object.entries(AD_PLATFORMS).find(([, c]) => c === channel)?.[0] ?? 'juliang') as AdPlatform;

export const subPlatformLabel = (pl: number | null): string => (pl === null ? '' : (SUB_PLATFORMS[pl as SubPlatform] ?? ''));

/** Our storage level of a promote `type` (adver has none: it lists advertiser accounts). */
export const levelOfType = (type: PromoteType): AdLevel | null => (type === 'adver' ? null : (PROMOTE_TYPES[type] as AdLevel));
export const typeOfLevel = (level: AdLevel): PromoteType => (level === 'campaign' ? 'group' : level);

/** Where each platform lets a person change a daily budget or a bid (the connectors refuse every other level). */
export const EDITABLE: Readonly<
  Record<AdPlatform, { budget: readonly AdLevel[]; bid: readonly AdLevel[]; status: readonly AdLevel[]; unlimited: boolean }>
> = {
  juliang: { budget: ['plan'], bid: ['plan'], status: ['campaign', 'plan', 'creative'], unlimited: false },
  tengxun: { budget: ['campaign'], bid: ['campaign'], status: ['campaign', 'plan'], unlimited: true },
  kuaishou: { budget: ['campaign', 'plan'], bid: ['plan'], status: ['campaign', 'plan', 'creative'], unlimited: true },
  ucid: { budget: ['plan'], bid: ['plan'], status: ['campaign', 'plan', 'creative'], unlimited: true },
  xiaohongshu: { budget: ['campaign'], bid: ['plan'], status: ['campaign', 'plan', 'creative'], unlimited: true },
  weibo: { budget: ['campaign'], bid: [], status: ['campaign', 'plan', 'creative'], unlimited: true },
};

/** The statuses the connectors normalise every platform's codes to (`NormalStatus` in connectors/ad-platform.ts). */
export const NORMAL_STATUSES = [
  'delivering',
  'paused',
  'auditing',
  'rejected',
  'balance_exceed',
  'budget_exceed',
  'not_started',
  'outside_schedule',
  'done',
  'deleted',
  'other',
] as const;
export type NormalStatusName = (typeof NORMAL_STATUSES)[number];

export type ChangeField = 'status' | 'budget' | 'bid';
export const CHANGE_FIELD_LABELS: Record<ChangeField, string> = { status: '投放状态', budget: '日预算', bid: '出价' };
export const CHANGE_RESULT_LABELS = { pending: '提交中', applied: '已生效', refused: '未生效' } as const;
export type ChangeResultState = keyof typeof CHANGE_RESULT_LABELS;

/** The §3 material types, and how each platform's creative material codes map onto them. */
export const MATERIAL_KINDS = {
  vertical_video: '竖版视频',
  horizontal_video: '横版视频',
  title: '标题',
  small_image: '小图',
  large_image: '横版大图',
  large_vertical_image: '竖版大图',
  search_large_image: '搜索大图',
  search_small_image: '搜索小图',
  other: '其他',
} as const;
export type MaterialKind = keyof typeof MATERIAL_KINDS;

const MATERIAL_CODES: Readonly<Partial<Record<AdPlatform, Readonly<Record<string, MaterialKind>>>>> = {
  // 巨量 creative image_mode
  juliang: {
    CREATIVE_IMAGE_MODE_VIDEO_VERTICAL: 'vertical_video',
    CREATIVE_IMAGE_MODE_VIDEO: 'horizontal_video',
    CREATIVE_IMAGE_MODE_SMALL: 'small_image',
    CREATIVE_IMAGE_MODE_LARGE: 'large_image',
    CREATIVE_IMAGE_MODE_LARGE_VERTICAL: 'large_vertical_image',
    TOUTIAO_SEARCH_AD_IMAGE: 'search_large_image',
    SEARCH_AD_SMALL_IMAGE: 'search_small_image',
    MATERIAL_IMAGE_MODE_TITLE: 'title',
  },
  // 快手 creative_material_type
  kuaishou: { '1': 'vertical_video', '2': 'horizontal_video', '5': 'large_vertical_image', '6': 'large_image', '9': 'small_image' },
  // 小红书 material_type (1 图文笔记, 2 视频笔记)
  xiaohongshu: { '1': 'large_vertical_image', '2': 'vertical_video' },
};

/** The §3 material type of a creative's raw material code ('other' when unknown, '' when the creative has none). */
export function materialKind(platform: AdPlatform, raw: string): MaterialKind | '' {
  if (!raw) return '';
  return MATERIAL_CODES[platform]?.[raw] ?? 'other';
}
