import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AuthView } from '../../../shared/ad-auth.ts';
import { ROLE } from '../../../shared/roles.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/useSession.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { namedOptions } from '../../ui/options.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { Select } from '../../ui/Select.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { AuthorizeDialog } from './AuthorizeDialog.tsx';
import { AuthTable } from './AuthTable.tsx';
import { RunsDialog } from './RunsDialog.tsx';
import { accountTypeLabel, STATUS_OPTIONS, TYPE_TABS, UC } from './terms.ts';
import { cancelAuth, syncNow, useAgentCustomers, useAuthList } from './useMandate.ts';
import './mandate.css';

type Dialog = { kind: 'authorise'; authId?: number } | { kind: 'runs'; auth: AuthView } | null;

/** 账户授权 (ver2 /new/mandate): authorised accounts per account type, their state, owner and last sync; 授权, 重新授权, 取消. */
export function MandateScreen(): React.JSX.Element {
  const { role } = useSession();
  const [search, setSearch] = useSearchParams();
  const platform = TYPE_TABS.find((t) => String(t.value) === search.get('type'))?.value ?? 2;
  const agent = role === ROLE.agent;
  const admin = role === ROLE.superAdmin || role === ROLE.admin;
  const [state, setState] = useState<number | null>(null);
  const [customerid, setCustomerid] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(DEFAULT_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirmDialog, confirm] = useConfirm();
  const tree = useAgentCustomers(agent);
  const customers = useMemo(
    () =>
      namedOptions(
        tree.data ?? [],
        (c) => c.company || c.email || '未命名客户',
        (c) => c.email,
        (c) => c.customerid,
      ).map((o, i) => {
        const c = tree.data?.[i];
        return c && !(c.valid + c.expiring + c.reauth) ? { ...o, label: `${o.label} · 未授权` } : o;
      }),
    [tree.data],
  );
  const list = useAuthList({
    platform,
    state: state ?? 0,
    page,
    pagesize: rows,
    ...(agent || admin ? { method: 'agentALL' as const } : {}),
    ...(customerid !== null ? { customerid } : {}),
  });

  const cancel = (a: AuthView): void =>
    confirm({
      title: '取消授权',
      message: `取消后将停止同步「${a.accounts.map((x) => x.advertiser_name).join('、') || a.platform_user_id}」的计划与报表，并删除保存的授权凭证；已同步的数据保留。确定取消吗？`,
      acceptLabel: '取消授权',
      danger: true,
      onAccept: () => cancelAuth(a.id).then(() => notify.success('已取消授权')),
    });
  const sync = (a: AuthView): void => void syncNow(a.id).then(() => notify.success('已开始同步，稍后刷新查看结果'));
  const change = (f: () => void): void => {
    f();
    setPage(1);
  };

  return (
    <div className="card mandate-screen">
      <div className="mandate-head">
        <h2 className="card-title">账户授权</h2>
        {agent || role === ROLE.customer ? (
          <Button
            label={platform === UC ? '添加 UCID 账户' : `授权${accountTypeLabel(platform)}账户`}
            icon="pi pi-plus"
            onClick={() => setDialog({ kind: 'authorise' })}
          />
        ) : null}
      </div>
      <Tabs<number>
        tabs={TYPE_TABS}
        value={platform}
        onChange={(v) => change(() => setSearch({ type: String(v) }))}
        ariaLabel="账户类型"
        className="mandate-tabs"
      />
      <AuthTable
        rows={list.data?.list}
        loading={list.isLoading}
        error={list.error}
        paging={{
          total: list.data?.total ?? 0,
          page,
          pageSize: rows,
          onChange: (p, r) => {
            setPage(p);
            setRows(r);
          },
        }}
        showCustomer={agent || admin}
        toolbar={
          <div className="mandate-filters">
            <Select<number>
              value={state}
              options={STATUS_OPTIONS}
              allLabel="全部状态"
              placeholder="全部状态"
              onChange={(v) => change(() => setState(v))}
              ariaLabel="授权状态"
              className="mandate-filter"
            />
            {agent ? (
              <Select<number>
                value={customerid}
                options={customers}
                allLabel="全部客户"
                placeholder="全部客户"
                onChange={(v) => change(() => setCustomerid(v))}
                ariaLabel="客户"
                filter
                className="mandate-filter-customer"
              />
            ) : null}
          </div>
        }
        onReauthorise={(a) => setDialog({ kind: 'authorise', authId: a.id })}
        onCancel={cancel}
        onRuns={(a) => setDialog({ kind: 'runs', auth: a })}
        onSync={sync}
      />
      {dialog?.kind === 'authorise' ? (
        <AuthorizeDialog platform={platform} customers={agent ? customers : null} authId={dialog.authId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'runs' ? <RunsDialog accounts={dialog.auth.accounts} onClose={() => setDialog(null)} /> : null}
      {confirmDialog}
    </div>
  );
}
