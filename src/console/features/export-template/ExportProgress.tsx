import { ProgressBar } from 'primereact/progressbar';
import { EXPORT_STATES, type ExportView } from '../../../shared/exports.ts';

/** An export's state: a progress bar with rows done / total while it runs, the reason when it failed. */
export function ExportProgress({ job, compact = false }: { job: ExportView; compact?: boolean }): React.JSX.Element {
  if (job.state === 'failed') return <span className="export-failed">{`失败：${job.error}`}</span>;
  if (job.state === 'done' || job.state === 'expired')
    return <span className={`export-state-${job.state}`}>{EXPORT_STATES[job.state]}</span>;
  const rows = `${job.rows_done.toLocaleString('zh-CN')} / ${job.rows_total.toLocaleString('zh-CN')} 行`;
  return (
    <div className={`export-progress ${compact ? 'compact' : ''}`}>
      <ProgressBar value={job.state === 'queued' ? 0 : job.percent} showValue={false} aria-label="导出进度" />
      <span className="muted">
        {job.state === 'queued' ? `${EXPORT_STATES.queued} · 共 ${job.rows_total.toLocaleString('zh-CN')} 行` : `${job.percent}% · ${rows}`}
      </span>
    </div>
  );
}
