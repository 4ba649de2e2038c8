import { useState } from 'react';
import type { HealthItem, HealthKind, HomeView } from '../../../shared/admin-reports.ts';
import { formatTime } from '../../lib/formats.ts';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { PostbackSettle } from '../orders/PostbackSettle.tsx';
import { TrackingLagNotice } from './TrackingLagNotice.tsx';
import { useHealth } from './useAdmin.ts';

const KINDS: { kind: HealthKind; label: string; count: keyof HomeView['health'] }[] = [
  { kind: 'reauth', label: '需要重新授权的广告账户', count: 'reauth' },
  { kind: 'jobs', label: '失败的同步任务', count: 'failing_jobs' },
  { kind: 'postbacks', label: '回传死信', count: 'dead_letters' },
  { kind: 'in_doubt', label: '待确认的回传', count: 'in_doubt' },
  { kind: 'pdd_authority', label: '未备案的拼多多推广身份', count: 'pdd_unbound' },
];

/** 待确认 rows are settled here; 未备案 rows link their 备案 page. */
const actionColumn: TableColumn<HealthItem> = {
  key: 'action',
  header: '操作',
  width: 210,
  nowrap: true,
  cell: (r) =>
    r.order ? (
      <PostbackSettle orderid={r.order.orderid} />
    ) : r.url ? (
      <a href={r.url} target="_blank" rel="noreferrer">
        备案链接
      </a>
    ) : null,
};

const columns: TableColumn<HealthItem>[] = [
  { key: 'subject', header: '对象', value: (r) => r.subject },
  { key: 'customer', header: '客户', width: 160, oneLine: true, value: (r) => r.customer },
  { key: 'error', header: '原因', cell: (r) => <span className="tag-off">{r.error || '--'}</span> },
  { key: 'at', header: '时间', width: 150, nowrap: true, value: (r) => r.at, cell: (r) => formatTime(r.at, 'YYYY-MM-DD HH:mm') },
];

/** 同步健康: three counts; each opens its list below. Above them, while monitor data waits too long, the lag. */
export function HealthPanel({ health, lag }: { health: HomeView['health']; lag: HomeView['tracking_lag'] }): React.JSX.Element {
  const [kind, setKind] = useState<HealthKind | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useHealth(kind ? { kind, page, pagesize: size } : null);
  return (
    <section className="card admin-screen" aria-label="同步健康">
      <h3 className="card-title">同步健康</h3>
      <TrackingLagNotice lag={lag} />
      <div className="health-row">
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            className={`health-button ${health[k.count] > 0 ? 'health-bad' : ''}`}
            aria-pressed={kind === k.kind}
            onClick={() => {
              setKind(kind === k.kind ? null : k.kind);
              setPage(1);
            }}
          >
            <MetricCard label={k.label} value={health[k.count]} />
          </button>
        ))}
      </div>
      {kind ? (
        <ResourceTable<HealthItem>
          ariaLabel={KINDS.find((k) => k.kind === kind)?.label}
          rows={list.data?.list}
          rowKey={(r) => r.key}
          columns={kind === 'in_doubt' || kind === 'pdd_authority' ? [...columns, actionColumn] : columns}
          loading={list.isLoading}
          error={list.error}
          emptyText="一切正常"
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
      ) : null}
    </section>
  );
}
