import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdAccountView } from '../../../shared/ad-auth.ts';
import { notify } from '../../lib/notify.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { AuthorizeDialog } from './AuthorizeDialog.tsx';
import { AccountLine, StatusCell, SyncCell } from './cells.tsx';
import { RunsDialog } from './RunsDialog.tsx';
import { accountTypeLabel, goToConsent, OLD_TYPE_TABS, UC } from './terms.ts';
import { cancelAuth, oldConsent, useOldAccounts } from './useMandate.ts';
import './mandate.css';

type Dialog = { kind: 'authorise'; authId?: number } | { kind: 'runs'; account: AdAccountView } | null;

const columns: TableColumn<AdAccountView>[] = [
  { key: 'account', header: '广告账户', cell: (a) => <AccountLine a={a} /> },
  { key: 'status', header: '授权状态', width: 150, cell: (a) => <StatusCell status={a.status} label={a.status_label} /> },
  {
    key: 'sync',
    header: '最近同步',
    width: 190,
    cell: (a) => <SyncCell at={a.last_sync_at} error={a.last_sync_error} active={a.active === 1} />,
  },
];

/** 我的授权 (standard version /mandate): the old version's account list (/api/account/index by source), 微博 included. */
export function MyMandateScreen(): React.JSX.Element {
  const [search, setSearch] = useSearchParams();
  const platform = OLD_TYPE_TABS.find((t) => String(t.value) === search.get('type'))?.value ?? 2;
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(DEFAULT_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirmDialog, confirm] = useConfirm();
  const list = useOldAccounts({ source: platform, page, pagesize: rows });

  const authorise = (): void => {
    if (platform === UC) setDialog({ kind: 'authorise' });
    else void oldConsent(platform).then((r) => goToConsent(r.url, platform));
  };
  const cancel = (a: AdAccountView): void =>
    confirm({
      title: '取消授权',
      message: `取消后将停止同步「${a.advertiser_name || a.advertiser_id}」及同一授权下其他账户的数据，已同步的数据保留。确定取消吗？`,
      acceptLabel: '取消授权',
      danger: true,
      onAccept: () => cancelAuth(a.auth_id).then(() => notify.success('已取消授权')),
    });

  return (
    <div className="card mandate-screen">
      <div className="mandate-head">
        <h2 className="card-title">我的授权</h2>
        <Button
          label={platform === UC ? '添加 UCID 账户' : `授权${accountTypeLabel(platform)}账户`}
          icon="pi pi-plus"
          onClick={authorise}
        />
      </div>
      <Tabs<number>
        tabs={OLD_TYPE_TABS}
        value={platform}
        onChange={(v) => {
          setSearch({ type: String(v) });
          setPage(1);
        }}
        ariaLabel="账户类型"
        className="mandate-tabs"
      />
      <ResourceTable<AdAccountView>
        rows={list.data?.list}
        rowKey={(a) => a.id}
        columns={columns}
        loading={list.isLoading}
        error={list.error}
        emptyText="还没有授权的账户，点击右上角授权"
        ariaLabel="授权账户列表"
        actionsWidth={150}
        actions={[
          { label: '重新授权', onClick: (a) => setDialog({ kind: 'authorise', authId: a.auth_id }) },
          { label: '同步记录', onClick: (a) => setDialog({ kind: 'runs', account: a }) },
          { label: '取消授权', danger: true, onClick: cancel, visible: (a) => a.status !== 'cancelled' },
        ]}
        paging={{
          total: list.data?.total ?? 0,
          page,
          pageSize: rows,
          onChange: (p, r) => {
            setPage(p);
            setRows(r);
          },
        }}
      />
      {dialog?.kind === 'authorise' ? (
        <AuthorizeDialog platform={platform} customers={null} authId={dialog.authId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'runs' ? <RunsDialog accounts={[dialog.account]} onClose={() => setDialog(null)} /> : null}
      {confirmDialog}
    </div>
  );
}
