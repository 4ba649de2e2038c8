import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { type KindView, type TemplateView, templateCreateInput } from '../../../shared/exports.ts';
import { ApiError } from '../../lib/api.ts';
import { checkForm, clearErrors, type FieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { Select } from '../../ui/Select.tsx';
import { useShake } from '../../ui/useShake.ts';
import { ColumnPicker } from './ColumnPicker.tsx';
import { knownColumns } from './column-order.ts';
import { HeaderPreview } from './HeaderPreview.tsx';
import { saveTemplate } from './useExports.ts';

interface Props {
  kinds: readonly KindView[];
  /** the template being edited; absent = a new one */
  template?: TemplateView;
  onClose: () => void;
}

type Key = 'name' | 'kind' | 'columns';

/** 新建 / 编辑 an export template: a name, the list it is for, and its columns in order, with the header row it makes. */
export function TemplateDialog({ kinds, template, onClose }: Props): React.JSX.Element {
  const [name, setName] = useState(template?.name ?? '');
  const [kind, setKind] = useState<string | null>(template?.kind ?? kinds[0]?.kind ?? null);
  const offered = kinds.find((k) => k.kind === kind)?.columns ?? [];
  const [columns, setColumns] = useState<string[]>(template ? knownColumns(template.columns, offered) : []);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shakeClass, shake] = useShake();
  const labels = columns.map((k) => offered.find((c) => c.key === k)?.label ?? k);
  const pick = (next: string[]): void => {
    setColumns(next);
    setErrors((e) => clearErrors(e, ['columns']));
  };

  const submit = async (): Promise<void> => {
    const checked = checkForm(templateCreateInput, { name, kind: kind ?? '', columns });
    setFormError('');
    if (!checked.ok) {
      setErrors(checked.errors);
      return shake();
    }
    setErrors({});
    setBusy(true);
    try {
      await saveTemplate({ id: template?.id, ...checked.data });
      notify.success(template ? '保存成功' : '创建成功');
      onClose();
    } catch (err) {
      setBusy(false);
      setFormError(err instanceof ApiError ? err.message : '保存失败，请稍后再试');
      shake();
    }
  };
  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="保存" loading={busy} onClick={() => void submit()} />
    </>
  );
  return (
    <Dialog
      header={template ? `编辑模板：${template.name}` : '新建导出模板'}
      visible
      onHide={onClose}
      footer={footer}
      style={{ width: 760 }}
      className={`template-dialog ${shakeClass}`}
    >
      <FieldSet onSubmit={() => void submit()} formError={formError}>
        <Field label="模板名称" htmlFor="template-name" required error={errors.name} labelWidth={80}>
          <InputText
            id="template-name"
            value={name}
            maxLength={40}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => clearErrors(x, ['name']));
            }}
            invalid={!!errors.name}
            placeholder="如：日报简表"
            className="w-full"
          />
        </Field>
        <Field label="数据类型" htmlFor="template-kind" required error={errors.kind} labelWidth={80}>
          <Select<string>
            inputId="template-kind"
            value={kind}
            options={kinds.map((k) => ({ label: k.label, value: k.kind }))}
            onChange={(k) => {
              setKind(k);
              pick([]);
            }}
            disabled={!!template}
            className="w-full"
          />
        </Field>
        <Field label="导出列" required error={errors.columns} labelWidth={80}>
          <ColumnPicker offered={offered} value={columns} onChange={pick} invalid={!!errors.columns} />
        </Field>
        <Field label="表头预览" labelWidth={80}>
          <HeaderPreview labels={labels} />
        </Field>
      </FieldSet>
    </Dialog>
  );
}
