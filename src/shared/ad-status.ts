/**
 * Chinese labels of ad statuses (spec §4), one table per status family, keyed by the platform's raw value as
 * the connectors keep it (`AdEntity.rawStatus`). An unknown code has the empty label. `statusFamily` says
 * which family a platform's level uses; `genericStatusLabel` labels the normalised statuses and looks a bare
 * code up in the string-coded families (AD_STATUS_*, ADGROUP_STATUS_*, PROMOTION_STATUS_* …).
 */

import type { AdLevel } from './ad-levels.ts';
import type { AdPlatform } from './ad-platforms.ts';

type Labels = Readonly<Record<string, string>>;

const juliangPlan: Labels = {
  AD_STATUS_DELIVERY_OK: '投放中',
  AD_STATUS_DISABLE: '计划暂停',
  AD_STATUS_AUDIT: '新建审核中',
  AD_STATUS_REAUDIT: '修改审核中',
  AD_STATUS_AUDIT_DENY: '审核不通过',
  AD_STATUS_BALANCE_EXCEED: '账户余额不足',
  AD_STATUS_BUDGET_EXCEED: '超出预算',
  AD_STATUS_CAMPAIGN_EXCEED: '广告组超出预算',
  AD_STATUS_CAMPAIGN_PRE_OFFLINE_BUDGET: '广告组接近预算',
  AD_STATUS_PRE_OFFLINE_BUDGET: '计划接近预算',
  AD_STATUS_ADVERTISER_BUDGET_EXCEED: '账户超出预算',
  AD_STATUS_ADVERTISER_PRE_OFFLINE_BUDGET: '账户接近预算',
  AD_STATUS_CAMPAIGN_DISABLE: '广告组已暂停',
  AD_STATUS_NOT_START: '未到达投放时间',
  AD_STATUS_NO_SCHEDULE: '不在投放时段',
  AD_STATUS_DONE: '已完成',
  AD_STATUS_CREATE: '新建',
  AD_STATUS_DELETE: '已删除',
  AD_STATUS_PRE_ONLINE: '预上线',
  AD_STATUS_DRAFT: '草稿',
};
const juliangCreative: Labels = Object.fromEntries(
  Object.entries(juliangPlan)
    .map(([k, v]) => [k.replace('AD_STATUS_', 'CREATIVE_STATUS_'), v.replace('计划暂停', '创意暂停')])
    .concat([['CREATIVE_STATUS_AD_DISABLE', '计划已暂停']]),
);
const juliangCampaign: Labels = {
  CAMPAIGN_STATUS_ENABLE: '启用',
  CAMPAIGN_STATUS_DISABLE: '暂停',
  CAMPAIGN_STATUS_DELETE: '已删除',
  CAMPAIGN_STATUS_ADVERTISER_BUDGET_EXCEED: '账户超出预算',
};
const juliangPromotion: Labels = {
  PROMOTION_STATUS_ENABLE: '启用中',
  PROMOTION_STATUS_DISABLE: '已暂停',
  PROMOTION_STATUS_FROZEN: '已冻结',
  PROMOTION_STATUS_DONE: '已完成',
  PROMOTION_STATUS_DELETED: '已删除',
  PROMOTION_STATUS_AUDIT: '新建审核中',
  PROMOTION_STATUS_REAUDIT: '修改审核中',
  PROMOTION_STATUS_AUDIT_DENY: '审核不通过',
  PROMOTION_STATUS_DISABLED: '已暂停',
  PROMOTION_STATUS_PROJECT_DISABLED: '项目已暂停',
  PROMOTION_STATUS_NO_SCHEDULE: '不在投放时段',
  PROMOTION_STATUS_TIME_NO_REACH: '未到达投放时间',
  PROMOTION_STATUS_OFFLINE_BALANCE: '账户余额不足',
  PROMOTION_STATUS_PROMOTION_OFFLINE_BUDGET: '广告超出预算',
  PROMOTION_STATUS_PROJECT_OFFLINE_BUDGET: '项目超出预算',
};

