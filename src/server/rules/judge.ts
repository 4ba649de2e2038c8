/**
 * What a rule does to one plan, as pure functions (docs/rules.md): conditions AND-ed with their minimum-data
 * guards; the action's target within bounds; the per-plan limits (a day's count, cool-down, no retry after a
 * refusal the same day). Nothing here reads the database or the clock.
 */
import type { RuleAction, RuleCondition, RuleInput, RuleVerdict } from '../../shared/rules.ts';
import type { Target } from '../promotion/changes.ts';
import type { EntityRow } from '../promotion/store.ts';
import type { PlanValues } from './metrics.ts';

const cmp = {
  lt: (a: number, b: number) => a < b,
  lte: (a: number, b: number) => a <= b,
  gt: (a: number, b: number) => a > b,
  gte: (a: number, b: number) => a >= b,
  eq: (a: number, b: number) => Math.abs(a - b) < 1e-9,
};

export function conditionMet(c: RuleCondition, v: PlanValues): boolean {
  const value = v[c.metric as keyof PlanValues];
  if (value === null || value === undefined) return false;
  if ((v.sum_cost ?? 0) < c.min_cost || (v.sum_click ?? 0) < c.min_clicks) return false;
  return cmp[c.op](value, c.value);
}

const yuan = (fen: number | null): string => (fen === null ? '不限' : (fen / 100).toFixed(2));

/** The change an action asks for on this plan, or why there is none. */
export function targetOf(
  a: RuleAction,
  e: Pick<EntityRow, 'enabled' | 'budget_fen' | 'bid_fen'>,
): { target: Target; before: string; after: string } | { skip: string } {
  if (a.kind === 'pause' || a.kind === 'resume') {
    const enable = a.kind === 'resume';
    if ((Number(e.enabled) === 1) === enable) return { skip: enable ? '计划已在投放' : '计划已暂停' };
    return { target: { field: 'status', enable }, before: enable ? '暂停' : '启用', after: enable ? '启用' : '暂停' };
  }
  if (a.kind === 'notify') return { skip: '' };
  const current =
    a.kind === 'budget' ? (e.budget_fen === null ? null : Number(e.budget_fen)) : e.bid_fen === null ? null : Number(e.bid_fen);
  let next: number;
  if (a.mode === 'set') next = Math.round(a.value * 100);
  else {
    if (current === null)
      return { skip: `当前${a.kind === 'budget' ? '日预算不限' : '没有出价'}，无法${a.mode === 'raise' ? '提高' : '降低'}` };
    const delta = a.by === 'percent' ? (current * a.value) / 100 : a.value * 100;
    next = Math.round(a.mode === 'raise' ? current + delta : current - delta);
  }
  if (a.min > 0) next = Math.max(next, Math.round(a.min * 100));
  if (a.max > 0) next = Math.min(next, Math.round(a.max * 100));
  if (next <= 0) return { skip: '调整后的金额必须大于 0' };
  if (next === current) return { skip: `已到上下限（${yuan(current)} 元）` };
  return { target: { field: a.kind, fen: next }, before: yuan(current), after: yuan(next) };
}

export interface PlanHistory {
  /** Acted (or tried, or notified) today, the last time, and whether the platform refused today. */
  count: number;
  lastAt: number;
  refused: boolean;
}

/** The verdict for one plan: its values, whether the conditions matched, and what would be done (or why not). */
export function judge(
  rule: Pick<RuleInput, 'conditions' | 'action' | 'max_per_day' | 'cooldown_minutes'>,
  e: EntityRow,
  v: PlanValues,
  h: PlanHistory | undefined,
  now: number,
): RuleVerdict & { target?: Target } {
  const values = Object.fromEntries(
    [...new Set(['sum_cost', ...rule.conditions.map((c) => c.metric)])].map((m) => [m, v[m as keyof PlanValues] ?? null]),
  );
  const base = { advertiser_id: e.advertiser_id, id: e.entity_id, name: e.name, values, before: '', after: '' };
  const matched = rule.conditions.every((c) => conditionMet(c, v));
  if (!matched) return { ...base, matched, verdict: 'none', reason: '条件未满足' };
  if (h?.refused) return { ...base, matched, verdict: 'skip', reason: '今天已被平台拒绝，不再重试' };
  if (h && h.count >= rule.max_per_day)
    return { ...base, matched, verdict: 'skip', reason: `今天已执行 ${h.count} 次（每天最多 ${rule.max_per_day} 次）` };
  if (h && rule.cooldown_minutes > 0 && now - h.lastAt < rule.cooldown_minutes * 60)
    return { ...base, matched, verdict: 'skip', reason: `冷却中（${rule.cooldown_minutes} 分钟内执行过）` };
  if (rule.action.kind === 'notify') return { ...base, matched, verdict: 'act', reason: '条件满足，发送通知' };
  const t = targetOf(rule.action, e);
  if ('skip' in t) return { ...base, matched, verdict: 'skip', reason: t.skip };
  return { ...base, matched, verdict: 'act', reason: '条件满足', before: t.before, after: t.after, target: t.target };
}
