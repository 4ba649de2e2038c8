import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../promotion/store.ts';
import { conditionMet, judge, targetOf } from './judge.ts';
import type { PlanValues } from './metrics.ts';
import { slotOf } from './model.ts';

const values = (over: Partial<PlanValues> = {}): PlanValues => ({
  sum_cost: 300,
  sum_show_cnt: 5000,
  sum_click: 120,
  ctr: 2.4,
  avg_click_cost: 2.5,
  convert: 3,
  convert_cost: 100,
  ordernum: 2,
  order_price: 100,
  order_price_pay: 100,
  roi: 1 / 3,
  pay_roi: 1 / 3,
  budget_used: 60,
  invalid_click_share: 24.1,
  ...over,
});
const plan = { entity_id: 'p1', advertiser_id: 'a1', name: '计划', enabled: 1, budget_fen: 50_000, bid_fen: 300 } as unknown as EntityRow;
const cond = { metric: 'roi', op: 'lt' as const, value: 1, min_cost: 200, min_clicks: 0 };
const rule = {
  conditions: [cond],
  action: { kind: 'pause' as const, mode: 'set' as const, by: 'amount' as const, value: 0, min: 0, max: 0 },
  max_per_day: 2,
  cooldown_minutes: 60,
};

describe('rule judgement', () => {
  it('a guard keeps noise out; a ratio with no denominator never matches', () => {
    expect(conditionMet(cond, values())).toBe(true);
    expect(conditionMet(cond, values({ sum_cost: 150 }))).toBe(false);
    expect(conditionMet(cond, values({ roi: null }))).toBe(false);
    expect(conditionMet({ ...cond, metric: 'ordernum', op: 'eq', value: 0 }, values({ ordernum: 0 }))).toBe(true);
  });
  it('the invalid click share: a percent, with the same guards; none without a monitored click', () => {
    const share = { metric: 'invalid_click_share', op: 'gte' as const, value: 20, min_cost: 0, min_clicks: 100 };
    expect(conditionMet(share, values())).toBe(true);
    expect(conditionMet(share, values({ invalid_click_share: 19.9 }))).toBe(false);
    expect(conditionMet(share, values({ sum_click: 99 }))).toBe(false);
    expect(conditionMet({ ...share, min_cost: 500 }, values())).toBe(false);
    expect(conditionMet({ ...share, op: 'lt', value: 100 }, values({ invalid_click_share: null }))).toBe(false);
    expect(judge({ ...rule, conditions: [share] }, plan, values(), undefined, 10_000)).toMatchObject({
      verdict: 'act',
      values: { sum_cost: 300, invalid_click_share: 24.1 },
    });
  });
  it('limits: a day count, a cool-down, and no retry after a refusal', () => {
    expect(judge(rule, plan, values(), undefined, 10_000).verdict).toBe('act');
    expect(judge(rule, plan, values(), { count: 2, lastAt: 0, refused: false }, 10_000).reason).toMatch(/每天最多 2 次/);
    expect(judge(rule, plan, values(), { count: 1, lastAt: 9_000, refused: false }, 10_000).reason).toMatch(/冷却中/);
    expect(judge(rule, plan, values(), { count: 1, lastAt: 0, refused: true }, 10_000).reason).toMatch(/不再重试/);
    expect(judge(rule, { ...plan, enabled: 0 }, values(), undefined, 10_000)).toMatchObject({ verdict: 'skip', reason: '计划已暂停' });
  });
  it('budget and bid changes stay within bounds', () => {
    const raise = { kind: 'budget' as const, mode: 'raise' as const, by: 'percent' as const, value: 20, min: 0, max: 550 };
    expect(targetOf(raise, plan)).toMatchObject({ target: { field: 'budget', fen: 55_000 }, before: '500.00', after: '550.00' });
    expect(targetOf(raise, { ...plan, budget_fen: 55_000 })).toMatchObject({ skip: expect.stringMatching(/上下限/) });
    expect(targetOf({ ...raise, mode: 'lower', by: 'amount', value: 1, min: 2, max: 0, kind: 'bid' }, plan)).toMatchObject({
      target: { field: 'bid', fen: 200 },
    });
    expect(targetOf(raise, { ...plan, budget_fen: null })).toMatchObject({ skip: expect.stringMatching(/不限/) });
  });
  it('schedule slots: N-minute steps, set China times (yesterday before today’s first)', () => {
    const t = Date.UTC(2026, 10, 21, 6, 10, 0) / 1000; // 14:10 China time
    expect(slotOf({ kind: 'every', minutes: 30, times: [] }, t)).toBe(Date.UTC(2026, 10, 21, 6, 0, 0) / 1000);
    expect(slotOf({ kind: 'times', minutes: 30, times: ['09:00', '21:30'] }, t)).toBe(Date.UTC(2026, 10, 21, 1, 0, 0) / 1000);
    expect(slotOf({ kind: 'times', minutes: 30, times: ['21:30'] }, t)).toBe(Date.UTC(2026, 10, 20, 13, 30, 0) / 1000);
  });
});
