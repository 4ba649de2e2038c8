import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { RULE_METRIC_KEYS, RULE_METRICS, RULE_OPS, type RuleOp } from '../../../shared/rules.ts';
import { Select } from '../../ui/Select.tsx';
import type { Draft } from './draft.ts';

type Row = Draft['conditions'][number];
const num = (s: string): number => (s.trim() === '' ? 0 : Number(s));

/** The AND-ed conditions: metric, comparison, value, and the minimum-data guard (cost, clicks). */
export function ConditionRows({ value, onChange }: { value: Row[]; onChange: (rows: Row[]) => void }): React.JSX.Element {
  const patch = (i: number, p: Partial<Row>) => onChange(value.map((r, k) => (k === i ? { ...r, ...p } : r)));
  return (
    <fieldset className="rule-conditions">
      <legend>条件（同时满足）</legend>
      {value.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their position is their identity
        <div className="row" key={i}>
          <Select<string>
            ariaLabel={`条件 ${i + 1} 指标`}
            value={c.metric}
            options={RULE_METRIC_KEYS.map((m) => ({ label: RULE_METRICS[m].label, value: m }))}
            onChange={(m) => patch(i, { metric: m ?? 'roi' })}
          />
          <Select<RuleOp>
            ariaLabel={`条件 ${i + 1} 比较`}
            value={c.op}
            options={(Object.keys(RULE_OPS) as RuleOp[]).map((o) => ({ label: RULE_OPS[o], value: o }))}
            onChange={(o) => patch(i, { op: o ?? 'lt' })}
          />
          <InputText
            aria-label={`条件 ${i + 1} 值`}
            className="narrow"
            value={String(c.value)}
            onChange={(e) => patch(i, { value: num(e.target.value) })}
          />
          <span>{RULE_METRICS[c.metric as keyof typeof RULE_METRICS]?.unit}</span>
          <span>且消耗 ≥ ¥</span>
          <InputText
            aria-label={`条件 ${i + 1} 最低消耗`}
            className="narrow"
            value={String(c.min_cost)}
            onChange={(e) => patch(i, { min_cost: num(e.target.value) })}
          />
          {value.length > 1 ? (
            <Button icon="pi pi-times" text aria-label="删除条件" onClick={() => onChange(value.filter((_, k) => k !== i))} />
          ) : null}
        </div>
      ))}
      {value.length < 8 ? (
        <Button
          label="添加条件"
          icon="pi pi-plus"
          text
          onClick={() => onChange([...value, { metric: 'sum_cost', op: 'gte', value: 100, min_cost: 0, min_clicks: 0 }])}
        />
      ) : null}
    </fieldset>
  );
}
