import { describe, expect, it } from 'vitest';
import { statusLabelOf } from './rows.ts';
import { afterSwitch } from './switched.ts';

describe('status labels of a row (spec §4)', () => {
  it("labels each platform's raw code in its family", () => {
    expect(statusLabelOf('juliang', 'plan', 'AD_STATUS_BUDGET_EXCEED', 'budget_exceed')).toBe('超出预算');
    expect(statusLabelOf('juliang', 'campaign', 'CAMPAIGN_STATUS_DISABLE', 'paused')).toBe('暂停');
    expect(statusLabelOf('tengxun', 'campaign', 'SMART_ADGROUP_STATUS_ACTIVE', 'delivering')).toBe('智能投放·投放中');
    expect(statusLabelOf('kuaishou', 'plan', '17', 'budget_exceed')).toBe('组超预算');
    expect(statusLabelOf('ucid', 'plan', '16', 'rejected')).toBe('已终止');
    expect(statusLabelOf('xiaohongshu', 'plan', '0', 'paused')).toBe('暂停');
    expect(statusLabelOf('weibo', 'plan', '9', 'budget_exceed')).toBe('到达系列预算');
  });
  it('reads paused where the platform keeps its code and flips a flag', () => {
    expect(statusLabelOf('tengxun', 'plan', 'CREATIVE_SET_APPROVAL_STATUS_NORMAL', 'paused')).toBe('已暂停');
    expect(statusLabelOf('tengxun', 'plan', 'CREATIVE_SET_APPROVAL_STATUS_NORMAL', 'delivering')).toBe('审核通过');
    expect(statusLabelOf('ucid', 'plan', '14', 'paused')).toBe('已暂停');
  });
  it('falls back to the normalised status, and to nothing for an unknown one', () => {
    expect(statusLabelOf('kuaishou', 'plan', '99', 'auditing')).toBe('审核中');
    expect(statusLabelOf('kuaishou', 'plan', '99', 'other')).toBe('');
  });
});

describe('an entity after its platform accepted a switch', () => {
  it("takes the platform's own code", () => {
    expect(afterSwitch('juliang', 'plan', { raw_status: 'AD_STATUS_DELIVERY_OK', status: 'delivering' }, false)).toEqual({
      raw_status: 'AD_STATUS_DISABLE',
      status: 'paused',
      enabled: 0,
    });
    expect(afterSwitch('kuaishou', 'campaign', { raw_status: '1', status: 'paused' }, true)).toEqual({
      raw_status: '4',
      status: 'delivering',
      enabled: 1,
    });
  });
  it('keeps a code the switch does not change, and an audit state when switched on', () => {
    expect(afterSwitch('tengxun', 'plan', { raw_status: 'CREATIVE_SET_APPROVAL_STATUS_NORMAL', status: 'delivering' }, false)).toEqual({
      raw_status: 'CREATIVE_SET_APPROVAL_STATUS_NORMAL',
      status: 'paused',
      enabled: 0,
    });
    expect(afterSwitch('juliang', 'plan', { raw_status: 'AD_STATUS_AUDIT', status: 'auditing' }, true)).toEqual({
      raw_status: 'AD_STATUS_AUDIT',
      status: 'auditing',
      enabled: 1,
    });
  });
});
