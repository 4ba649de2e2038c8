import { useState } from 'react';
import { formatTime } from '../../lib/formats.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { ACTION_LABELS, logChanges } from './log-format.ts';
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
          {c.before !== null ? (
            <>
              <span className="log-value log-before" title={c.before}>
                {c.before}
              </span>{' '}
              →{' '}
            </>
          ) : null}
          <span className="log-value log-after" title={c.after}>
            {c.after}
          </span>
        </li>
      ))}
    </ul>
  );
}

const columns: TableColumn<LinkLogEntry>[] = [
  { key: 'at', header: '时间', width: 150, nowrap: true, cell: (e) => formatTime(e.at, 'YYYY-MM-DD HH:mm') },
  { key: 'action', header: '操作', width: 72, value: (e) => ACTION_LABELS[e.action] ?? e.action },
  { key: 'actor', header: '操作人', width: 200, value: (e) => e.actor },
  { key: 'changes', header: '变更内容', cell: (e) => <Changes e={e} /> },
];

/** 变更记录 (napi/link/log): who changed what and when. */
export function LinkLogTable({ pageid }: { pageid: string }): React.JSX.Element {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(DEFAULT_PAGE_SIZE);
  const { data, error, isLoading } = useLinkLog(pageid, page, rows);
  return (
    <section className="card link-section">
      <h3 className="card-title">变更记录</h3>
      <ResourceTable<LinkLogEntry>
        className="link-log-table"
        ariaLabel="变更记录"
        rows={data?.list}
        rowKey={(e) => e.id}
        columns={columns}
        loading={isLoading}
        error={error}
        emptyText="暂无变更记录"
        paging={{
          total: data?.total ?? 0,
          page,
          pageSize: rows,
          onChange: (p, r) => {
            setPage(p);
            setRows(r);
          },
        }}
      />
    </section>
  );
}
