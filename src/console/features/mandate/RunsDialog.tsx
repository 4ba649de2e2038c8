import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import type { AdAccountView, SyncRun } from '../../../shared/ad-auth.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { namedOptions } from '../../ui/options.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { useRuns } from './useMandate.ts';

const columns: TableColumn<SyncRun>[] = [
  { key: 'job', header: '任务', width: 130, value: (r) => r.job_label },
  { key: 'started', header: '开始', width: 150, nowrap: true, value: (r) => formatTime(r.started_at, 'MM-DD HH:mm:ss') },
  {
    key: 'finished',
    header: '结束',
    width: 150,
    nowrap: true,
    cell: (r) => (r.finished_at === null ? <span className="muted">进行中或中断</span> : formatTime(r.finished_at, 'MM-DD HH:mm:ss')),
  },
  { key: 'rows', header: '行数', width: 80, align: 'right', value: (r) => formatNumber(r.rows) },
  {
    key: 'result',
    header: '结果',
    cell: (r) => (r.error ? <span className="mandate-sync-error">{r.error}</span> : <span className="mandate-sync-ok">成功</span>),
  },
];

/** 同步记录: every recorded run (entities, reports, token refresh) of one of the authorisation's accounts. */
export function RunsDialog({ accounts, onClose }: { accounts: AdAccountView[]; onClose: () => void }): React.JSX.Element {
  const [id, setId] = useState<number | null>(accounts[0]?.id ?? null);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(DEFAULT_PAGE_SIZE);
  const runs = useRuns(id, page, rows);
  const options = namedOptions(
    accounts,
    (a) => a.advertiser_name || `账户 ${a.advertiser_id}`,
    (a) => a.advertiser_id,
    (a) => a.id,
  );
  return (
    <Dialog header="同步记录" visible onHide={onClose} style={{ width: 860 }} className="mandate-dialog">
      <ResourceTable<SyncRun>
        rows={runs.data?.list}
        rowKey={(r) => `${r.job}-${r.started_at}-${r.finished_at ?? 'open'}`}
        columns={columns}
        loading={runs.isLoading}
        error={runs.error}
        emptyText="还没有同步记录"
        toolbar={
          accounts.length > 1 ? (
            <Select<number>
              value={id}
              options={options}
              onChange={(v) => {
                setId(v);
                setPage(1);
              }}
              ariaLabel="广告账户"
              className="mandate-runs-account"
            />
          ) : (
            <span className="muted">{options[0]?.label}</span>
          )
        }
        paging={{
          total: runs.data?.total ?? 0,
          page,
          pageSize: rows,
          onChange: (p, r) => {
            setPage(p);
            setRows(r);
          },
        }}
      />
    </Dialog>
  );
}
