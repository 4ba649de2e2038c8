import { ACTION_LABELS, RULE_METRICS, type RuleMetric } from '../../../shared/rules.ts';

export const ACTION_WORDS = ACTION_LABELS;

/** Matched values in words: 消耗 ¥300.00 · ROI 0.33 ('--' where not computable). */
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
