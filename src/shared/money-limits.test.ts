import { describe, expect, it } from 'vitest';
import { checkMoney, moneyLimit } from './money-limits.ts';

const plan = moneyLimit('juliang', 'plan', 'budget');

describe('money inputs: what is saved is what was typed, or a refusal naming the limit', () => {
  it('refuses negative, too large and more than two decimals instead of clamping', () => {
    expect(checkMoney('-1', '日预算', plan, '巨量引擎广告计划')).toEqual({ ok: false, message: '日预算不能为负数' });
    expect(checkMoney('-100', '日预算', plan, '巨量引擎广告计划')).toEqual({ ok: false, message: '日预算不能为负数' });
    expect(checkMoney('999999999999', '日预算', plan, '巨量引擎广告计划')).toEqual({
      ok: false,
      message: '日预算不能高于 99999999 元（巨量引擎广告计划）',
    });
    expect(checkMoney('1.234', '日预算', plan, '巨量引擎广告计划')).toEqual({ ok: false, message: '日预算最多两位小数' });
    expect(checkMoney('abc', '日预算', plan, '巨量引擎广告计划')).toEqual({ ok: false, message: '日预算必须是数字（元）' });
  });
  it('names the platform floor per level', () => {
    expect(checkMoney('200', '日预算', plan, '巨量引擎广告计划')).toEqual({
      ok: false,
      message: '日预算不能低于 300 元（巨量引擎广告计划）',
    });
    expect(moneyLimit('kuaishou', 'campaign', 'budget').min).toBe(500);
    expect(moneyLimit('kuaishou', 'plan', 'budget').min).toBe(100);
    expect(checkMoney('6000', '出价', moneyLimit('tengxun', 'campaign', 'bid'), '腾讯·广告')).toEqual({
      ok: false,
      message: '出价不能高于 5000 元（腾讯·广告）',
    });
  });
  it('keeps a valid amount exactly', () => {
    expect(checkMoney(' 1,234.5 ', '日预算', plan, '巨量引擎广告计划')).toEqual({ ok: true, yuan: 1234.5 });
    expect(checkMoney(300, '日预算', plan, '巨量引擎广告计划')).toEqual({ ok: true, yuan: 300 });
  });
});
