import type { Insertable, Selectable } from 'kysely';
import { chinaDayStart } from '../../shared/china-clock.ts';
import { ruleText } from '../../shared/rule-text.ts';
import type { RuleInput, RuleSchedule, RuleView } from '../../shared/rules.ts';
import type { RulesTable } from './tables.ts';

/** A stored rule as its typed input (the JSON columns were validated before they were written). */
export type RuleRow = Selectable<RulesTable>;
export type Rule = RuleInput & { id: number; customerid: number; version: number; created_by: number };

export function ruleOf(r: RuleRow): Rule {
  return {
    id: Number(r.id),
    name: r.name,
    customerid: Number(r.customerid),
    acpl: Number(r.platform),
    scope: { kind: r.scope_kind as Rule['scope']['kind'], ids: JSON.parse(r.scope_ids || '[]') },
    conditions: JSON.parse(r.conditions),
    window: JSON.parse(r.time_window),
    action: JSON.parse(r.action),
    schedule: JSON.parse(r.schedule),
    max_per_day: Number(r.max_per_day),
    cooldown_minutes: Number(r.cooldown_minutes),
    max_lag_minutes: Number(r.max_lag_minutes),
    notify_only: Number(r.notify_only) === 1,
    notify_email: Number(r.notify_email) === 1,
    enabled: Number(r.enabled) === 1,
    version: Number(r.version),
    created_by: Number(r.created_by),
  };
}

/** The columns of a rule as typed (what is saved equals what was typed). */
export const columnsOf = (
  r: RuleInput,
  customerid: number,
): Omit<Insertable<RulesTable>, 'created_by' | 'updated_by' | 'created_at' | 'updated_at'> => ({
  customerid,
  platform: r.acpl,
  name: r.name,
  enabled: r.enabled ? 1 : 0,
  notify_only: r.notify_only ? 1 : 0,
  notify_email: r.notify_email ? 1 : 0,
  scope_kind: r.scope.kind,
  scope_ids: JSON.stringify(r.scope.kind === 'customer' ? [] : r.scope.ids),
  conditions: JSON.stringify(r.conditions),
  time_window: JSON.stringify(r.window.kind === 'today' ? { kind: 'today', n: 1 } : r.window),
  action: JSON.stringify(r.action),
  schedule: JSON.stringify(r.schedule),
  max_per_day: r.max_per_day,
  cooldown_minutes: r.cooldown_minutes,
  max_lag_minutes: r.max_lag_minutes,
});

export function viewOf(r: RuleRow, extra: { customer: string; author: string; actionsToday: number }): RuleView {
  const { id: _id, version: _v, created_by: _c, ...rule } = ruleOf(r);
  return {
    ...rule,
    id: Number(r.id),
    customerid: Number(r.customerid),
    customer: extra.customer,
    version: Number(r.version),
    author: extra.author,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    last_run_at: Number(r.last_run_at),
    last_result: r.last_result,
    summary: ruleText(rule),
    actions_today: extra.actionsToday,
  };
}

/**
 * The schedule slot `now` falls in (epoch seconds): the start of the current N-minute step, or the latest set China
 * time at or before now (yesterday's last one before today's first). A rule runs once per slot.
 */
export function slotOf(s: RuleSchedule, now: number): number {
  if (s.kind === 'every') return Math.floor(now / (s.minutes * 60)) * s.minutes * 60;
  const today = chinaDayStart(now);
  const minutes = s.times.map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))).sort((a, b) => a - b);
  const past = minutes.filter((m) => today + m * 60 <= now);
  if (past.length) return today + past[past.length - 1]! * 60;
  return minutes.length ? today - 86400 + minutes[minutes.length - 1]! * 60 : 0;
}
