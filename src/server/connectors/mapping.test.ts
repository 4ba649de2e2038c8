/** Pure mapping of the connectors: raw statuses → normal statuses, error codes → kinds, UC CSV. */
import { beforeAll, describe, expect, it } from 'vitest';
import { genericStatusLabel } from '../../shared/ad-status.ts';
import { setLogLevel } from '../kernel/log.ts';
import { type CodeTable, platformError } from './errors.ts';
import { juliangStatus } from './juliang/entities.ts';
import { JULIANG_CODES } from './juliang/envelope.ts';
import { kuaishouStatus } from './kuaishou/entities.ts';
import { KUAISHOU_CODES } from './kuaishou/envelope.ts';
import { tengxunAdgroupStatus, tengxunCreativeStatus } from './tengxun/entities.ts';
import { TENGXUN_CODES } from './tengxun/envelope.ts';
import { ucPlanStatus } from './ucid/entities.ts';
import { UC_CODES } from './ucid/envelope.ts';
import { parseCsv } from './ucid/reports.ts';
import { weiboStatus } from './weibo/entities.ts';
import { WEIBO_CODES } from './weibo/envelope.ts';
import { xiaohongshuStatus } from './xiaohongshu/entities.ts';
import { XIAOHONGSHU_CODES } from './xiaohongshu/envelope.ts';

beforeAll(() => setLogLevel('silent'));

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
  const TABLES: Record<string, CodeTable> = {
    juliang: JULIANG_CODES,
    tengxun: TENGXUN_CODES,
    kuaishou: KUAISHOU_CODES,
    xiaohongshu: XIAOHONGSHU_CODES,
    weibo: WEIBO_CODES,
    ucid: UC_CODES,
  };

  it('every classified code of the six platforms names what it means and where that is documented', () => {
    for (const [platform, table] of Object.entries(TABLES))
      for (const [code, rule] of Object.entries(table)) {
        expect(code, platform).toMatch(/^-?\d+$/);
        expect(rule.means, `${platform} ${code}`).not.toBe('');
        expect(rule.source, `${platform} ${code}`).toMatch(/^(https:\/\/|[\w.-]+\/[\w.-]+(@[0-9a-f]{7,40})?:)/);
      }
  });

  it('maps a documented code to its kind, keeping the platform message and code', () => {
    const e = platformError('juliang', JULIANG_CODES, 40105, 'access_token 无效');
    expect([e.kind, e.platformCode, e.message, e.unclassified]).toEqual([
      'token_expired',
      '40105',
      'access_token 无效（错误码 40105）',
      false,
    ]);
    expect(platformError('tengxun', TENGXUN_CODES, 11012, undefined)).toMatchObject({
      kind: 'refresh_expired',
      message: '授权已失效，需要重新授权（错误码 11012）',
    });
  });

  it('codes that mean "retry" are retried, never re-authorise: 腾讯 10000/10001, 巨量 40100/40110/50000', () => {
    expect(platformError('tengxun', TENGXUN_CODES, 10000, '系统繁忙').kind).toBe('transient');
    expect(platformError('tengxun', TENGXUN_CODES, 10001, '').kind).toBe('transient');
    expect(platformError('juliang', JULIANG_CODES, 40110, 'Too many requests').kind).toBe('rate_limited');
    expect(platformError('juliang', JULIANG_CODES, 40100, '').kind).toBe('rate_limited');
    expect(platformError('juliang', JULIANG_CODES, 50000, '').kind).toBe('transient');
  });

  it('腾讯 11014 is "out of the authorised scope": a refusal of the call, not a dead refresh token', () => {
    expect(platformError('tengxun', TENGXUN_CODES, 11014, '您请求的接口超出了授权范围')).toMatchObject({
      kind: 'refused',
      platformCode: '11014',
    });
  });

  it('a code no source documents is unclassified: transient (retried with back-off), never re-authorise', () => {
    for (const [platform, table, code] of [
      ['juliang', JULIANG_CODES, 40103],
      ['kuaishou', KUAISHOU_CODES, 401002],
      ['xiaohongshu', XIAOHONGSHU_CODES, 10006],
      ['ucid', UC_CODES, 8101],
      ['tengxun', TENGXUN_CODES, 31001],
    ] as const) {
      const e = platformError(platform, table, code, '平台的原话');
      expect([e.kind, e.unclassified, e.platformCode], platform).toEqual(['transient', true, String(code)]);
      expect(e.message).toBe(`平台的原话（错误码 ${code}，未归类：退避后重试）`);
    }
  });
});

describe('UC report CSV', () => {
  it('reads rows by header, tolerating a BOM and CRLF', () => {
    expect(parseCsv('\uFEFFdate,hour,cost\r\n2024-05-01,9,12.30\r\n\r\n')).toEqual([{ date: '2024-05-01', hour: '9', cost: '12.30' }]);
    expect(parseCsv('')).toEqual([]);
  });
});
