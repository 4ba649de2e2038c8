import { describe, expect, it } from 'vitest';
import { LEVEL_NAMES, promoteLevel } from './ad-levels.ts';
import { AD_PLATFORM_KEYS } from './ad-platforms.ts';
import { AD_STATUS_LABELS, adStatusLabel, genericStatusLabel, statusFamily } from './ad-status.ts';

describe('ad status labels (spec §4)', () => {
  it('labels every spec family and gives an empty label to an unknown code', () => {
    expect(adStatusLabel('juliangPlan', 'AD_STATUS_DELIVERY_OK')).toBe('投放中');
    expect(adStatusLabel('juliangPlan', 'AD_STATUS_REAUDIT')).toBe('修改审核中');
    expect(adStatusLabel('juliangPlan', 'AD_STATUS_CAMPAIGN_PRE_OFFLINE_BUDGET')).toBe('广告组接近预算');
    expect(adStatusLabel('juliangPromotion', 'PROMOTION_STATUS_FROZEN')).toBe('已冻结');
    expect(adStatusLabel('tengxunAdgroup', 'ADGROUP_STATUS_ACCOUNT_BALANCE_NOT_ENOUGH')).toBe('账户余额不足');
    expect(adStatusLabel('tengxunAdgroup', 'SMART_ADGROUP_STATUS_DAILY_BUDGET_REACHED')).toBe('智能投放·达到日预算');
    expect(adStatusLabel('tengxunCreative', 'CREATIVE_SET_APPROVAL_STATUS_PARTIAL_NORMAL')).toBe('部分通过');
    expect(adStatusLabel('ucidPlan', 16)).toBe('已终止');
    expect(adStatusLabel('ucidPlan', -1)).toBe('已删除');
    expect(adStatusLabel('xiaohongshuUnit', 0)).toBe('暂停');
    expect(adStatusLabel('juliangPlan', 'AD_STATUS_MADE_UP')).toBe('');
    expect(adStatusLabel('kuaishouGroup', 99)).toBe('');
    expect(adStatusLabel('generic', null)).toBe('');
  });

  it('has all twelve 快手 group codes of the spec', () => {
    expect(
      Object.keys(AD_STATUS_LABELS.kuaishouGroup)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([-1, 1, 3, 6, 11, 12, 14, 15, 17, 19, 20, 22]);
    expect(adStatusLabel('kuaishouGroup', 20)).toBe('有效');
  });

  it('labels normalised statuses and bare string codes generically', () => {
    expect(genericStatusLabel('balance_exceed')).toBe('余额不足');
    expect(genericStatusLabel('AD_STATUS_AUDIT_DENY')).toBe('审核不通过');
    expect(genericStatusLabel('PROMOTION_STATUS_DONE')).toBe('已完成');
    expect(genericStatusLabel('other')).toBe('');
    expect(genericStatusLabel('nonsense')).toBe('');
  });

  it('names the family of each platform level; 腾讯 has no third level', () => {
    expect(statusFamily('kuaishou', 'plan')).toBe('kuaishouGroup');
    // 快手 creatives have their own table: 52 is 投放中 there (20 有效 is a unit code)
    expect(statusFamily('kuaishou', 'creative')).toBe('kuaishouCreative');
    expect(adStatusLabel('kuaishouCreative', 52)).toBe('投放中');
    expect(adStatusLabel('kuaishouCreative', 20)).toBe('');
    expect(statusFamily('tengxun', 'campaign')).toBe('tengxunAdgroup');
    expect(statusFamily('tengxun', 'creative')).toBeNull();
  });
});

describe('ad levels (spec §7)', () => {
  it('maps promote types, with 腾讯 campaign → adgroup and plan → creative', () => {
    expect(promoteLevel('juliang', 'adver')).toBe('advertiser');
    expect(promoteLevel('juliang', 'group')).toBe('campaign');
    expect(promoteLevel('tengxun', 'group')).toBe('adgroup');
    expect(promoteLevel('tengxun', 'plan')).toBe('creative');
    expect(promoteLevel('kuaishou', 'plan')).toBe('plan');
    expect(promoteLevel('kuaishou', 'nope')).toBe('');
  });
  it("names every platform's levels", () => {
    for (const p of AD_PLATFORM_KEYS) expect(LEVEL_NAMES[p].campaign, p).not.toBe('');
    expect(LEVEL_NAMES.kuaishou.plan).toBe('广告组');
  });
});