const ADGROUP: Record<string, string> = {
  ACTIVE: '投放中',
  SUSPEND: '暂停',
  STOP: '暂停投放',
  FROZEN: '冻结',
  DELETED: '已删除',
  NOT_IN_DELIVERY_TIME: '未到投放时间',
  ACCOUNT_BALANCE_NOT_ENOUGH: '账户余额不足',
  DAILY_BUDGET_REACHED: '达到日预算',
  TOTAL_BUDGET_REACHED: '达到总预算',
  JOINT_BUDGET_REACHED: '达到联合预算',
  PARTIAL_ACTIVE: '部分投放中',
  CREATIVE_EMPTY: '无创意',
  CREATIVE_STATUS_PENDING: '创意审核中',
  USING: '投放中',
  PRE_LOCK: '预锁定',
  UNLOCKING: '解锁中',
  LIVE_NOT_ACTIVE: '直播未开始',
  LIVE_VIOLATION: '直播违规',
  ADGROUP_STATUS_STOP: '广告已暂停',
  INVALID_CHANNELS_STOP: '渠道已停用',
  WECHAT_CHANNELS_STOP: '视频号已停用',
  WECHAT_STORE_CLOSED: '小店已关闭',
  WECHAT_STORE_CLOSING: '小店关闭中',
  WECHAT_STORE_NOT_AVAILABLE: '小店不可用',
  WECHAT_STORE_PENDING: '小店审核中',
  NOT_ACTIVE_PRODUCT_AUDIT_FAIL: '商品审核未通过',
  NOT_ACTIVE_PRODUCT_REMOVED: '商品已下架',
  BOOST_PROJECT_SYNC: '一键起量同步中',
};
const tengxunAdgroup: Labels = {
  ...Object.fromEntries(
    Object.entries(ADGROUP)
      .filter(([k]) => !['USING', 'ADGROUP_STATUS_STOP', 'BOOST_PROJECT_SYNC', 'INVALID_CHANNELS_STOP'].includes(k))
      .map(([k, v]) => [`ADGROUP_STATUS_${k}`, v]),
  ),
  ...Object.fromEntries(Object.entries(ADGROUP).map(([k, v]) => [`SMART_ADGROUP_STATUS_${k}`, `智能投放·${v}`])),
};
const tengxunCreative: Labels = {
  CREATIVE_SET_APPROVAL_STATUS_UNKNOWN: '未知',
  CREATIVE_SET_APPROVAL_STATUS_PENDING: '审核中',
  CREATIVE_SET_APPROVAL_STATUS_NORMAL: '审核通过',
  CREATIVE_SET_APPROVAL_STATUS_DENIED: '审核不通过',
  CREATIVE_SET_APPROVAL_STATUS_PARTIAL_NORMAL: '部分通过',
};
const kuaishouGroup: Labels = {
  '-1': '不限',
  '1': '计划已暂停',
  '3': '计划超预算',
  '6': '余额不足',
  '11': '审核中',
  '12': '审核未通过',
  '14': '已结束',
  '15': '已暂停',
  '17': '组超预算',
  '19': '未达投放时间',
  '20': '有效',
  '22': '不在投放时段',
};
const kuaishouCampaign: Labels = { '1': '已暂停', '3': '超预算', '4': '有效', '5': '已删除', '6': '余额不足' };
const ucidPlan: Labels = { '14': '投放中', '4': '未投放', '16': '已终止', '12': '已完成', '-1': '已删除' };
const xiaohongshuPlan: Labels = {
  '1': '有效',
  '2': '暂停',
  '3': '已删除',
  '4': '计划预算不足',
  '5': '现金余额不足',
  '7': '账户日预算不足',
  '8': '处于暂停阶段',
};
const xiaohongshuUnit: Labels = { '0': '暂停', '1': '投放中' };
const xiaohongshuCreative: Labels = {
  '1': '已删除',
  '3': '暂停',
  '4': '已被单元暂停',
  '5': '已被计划暂停',
  '8': '有效',
  '9': '商品状态异常',
  '10': '单元未开始',
  '11': '单元已结束',
  '12': '单元处于暂停时段',
};
/** 微博 (bububa/biz-weibo enum/configured_status.go, effective_status.go, creative_effective_status.go). */
const weiboCampaign: Labels = { '0': '暂停', '1': '启用', '9': '已删除' };
const weiboAd: Labels = {
  '-1': '已结束',
  '-99': '已删除',
  '0': '默认',
  '1': '待投放',
  '2': '投放中',
  '3': '用户暂停',
  '5': '账户异常',
  '6': '系列暂停',
  '7': '余额不足',
  '8': '到达账户日预算',
  '9': '到达系列预算',
  '10': '到达计划日预算',
  '11': '无可用创意',
  '12': '粉条订单创建中',
  '13': '数据市场包处理中',
  '14': '电子围栏生成失败',
};
const weiboCreative: Labels = {
  '0': '审核中',
  '1': '正常',
  '2': '审核异常',
  '3': 'uid/mid 异常',
  '4': '暂停',
  '6': '发布异常',
  '7': '预发布',
  '9': '已删除',
  '12': '草稿',
  '13': '创意生成失败',
};

