import type { RuleCondition, RuleInput, RuleView, ruleInput } from '../../../shared/rules.ts';
import type { z } from '../../../shared/zod.ts';

/** The editor's state: a rule as typed (strings where a person types), turned into the API's input by `toInput`. */
export interface Draft {
  name: string;
  acpl: number;
  customerid: string;
  scopeKind: 'customer' | 'accounts' | 'campaigns' | 'plans';
  scopeIds: string;
  windowKind: 'today' | 'hours' | 'days';
  windowN: number;
  conditions: Array<Pick<RuleCondition, 'metric' | 'op' | 'value' | 'min_cost' | 'min_clicks'>>;
  action: RuleInput['action'];
  scheduleKind: 'every' | 'times';
  minutes: number;
  times: string;
  maxPerDay: number;
  cooldown: number;
  maxLag: number;
  notifyOnly: boolean;
  notifyEmail: boolean;
  enabled: boolean;
}

type Source = Omit<z.input<typeof ruleInput>, 'acpl'> & { acpl?: number };

export function draftOf(rule?: RuleView, template?: Source): Draft {
  const r = (rule ?? template) as Source | undefined;
  return {
    name: r?.name ?? '',
    acpl: r?.acpl ?? 2,
    customerid: rule ? String(rule.customerid) : '',
    scopeKind: r?.scope.kind ?? 'customer',
    scopeIds: (r?.scope.ids ?? []).join(','),
    windowKind: r?.window.kind ?? 'today',
    windowN: r?.window.n ?? 1,
    conditions: (r?.conditions ?? [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }]).map((c) => ({
      metric: c.metric,
      op: c.op,
      value: c.value,
      min_cost: c.min_cost ?? 0,
      min_clicks: c.min_clicks ?? 0,
    })),
    action: { kind: 'pause', mode: 'set', by: 'amount', value: 0, min: 0, max: 0, ...r?.action },
    scheduleKind: r?.schedule.kind ?? 'every',
    minutes: r?.schedule.minutes ?? 30,
    times: (r?.schedule.times ?? []).join(','),
    maxPerDay: r?.max_per_day ?? 1,
    cooldown: r?.cooldown_minutes ?? 60,
    maxLag: r?.max_lag_minutes ?? 120,
    notifyOnly: r?.notify_only ?? false,
    notifyEmail: r?.notify_email ?? true,
    enabled: r?.enabled ?? true,
  };
}

const list = (s: string) =>
  s
    .split(/[,，\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);

export const toInput = (d: Draft): z.input<typeof ruleInput> => ({
  name: d.name,
  acpl: d.acpl,
  customerid: d.customerid.trim() ? Number(d.customerid) : undefined,
  scope: { kind: d.scopeKind, ids: d.scopeKind === 'customer' ? [] : list(d.scopeIds) },
  conditions: d.conditions,
  window: { kind: d.windowKind, n: d.windowKind === 'today' ? 1 : d.windowN },
  action: d.action,
  schedule: { kind: d.scheduleKind, minutes: d.minutes, times: d.scheduleKind === 'times' ? list(d.times) : [] },
  max_per_day: d.maxPerDay,
  cooldown_minutes: d.cooldown,
  max_lag_minutes: d.maxLag,
  notify_only: d.notifyOnly,
  notify_email: d.notifyEmail,
  enabled: d.enabled,
});
