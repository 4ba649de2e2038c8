import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { AuditView } from '../../../shared/admin.ts';
import { formatTime } from '../../lib/formats.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { FIELD_LABEL, roleName, statusLabel } from './labels.ts';
import { useAudit } from './useAdmin.ts';

function show(k: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '空';
  if (Array.isArray(v)) return v.join('、') || '无';
  if (k === 'role' && typeof v === 'number') return roleName(v);
  if (k === 'status' && typeof v === 'number') return statusLabel(v);
  if (k === 'expire_time' && typeof v === 'number') return v ? formatTime(v, 'YYYY-MM-DD') : '长期有效';
  return String(v);
}

function Changes({ a }: { a: AuditView }): React.JSX.Element {
  const keys = [...new Set([...Object.keys(a.before), ...Object.keys(a.after)])].filter((k) => k !== 'id');
  if (keys.length === 0) return <span className="muted">--</span>;
  return (
    <ul className="diff-list">
      {keys.map((k) => (
        <li key={k}>
          {FIELD_LABEL[k] ?? k}：{k in a.before ? <span className="diff-old">{show(k, a.before[k])}</span> : null}
          {k in a.before && k in a.after ? ' → ' : ''}
          {k in a.after ? show(k, a.after[k]) : ''}
        </li>
      ))}
    </ul>
  );
}

const columns: TableColumn<AuditView>[] = [
  { key: 'at', header: '时间', width: 150, nowrap: true, value: (a) => a.at, cell: (a) => formatTime(a.at, 'YYYY-MM-DD HH:mm:ss') },
  { key: 'actor', header: '操作人', width: 170, value: (a) => a.actor },
  { key: 'action', header: '操作', width: 130, value: (a) => a.action },
  { key: 'target', header: '对象', width: 190, value: (a) => a.target },
  { key: 'changes', header: '修改前 → 修改后', cell: (a) => <Changes a={a} /> },
];

/** 操作日志: who did what to whom and when, with the values before and after. */
export function AuditTable(): React.JSX.Element {
  const [exact, setExact] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useAudit({ exact: search || undefined, page, pagesize: size });
  return (
    <ResourceTable<AuditView>
      ariaLabel="操作日志"
      rows={list.data?.list}
      rowKey={(a) => a.id}
      columns={columns}
      loading={list.isLoading || list.isValidating}
      error={list.error}
      emptyText="暂无操作记录"
      toolbar={
        <form
          className="p-inputgroup admin-search"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(exact);
            setPage(1);
          }}
        >
          <InputText value={exact} onChange={(e) => setExact(e.target.value)} placeholder="操作人或对象的邮箱" aria-label="搜索操作日志" />
          <Button type="submit" icon="pi pi-search" aria-label="搜索" />
        </form>
      }
      paging={{
        total: list.data?.total ?? 0,
        page,
        pageSize: size,
        onChange: (p, s) => {
          setPage(p);
          setSize(s);
        },
      }}
    />
  );
}
