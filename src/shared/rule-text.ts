import {
  ACTION_LABELS,
  RULE_METRICS,
  RULE_OPS,
  type RuleAction,
  type RuleCondition,
  type RuleEvent,
  type RuleInput,
  type RuleMetric,
  type RuleSchedule,
  type RuleWindow,
} from './rules.ts';

/** A rule in words (the list's 规则内容 column, the e-mail, the history): one wording, server and console alike. */

export const windowText = (w: RuleWindow): string =>
  w.kind === 'today' ? '今天' : w.kind === 'hours' ? `最近 ${w.n} 小时` : w.n === 1 ? '今天' : `最近 ${w.n} 天（含今天）`;

const valueText = (metric: string, v: number): string => {
  const unit = RULE_METRICS[metric as RuleMetric]?.unit ?? '';
  return unit === '元' ? `¥${v}` : unit === '%' ? `${v}%` : String(v);
};

export function conditionText(c: RuleCondition): string {
  const label = RULE_METRICS[c.metric as RuleMetric]?.label ?? c.metric;
  const guard = [c.min_cost > 0 ? `消耗 ≥ ¥${c.min_cost}` : '', c.min_clicks > 0 ? `点击 ≥ ${c.min_clicks}` : ''].filter(Boolean);
  return `${label} ${RULE_OPS[c.op]} ${valueText(c.metric, c.value)}${guard.length ? `（${guard.join('，')}时）` : ''}`;
}

export function actionText(a: RuleAction): string {
  if (a.kind !== 'budget' && a.kind !== 'bid') return ACTION_LABELS[a.kind];
  const what = a.kind === 'budget' ? '日预算' : '出价';
  const amount = a.by === 'percent' ? `${a.value}%` : `¥${a.value}`;
  const bounds = [a.min > 0 ? `不低于 ¥${a.min}` : '', a.max > 0 ? `不高于 ¥${a.max}` : ''].filter(Boolean).join('，');
  const verb = a.mode === 'set' ? `${what}设为 ¥${a.value}` : `${a.mode === 'raise' ? '提高' : '降低'}${what} ${amount}`;
  return bounds ? `${verb}（${bounds}）` : verb;
}

export const scheduleText = (s: RuleSchedule): string =>
  s.kind === 'every' ? `每 ${s.minutes} 分钟` : `每天 ${s.times.join('、')}（北京时间）`;

export function ruleText(r: Pick<RuleInput, 'conditions' | 'window' | 'action' | 'notify_only'>): string {
  const when = r.conditions.map(conditionText).join(' 且 ');
  return `${windowText(r.window)} ${when} → ${actionText(r.action)}${r.notify_only && r.action.kind !== 'notify' ? '（仅通知）' : ''}`;
}

/** Matched values in words: 消耗 ¥300.00 · ROI 0.33 ('--' where not computable); the history screen and its export. */
export function valuesText(values: Record<string, number | null>): string {
  return Object.entries(values)
    .map(([k, v]) => {
      const meta = RULE_METRICS[k as RuleMetric];
      if (!meta) return '';
      if (v === null) return `${meta.label} --`;
      return `${meta.label} ${meta.unit === '元' ? `¥${v.toFixed(2)}` : meta.unit === '%' ? `${v.toFixed(2)}%` : Number.isInteger(v) ? v : v.toFixed(2)}`;
    })
    .filter(Boolean)
    .join(' · ');
}

/** An audit row's action in words: 调整日预算 100.00 → 120.00. */
export const eventActionText = (e: Pick<RuleEvent, 'action' | 'before' | 'after'>): string =>
  `${ACTION_LABELS[e.action as keyof typeof ACTION_LABELS] ?? e.action}${e.before || e.after ? ` ${e.before} → ${e.after}` : ''}`;
