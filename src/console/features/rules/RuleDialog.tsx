import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { ruleIndex, rulePreviewCall, ruleSave } from '../../../shared/api/rules.ts';
import { channelLabel } from '../../../shared/catalog.ts';
import { PROMOTE_CHANNELS } from '../../../shared/promote.ts';
import { RULE_TEMPLATES } from '../../../shared/rule-templates.ts';
import type { RuleView } from '../../../shared/rules.ts';
import { ApiError, call } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';
import { Select } from '../../ui/Select.tsx';
import { ConditionRows } from './ConditionRows.tsx';
import { type Draft, draftOf, toInput } from './draft.ts';
import { ActionFields, ScheduleFields } from './RuleFields.tsx';
import { RulePreviewList } from './RulePreviewList.tsx';

const num = (s: string): number => (s.trim() === '' ? 0 : Number(s));

/** 新建 / 编辑 a rule, with the dry run of what it would do now beside the form (updated as it is typed). */
export function RuleDialog({ rule, onClose }: { rule?: RuleView; onClose: () => void }): React.JSX.Element {
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [debounced, setDebounced] = useState(draft);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(draft), 400);
    return () => clearTimeout(t);
  }, [draft]);
  const preview = useQuery(rulePreviewCall, { rule: toInput(debounced) }, { silent: true });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      await call(ruleSave, { ...toInput(draft), id: rule?.id });
      notify.success('保存成功');
      await invalidate(ruleIndex);
      onClose();
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : '保存失败，请稍后再试');
    }
  };
  const footer = (
    <>
      <span className="rule-error" role={error ? 'alert' : undefined}>
        {error}
      </span>
      <Button label="取消" text onClick={onClose} />
      <Button label="保存" onClick={save} loading={busy} />
    </>
  );
  return (
    <Dialog header={rule ? '编辑规则' : '新建规则'} visible onHide={onClose} style={{ width: 1080 }} footer={footer}>
      <div className="rule-form">
        <div>
          {rule ? null : (
            <div className="row">
              <label htmlFor="rule-template">从模板开始</label>
              <Select<string>
                inputId="rule-template"
                value={null}
                placeholder="选择模板（可选）"
                options={RULE_TEMPLATES.map((t) => ({ label: `${t.title}：${t.description}`, value: t.key }))}
                onChange={(k) => {
                  const t = RULE_TEMPLATES.find((x) => x.key === k);
                  if (t) setDraft((d) => draftOf(undefined, { ...t.rule, acpl: d.acpl }));
                }}
              />
            </div>
          )}
          <div className="row">
            <label htmlFor="rule-name">规则名称</label>
            <InputText id="rule-name" value={draft.name} onChange={(e) => set({ name: e.target.value })} maxLength={60} />
          </div>
          <div className="row">
            <label htmlFor="rule-acpl">广告平台</label>
            <Select<number>
              inputId="rule-acpl"
              value={draft.acpl}
              options={PROMOTE_CHANNELS.map((c) => ({ label: channelLabel(c), value: c }))}
              onChange={(v) => set({ acpl: v ?? 2 })}
            />
            <label htmlFor="rule-customer">客户 ID</label>
            <InputText
              id="rule-customer"
              className="narrow"
              value={draft.customerid}
              placeholder="自己"
              onChange={(e) => set({ customerid: e.target.value })}
            />
          </div>
          <div className="row">
            <label htmlFor="rule-scope">作用范围</label>
            <Select<Draft['scopeKind']>
              inputId="rule-scope"
              value={draft.scopeKind}
              options={[
                { label: '全部计划', value: 'customer' },
                { label: '指定账户', value: 'accounts' },
                { label: '指定广告组', value: 'campaigns' },
                { label: '指定计划', value: 'plans' },
              ]}
              onChange={(v) => set({ scopeKind: v ?? 'customer' })}
            />
            {draft.scopeKind === 'customer' ? null : (
              <InputText
                aria-label="范围 id"
                value={draft.scopeIds}
                placeholder="id，用逗号分隔"
                onChange={(e) => set({ scopeIds: e.target.value })}
              />
            )}
          </div>
          <div className="row">
            <label htmlFor="rule-window">时间窗口</label>
            <Select<Draft['windowKind']>
              inputId="rule-window"
              value={draft.windowKind}
              options={[
                { label: '今天', value: 'today' },
                { label: '最近 N 小时', value: 'hours' },
                { label: '最近 N 天', value: 'days' },
              ]}
              onChange={(v) => set({ windowKind: v ?? 'today' })}
            />
            {draft.windowKind === 'today' ? null : (
              <InputText
                aria-label="窗口长度"
                className="narrow"
                value={String(draft.windowN)}
                onChange={(e) => set({ windowN: num(e.target.value) })}
              />
            )}
          </div>
          <ConditionRows value={draft.conditions} onChange={(conditions) => set({ conditions })} />
          <ActionFields draft={draft} set={set} />
          <ScheduleFields draft={draft} set={set} />
          <div className="row">
            <Checkbox inputId="rule-notify-only" checked={draft.notifyOnly} onChange={(e) => set({ notifyOnly: e.checked ?? false })} />
            <label htmlFor="rule-notify-only">仅通知（不执行）</label>
            <Checkbox inputId="rule-email" checked={draft.notifyEmail} onChange={(e) => set({ notifyEmail: e.checked ?? false })} />
            <label htmlFor="rule-email">邮件通知</label>
          </div>
        </div>
        <RulePreviewList preview={preview.data} error={preview.error?.message ?? ''} loading={preview.isLoading} />
      </div>
    </Dialog>
  );
}
