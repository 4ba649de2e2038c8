import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { ClientIndexInput, ClientView } from '../../../shared/admin.ts';
import { clientReset } from '../../../shared/api/admin.ts';
import { formatTime } from '../../lib/formats.ts';
import { notify } from '../../lib/notify.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type RowAction, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { type ClientAction, ClientActionDialog } from './ClientActionDialog.tsx';
import { ClientDialog } from './ClientDialog.tsx';
import { promoteTypeLabel, usertypeLabel } from './labels.ts';
import { clientAction, setClientStatus, useAgents, useClients } from './useAdmin.ts';
import './admin.css';

type Filters = Pick<ClientIndexInput, 'usertype' | 'status' | 'agent_id' | 'expiring' | 'exact'>;

const columns: TableColumn<ClientView>[] = [
  {
    key: 'company',
    header: '客户',
    width: 230,
    cell: (c) => (
      <div className="client-name">
        <div title={c.company || undefined}>{c.company || '--'}</div>
        <div className="muted">{c.email}</div>
      </div>
    ),
  },
  {
    key: 'contact',
    header: '联系人 / 电话',
    width: 124,
    cell: (c) => (
      <div>
        {c.username || '--'}
        <div className="muted">{c.phone || '--'}</div>
      </div>
    ),
  },
  {
    key: 'usertype',
    header: '类型',
    width: 150,
    cell: (c) => (
      <div>
        {usertypeLabel(c.usertype)}
        <div className="muted">{c.usertype === 'agent' ? `子客户 ${c.sub_count}` : c.agent ? `代理商：${c.agent}` : ''}</div>
      </div>
    ),
  },
  { key: 'promote_type', header: '推广类型', width: 80, value: (c) => promoteTypeLabel(c.promote_type) },
  {
    key: 'expire_time',
    header: '到期',
    width: 100,
    nowrap: true,
    cell: (c) =>
      c.expire_time ? (
        <span className={c.expired ? 'tag-off' : ''}>
          {c.expire_time}
          {c.expired ? ' 已到期' : ''}
        </span>
      ) : (
        '长期有效'
      ),
  },
  {
    key: 'status',
    header: '状态',
    width: 58,
    cell: (c) => <span className={c.status === 1 ? 'tag-on' : 'tag-off'}>{c.status === 1 ? '启用' : '禁用'}</span>,
  },
  {
    key: 'created_at',
    header: '创建时间',
    width: 98,
    nowrap: true,
    value: (c) => c.created_at,
    cell: (c) => formatTime(c.created_at, 'YYYY-MM-DD'),
  },
];

/** `/newsxA/client/list`: customers and agents — create, edit, enable/disable, extend, assign to an agent, reset password. */
export function ClientListScreen(): React.JSX.Element {
  const [filters, setFilters] = useState<Filters>({});
  const [exact, setExact] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<ClientView | 'new' | null>(null);
  const [action, setAction] = useState<ClientAction | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const list = useClients({ ...filters, page, pagesize: size });
  const agents = useAgents();
  const filter = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const actions: RowAction<ClientView>[] = [
    { label: '编辑', onClick: setEditing },
    {
      label: '禁用',
      danger: true,
      visible: (c) => c.status === 1,
      onClick: (c) =>
        confirm({
          title: '禁用客户',
          message: `禁用后 ${c.email} 将立即退出登录且无法再登录，确定禁用？`,
          acceptLabel: '禁用',
          danger: true,
          onAccept: () => setClientStatus(c.id, 0).then(() => notify.success('已禁用')),
        }),
    },
    { label: '启用', visible: (c) => c.status !== 1, onClick: (c) => void setClientStatus(c.id, 1).then(() => notify.success('已启用')) },
    { label: '延期', visible: (c) => c.expire_time !== '', onClick: (client) => setAction({ kind: 'extend', client }) },
    { label: '分配', visible: (c) => c.usertype === 'common', onClick: (client) => setAction({ kind: 'assign', client }) },
    {
      label: '重置密码',
      onClick: (c) =>
        confirm({
          title: '重置密码',
          message: `向 ${c.email} 发送重置密码邮件（含 15 分钟有效的验证码）？`,
          acceptLabel: '发送',
          onAccept: () => clientAction(clientReset, { id: c.id }).then(() => notify.success('重置密码邮件已发送')),
        }),
    },
  ];
  const toolbar = (
    <div className="admin-filters">
      <Select<'common' | 'agent'>
        ariaLabel="客户类型"
        placeholder="客户类型"
        value={filters.usertype ?? null}
        allLabel="全部类型"
        options={(['common', 'agent'] as const).map((u) => ({ label: usertypeLabel(u), value: u }))}
        onChange={(u) => filter({ usertype: u ?? undefined })}
        className="admin-filter"
      />
      <Select<0 | 1>
        ariaLabel="状态"
        placeholder="状态"
        value={filters.status ?? null}
        allLabel="全部状态"
        options={[
          { label: '启用', value: 1 as const },
          { label: '禁用', value: 0 as const },
        ]}
        onChange={(s) => filter({ status: s ?? undefined })}
        className="admin-filter"
      />
      <Select<number>
        ariaLabel="代理商"
        placeholder="代理商"
        value={filters.agent_id ?? null}
        allLabel="全部代理商"
        filter
        options={(agents.data?.list ?? []).map((a) => ({ label: a.company || a.email, value: a.id }))}
        onChange={(a) => filter({ agent_id: a ?? undefined })}
        className="admin-filter"
      />
      <Select<number>
        ariaLabel="到期"
        placeholder="到期"
        value={filters.expiring ?? null}
        allLabel="不限到期"
        options={[{ label: '30 天内到期', value: 1 }]}
        onChange={(e) => filter({ expiring: e ?? undefined })}
        className="admin-filter"
      />
      <form
        className="p-inputgroup admin-search"
        onSubmit={(e) => {
          e.preventDefault();
          filter({ exact });
        }}
      >
        <InputText
          value={exact}
          onChange={(e) => setExact(e.target.value)}
          placeholder="邮箱 / 公司 / 联系人 / 手机号"
          aria-label="搜索客户"
        />
        <Button type="submit" icon="pi pi-search" aria-label="搜索" />
      </form>
    </div>
  );
  return (
    <div className="card admin-screen">
      <div className="admin-head">
        <h2 className="card-title">客户列表</h2>
        <div className="admin-tools">
          <Button label="新建客户" icon="pi pi-plus" onClick={() => setEditing('new')} />
        </div>
      </div>
      <ResourceTable<ClientView>
        ariaLabel="客户列表"
        rows={list.data?.list}
        rowKey={(c) => c.id}
        columns={columns}
        loading={list.isLoading || list.isValidating}
        error={list.error}
        actions={actions}
        actionsWidth={206}
        toolbar={toolbar}
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
      {editing ? <ClientDialog client={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {action ? <ClientActionDialog action={action} onClose={() => setAction(null)} /> : null}
      {confirmDialog}
    </div>
  );
}
