import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { formatTime } from '../../lib/formats.ts';
import { DEFAULT_PAGE_SIZE, Pager } from '../../ui/Pager.tsx';
import { ACTION_LABELS, logChanges } from './logFormat.ts';
import type { LinkLogEntry } from './types.ts';
import { useLinkLog } from './useLinks.ts';

function Changes({ e }: { e: LinkLogEntry }): React.JSX.Element {
  const rows = logChanges(e.action, e.before, e.after);
  if (rows.length === 0) return <span className="muted">--</span>;
  return (
    <ul className="log-changes">
      {rows.map((c) => (
        <li key={c.field}>
          <span className="log-field">{c.label}</span>
          {c.before !== null ? <><span className="log-value log-before" title={c.before}>{c.before}</span> → </> : null}
          <span className="log-value log-after" title={c.after}>{c.after}</span>
        </li>
      ))}
    </ul>
  );
}

/** 变更记录 (napi/link/log): who changed what and when. */
export function LinkLogTable({ pageid }: { pageid: string }): React.JSX.Element {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(DEFAULT_PAGE_SIZE);
  const { data, isLoading } = useLinkLog(pageid, page, rows);
  return (
    <section className="card link-section">
      <h3 className="card-title">变更记录</h3>
      <DataTable value={data?.list ?? []} loading={isLoading} dataKey="id" emptyMessage="暂无变更记录" size="small" className="link-log-table">
        <Column header="时间" body={(e: LinkLogEntry) => formatTime(e.at, 'YYYY-MM-DD HH:mm')} style={{ width: 150 }} />
        <Column header="操作" body={(e: LinkLogEntry) => ACTION_LABELS[e.action] ?? e.action} style={{ width: 80 }} />
        <Column header="操作人" body={(e: LinkLogEntry) => e.actor || '--'} style={{ width: 200 }} />
        <Column header="变更内容" body={(e: LinkLogEntry) => <Changes e={e} />} />
      </DataTable>
      <Pager
        total={data?.total ?? 0}
        page={page}
        pageSize={rows}
        onChange={(p, r) => {
          setPage(p);
          setRows(r);
        }}
      />
    </section>
  );
}
