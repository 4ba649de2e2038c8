/** Pure mapping of the connectors: raw statuses → normal statuses, error codes → kinds, UC CSV. */
import { describe, expect, it } from 'vitest';
import { genericStatusLabel } from '../../shared/ad-status.ts';
import { platformError } from './errors.ts';
import { juliangStatus } from './juliang/entities.ts';
import { JULIANG_CODE_KINDS } from './juliang/envelope.ts';
import { kuaishouStatus } from './kuaishou/entities.ts';
import { tengxunAdgroupStatus, tengxunCreativeStatus } from './tengxun/entities.ts';
import { TENGXUN_CODE_KINDS } from './tengxun/envelope.ts';
import { ucPlanStatus } from './ucid/entities.ts';
import { parseCsv } from './ucid/reports.ts';
import { weiboStatus } from './weibo/entities.ts';
import { xiaohongshuStatus } from './xiaohongshu/entities.ts';

describe('status normalisation', () => {
  it('巨量 plans, creatives and campaigns', () => {
    expect(juliangStatus('plan', 'AD_STATUS_DELIVERY_OK')).toBe('delivering');
    expect(juliangStatus('plan', 'AD_STATUS_CAMPAIGN_EXCEED')).toBe('budget_exceed');
    expect(juliangStatus('creative', 'CREATIVE_STATUS_AD_DISABLE')).toBe('paused');
    expect(juliangStatus('creative', 'CREATIVE_STATUS_AUDIT_DENY')).toBe('rejected');
    expect(juliangStatus('campaign', 'CAMPAIGN_STATUS_DISABLE')).toBe('paused');
    expect(juliangStatus('plan', 'AD_STATUS_SOMETHING_NEW')).toBe('other');
  });
  it('腾讯 adgroups with their smart variants, and creative approval', () => {
    expect(tengxunAdgroupStatus('ADGROUP_STATUS_DAILY_BUDGET_REACHED')).toBe('budget_exceed');
    expect(tengxunAdgroupStatus('SMART_ADGROUP_STATUS_DAILY_BUDGET_REACHED')).toBe('budget_exceed');
    expect(tengxunAdgroupStatus('SMART_ADGROUP_STATUS_ACTIVE')).toBe('delivering');
    expect(tengxunCreativeStatus('CREATIVE_SET_APPROVAL_STATUS_PENDING', true)).toBe('auditing');
    expect(tengxunCreativeStatus('CREATIVE_SET_APPROVAL_STATUS_NORMAL', false)).toBe('paused');
  });
  it('快手, 小红书, UC, 微博 codes', () => {
    expect(kuaishouStatus('plan', '22')).toBe('outside_schedule');
    expect(kuaishouStatus('plan', '-1')).toBe('other');
    expect(xiaohongshuStatus('creative', '8', '1')).toBe('auditing');
    expect(xiaohongshuStatus('campaign', '5')).toBe('balance_exceed');
    expect(ucPlanStatus('14', true)).toBe('paused');
    expect(ucPlanStatus('-1', true)).toBe('deleted');
    expect(weiboStatus('plan', '9')).toBe('budget_exceed');
    expect(weiboStatus('creative', '0')).toBe('auditing');
  });
  it('every normal status has a Chinese label (other is blank on purpose)', () => {
    for (const s of [
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
    ])
      expect(genericStatusLabel(s), s).not.toBe('');
  });
});

describe('error codes', () => {
  it('maps a platform code to its kind, keeping the platform message and code', () => {
    const e = platformError('juliang', JULIANG_CODE_KINDS, 40102, 'access_token 已过期');
    expect([e.kind, e.platformCode, e.message]).toEqual(['token_expired', '40102', 'access_token 已过期（错误码 40102）']);
    expect(platformError('juliang', JULIANG_CODE_KINDS, 40100, '').kind).toBe('rate_limited');
    expect(platformError('tengxun', TENGXUN_CODE_KINDS, 11012, undefined)).toMatchObject({
      kind: 'refresh_expired',
      message: '授权已失效，需要重新授权（错误码 11012）',
    });
    expect(platformError('tengxun', TENGXUN_CODE_KINDS, 31001, '参数错误').kind).toBe('refused');
  });
});

describe('UC report CSV', () => {
  it('reads rows by header, tolerating a BOM and CRLF', () => {
    expect(parseCsv('\uFEFFdate,hour,cost\r\n2024-05-01,9,12.30\r\n\r\n')).toEqual([{ date: '2024-05-01', hour: '9', cost: '12.30' }]);
    expect(parseCsv('')).toEqual([]);
  });
});
