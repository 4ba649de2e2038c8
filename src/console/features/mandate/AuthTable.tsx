import type { ReactNode } from 'react';
import type { AuthView } from '../../../shared/ad-auth.ts';
import { formatTime } from '../../lib/formats.ts';
import { ResourceTable, type TableColumn, type TablePaging } from '../../ui/ResourceTable.tsx';
import { AccountLine, StatusCell, SyncCell } from './cells.tsx';

interface Props {
  rows: AuthView[] | undefined;
  loading: boolean;
  error: unknown;
  paging: TablePaging;
  showCustomer: boolean;
  toolbar: ReactNode;
  onReauthorise: (a: AuthView) => void;
  onCancel: (a: AuthView) => void;
  onRuns: (a: AuthView) => void;
  onSync: (a: AuthView) => void;
}

const columns = (showCustomer: boolean): TableColumn<AuthView>[] => [
  {
    key: 'who',
    header: '授权',
    width: 150,
    cell: (a) => (
      <div>
        <div className="mandate-user" title={a.platform_user_id}>
          #{a.id} {a.platform_user_id ? <span className="muted">{a.platform_user_id}</span> : null}
        </div>
        <small className="muted">授权于 {formatTime(a.created_at, 'YYYY-MM-DD')}</small>
      </div>
    ),
  },
  ...(showCustomer ? [{ key: 'company', header: '所属客户', width: 180, oneLine: true, value: (a: AuthView) => a.company }] : []),
  {
    key: 'accounts',
    header: '广告账户',
    cell: (a) => (
      <div className="mandate-accounts">
        {a.accounts.length ? a.accounts.map((x) => <AccountLine key={x.id} a={x} />) : <span className="muted">--</span>}
      </div>
    ),
  },
  {
    key: 'status',
    header: '状态',
    width: 150,
    cell: (a) => (
      <StatusCell
        status={a.status}
        label={a.status_label}
        why={a.status === 'reauth' ? a.last_error : a.status === 'expiring' ? `${formatTime(a.expires_at, 'MM-DD HH:mm')} 到期` : ''}
      />
    ),
  },
  {
    key: 'sync',
    header: '最近同步',
    width: 170,
    cell: (a) => <SyncCell at={a.last_sync_at} error={a.last_sync_error} active={a.status !== 'cancelled' && a.status !== 'reauth'} />,
  },
];

/** The new version's list: one row per authorisation with its advertiser accounts. */
export function AuthTable(p: Props): React.JSX.Element {
  return (
    <ResourceTable<AuthView>
      rows={p.rows}
      rowKey={(a) => a.id}
      columns={columns(p.showCustomer)}
      loading={p.loading}
      error={p.error}
      paging={p.paging}
      toolbar={p.toolbar}
      emptyText="还没有授权的账户，点击右上角授权"
      ariaLabel="授权列表"
      actionsWidth={150}
      actions={[
        { label: '重新授权', onClick: p.onReauthorise },
        { label: '立即同步', onClick: p.onSync, visible: (a) => a.status === 'valid' || a.status === 'expiring' },
        { label: '同步记录', onClick: p.onRuns },
        { label: '取消授权', onClick: p.onCancel, danger: true, visible: (a) => a.status !== 'cancelled' },
      ]}
    />
  );
}
