import type { ruleTemplate } from './rules.ts';
import type { z } from './zod.ts';

type Template = z.input<typeof ruleTemplate>;

const base = {
  scope: { kind: 'customer' as const, ids: [] },
  schedule: { kind: 'every' as const, minutes: 30 },
  max_lag_minutes: 120,
  notify_only: false,
  notify_email: true,
  enabled: true,
};

/** Ready rules an advertiser starts from (docs/rules.md#templates); the editor fills its form with one. */
export const RULE_TEMPLATES: Template[] = [
  {
    key: 'stop-loss',
    title: '亏损止损',
    description: '今天 ROI 低于 1 且消耗已达 ¥200 的计划自动暂停',
    rule: {
      ...base,
      name: '今日 ROI < 1 止损',
      window: { kind: 'today', n: 1 },
      conditions: [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200, min_clicks: 0 }],
      action: { kind: 'pause', mode: 'set', by: 'amount', value: 0, min: 0, max: 0 },
      max_per_day: 1,
      cooldown_minutes: 60,
    },
  },
  {
    key: 'scale-up',
    title: '放量加预算',
    description: '今天 ROI 不低于 2 且消耗达日预算 80% 的计划，日预算提高 20%，每天最多两次',
    rule: {
      ...base,
      name: 'ROI ≥ 2 加预算 20%',
      window: { kind: 'today', n: 1 },
      conditions: [
        { metric: 'roi', op: 'gte', value: 2, min_cost: 0, min_clicks: 0 },
        { metric: 'budget_used', op: 'gte', value: 80, min_cost: 0, min_clicks: 0 },
      ],
      action: { kind: 'budget', mode: 'raise', by: 'percent', value: 20, min: 0, max: 50000 },
      max_per_day: 2,
      cooldown_minutes: 120,
    },
  },
  {
    key: 'no-orders',
    title: '无单提醒',
    description: '今天没有订单而消耗已达 ¥300 的计划，通知我（控制台与邮件）',
    rule: {
      ...base,
      name: '无单消耗 ¥300 提醒',
      window: { kind: 'today', n: 1 },
      conditions: [{ metric: 'ordernum', op: 'eq', value: 0, min_cost: 300, min_clicks: 0 }],
      action: { kind: 'notify', mode: 'set', by: 'amount', value: 0, min: 0, max: 0 },
      max_per_day: 1,
      cooldown_minutes: 60,
    },
  },
];
