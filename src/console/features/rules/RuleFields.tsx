import { InputText } from 'primereact/inputtext';
import type { RuleAction } from '../../../shared/rules.ts';
import { Select } from '../../ui/Select.tsx';
import type { Draft } from './draft.ts';

const num = (s: string): number => (s.trim() === '' ? 0 : Number(s));
type Props = { draft: Draft; set: (p: Partial<Draft>) => void };

/** The action (with amount or percent and bounds for budgets and bids) and the per-plan limits. */
export function ActionFields({ draft, set }: Props): React.JSX.Element {
  const a = draft.action;
  const act = (p: Partial<RuleAction>) => set({ action: { ...a, ...p } });
  const money = a.kind === 'budget' || a.kind === 'bid';
  return (
    <>
      <div className="row">
        <label htmlFor="rule-action">动作</label>
        <Select<RuleAction['kind']>
          inputId="rule-action"
          value={a.kind}
          options={[
            { label: '暂停计划', value: 'pause' },
            { label: '启用计划', value: 'resume' },
            { label: '调整日预算', value: 'budget' },
            { label: '调整出价', value: 'bid' },
            { label: '仅通知', value: 'notify' },
          ]}
          onChange={(k) => act({ kind: k ?? 'pause' })}
        />
        {money ? (
          <>
            <Select<RuleAction['mode']>
              ariaLabel="调整方式"
              value={a.mode}
              options={[
                { label: '设为', value: 'set' },
                { label: '提高', value: 'raise' },
                { label: '降低', value: 'lower' },
              ]}
              onChange={(m) => act({ mode: m ?? 'set' })}
            />
            <InputText
              aria-label="调整的值"
              className="narrow"
              value={String(a.value)}
              onChange={(e) => act({ value: num(e.target.value) })}
            />
            {a.mode === 'set' ? null : (
              <Select<RuleAction['by']>
                ariaLabel="调整单位"
                value={a.by}
                options={[
                  { label: '元', value: 'amount' },
                  { label: '%', value: 'percent' },
                ]}
                onChange={(b) => act({ by: b ?? 'amount' })}
              />
            )}
          </>
        ) : null}
      </div>
      {money ? (
        <div className="row">
          <label htmlFor="rule-min">上下限</label>
          <InputText
            id="rule-min"
            aria-label="下限"
            className="narrow"
            value={String(a.min)}
            onChange={(e) => act({ min: num(e.target.value) })}
          />
          <span>至</span>
          <InputText aria-label="上限" className="narrow" value={String(a.max)} onChange={(e) => act({ max: num(e.target.value) })} />
          <small>元（0 = 不限）</small>
        </div>
      ) : null}
      <div className="row">
        <label htmlFor="rule-max-per-day">每计划每天</label>
        <InputText
          id="rule-max-per-day"
          className="narrow"
          value={String(draft.maxPerDay)}
          onChange={(e) => set({ maxPerDay: num(e.target.value) })}
        />
        <span>次，冷却</span>
        <InputText
          aria-label="冷却时间（分钟）"
          className="narrow"
          value={String(draft.cooldown)}
          onChange={(e) => set({ cooldown: num(e.target.value) })}
        />
        <span>分钟</span>
      </div>
    </>
  );
}

/** When it runs, and how old the data may be before it waits. */
export function ScheduleFields({ draft, set }: Props): React.JSX.Element {
  return (
    <>
      <div className="row">
        <label htmlFor="rule-schedule">执行时间</label>
        <Select<Draft['scheduleKind']>
          inputId="rule-schedule"
          value={draft.scheduleKind}
          options={[
            { label: '每隔 N 分钟', value: 'every' },
            { label: '每天定时（北京时间）', value: 'times' },
          ]}
          onChange={(k) => set({ scheduleKind: k ?? 'every' })}
        />
        {draft.scheduleKind === 'every' ? (
          <InputText
            aria-label="间隔（分钟）"
            className="narrow"
            value={String(draft.minutes)}
            onChange={(e) => set({ minutes: num(e.target.value) })}
          />
        ) : (
          <InputText aria-label="定时" value={draft.times} placeholder="09:00,21:30" onChange={(e) => set({ times: e.target.value })} />
        )}
      </div>
      <div className="row">
        <label htmlFor="rule-lag">数据延迟</label>
        <InputText id="rule-lag" className="narrow" value={String(draft.maxLag)} onChange={(e) => set({ maxLag: num(e.target.value) })} />
        <span>分钟以内（同步落后更久时规则等待）</span>
      </div>
    </>
  );
}