/** Labels of the normalised statuses the connectors compute (`AdEntity.status`), plus re-review. */
const generic: Labels = {
  delivering: '投放中',
  paused: '已暂停',
  auditing: '审核中',
  reauditing: '重新审核中',
  done: '已完成',
  rejected: '审核不通过',
  balance_exceed: '余额不足',
  budget_exceed: '超出预算',
  not_started: '未开始',
  outside_schedule: '不在投放时段',
  deleted: '已删除',
  other: '',
};

export const AD_STATUS_LABELS = {
  juliangPlan,
  juliangCreative,
  juliangCampaign,
  juliangPromotion,
  tengxunAdgroup,
  tengxunCreative,
  kuaishouGroup,
  kuaishouCampaign,
  ucidPlan,
  xiaohongshuPlan,
  xiaohongshuUnit,
  xiaohongshuCreative,
  weiboCampaign,
  weiboAd,
  weiboCreative,
  generic,
} as const;
export type StatusFamily = keyof typeof AD_STATUS_LABELS;

/** The label of a raw status in its family; '' when unknown. */
export function adStatusLabel(family: StatusFamily, code: string | number | null | undefined): string {
  if (code === null || code === undefined) return '';
  return AD_STATUS_LABELS[family][String(code)] ?? '';
}

/** Which family labels a platform's level (null: the platform has no such level). */
export function statusFamily(platform: AdPlatform, level: AdLevel): StatusFamily | null {
  const t: Record<AdPlatform, Record<AdLevel, StatusFamily | null>> = {
    juliang: { campaign: 'juliangCampaign', plan: 'juliangPlan', creative: 'juliangCreative' },
    tengxun: { campaign: 'tengxunAdgroup', plan: 'tengxunCreative', creative: null },
    kuaishou: { campaign: 'kuaishouCampaign', plan: 'kuaishouGroup', creative: 'kuaishouGroup' },
    ucid: { campaign: null, plan: 'ucidPlan', creative: null },
    xiaohongshu: { campaign: 'xiaohongshuPlan', plan: 'xiaohongshuUnit', creative: 'xiaohongshuCreative' },
    weibo: { campaign: 'weiboCampaign', plan: 'weiboAd', creative: 'weiboCreative' },
  };
  return t[platform][level];
}

const STRING_FAMILIES: StatusFamily[] = [
  'generic',
  'juliangPlan',
  'juliangCreative',
  'juliangCampaign',
  'juliangPromotion',
  'tengxunAdgroup',
  'tengxunCreative',
];
/** A normalised status or a self-describing string code (AD_STATUS_*, ADGROUP_STATUS_*, PROMOTION_STATUS_* …); '' otherwise. */
export function genericStatusLabel(code: string | null | undefined): string {
  if (!code) return '';
  for (const f of STRING_FAMILIES) {
    const label = AD_STATUS_LABELS[f][code];
    if (label) return label;
  }
  return '';
}
