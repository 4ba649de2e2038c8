import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat, type ExportView } from '../../../shared/exports.ts';
import { notify } from '../../lib/notify.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { Select } from '../../ui/Select.tsx';
import { ExportProgress } from './ExportProgress.tsx';
import { HeaderPreview } from './HeaderPreview.tsx';
import { createExport, downloadExport, useExportStatus, useKinds, useTemplates } from './useExports.ts';

interface Props {
  kind: string;
  filters: Record<string, unknown>;
  onClose: () => void;
}

const FORMATS = Object.entries(EXPORT_FORMATS) as Array<[ExportFormat, string]>;

/**
 * 导出: pick a template of this list (or every column) and a format; a small export downloads at once, a large
 * one shows its progress here (and in 导出记录) until its 下载 button appears.
 */
export function ExportDialog({ kind, filters, onClose }: Props): React.JSX.Element {
  const kinds = useKinds();
  const templates = useTemplates(kind);
  const [templateId, setTemplateId] = useState(0);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const status = useExportStatus(jobId);
  const job: ExportView | undefined = status.data;
  const offered = kinds.data?.find((k) => k.kind === kind);
  const chosen = templates.data?.list.find((t) => t.id === templateId);
  const labels = chosen ? chosen.labels : (offered?.columns.map((c) => c.label) ?? []);
  const options = [{ label: '全部列', value: 0 }, ...(templates.data?.list ?? []).map((t) => ({ label: t.name, value: t.id }))];

  const start = async (): Promise<void> => {
    setBusy(true);
    try {
      const made = await createExport({ kind, format, template_id: templateId, filters });
      if (made.state === 'done') {
        await downloadExport(made.id);
        notify.success(`已导出 ${made.rows_done} 行`);
        onClose();
        return;
      }
      setJobId(made.id);
    } catch {
      // the api client has shown why
    } finally {
      setBusy(false);
    }
  };

  const footer = job ? (
    <>
      <Button label="关闭" severity="secondary" outlined onClick={onClose} />
      <Button
        label="下载"
        icon="pi pi-download"
        disabled={job.state !== 'done'}
        onClick={() => void downloadExport(job.id).catch(() => {})}
      />
    </>
  ) : (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="导出" icon="pi pi-download" loading={busy} onClick={() => void start()} />
    </>
  );
  return (
    <Dialog
      header={`导出${offered?.label ?? ''}`}
      visible
      onHide={onClose}
      footer={footer}
      style={{ width: 560 }}
      className="export-dialog"
    >
      {job ? (
        <div className="export-running">
          <p>
            {job.state === 'done'
              ? '导出完成，可以下载了。'
              : '数据较多，正在后台导出；关闭窗口不影响导出，完成后也可在“导出模板 › 导出记录”中下载。'}
          </p>
          <ExportProgress job={job} />
        </div>
      ) : (
        <FieldSet onSubmit={() => void start()}>
          <Field label="导出模板" htmlFor="export-template" labelWidth={80}>
            <Select<number>
              inputId="export-template"
              value={templateId}
              options={options}
              onChange={(v) => setTemplateId(v ?? 0)}
              className="w-full"
            />
          </Field>
          <Field label="文件格式" labelWidth={80}>
            <div className="radio-row" role="radiogroup">
              {FORMATS.map(([value, label]) => (
                <label key={value} className="radio-item" htmlFor={`export-format-${value}`}>
                  <RadioButton
                    inputId={`export-format-${value}`}
                    name="export-format"
                    value={value}
                    checked={format === value}
                    onChange={() => setFormat(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </Field>
          <Field label="表头" labelWidth={80} hint="按当前筛选条件导出全部数据（不只是当前页）">
            <HeaderPreview labels={labels} />
          </Field>
        </FieldSet>
      )}
    </Dialog>
  );
}
