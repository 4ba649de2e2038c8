import { Button } from 'primereact/button';
import { useState } from 'react';
import type { ManagerView } from '../../../shared/admin.ts';
import { managerStatus } from '../../../shared/api/admin.ts';
import { ROLE } from '../../../shared/roles.ts';
import { formatTime } from '../../lib/formats.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/useSession.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type RowAction, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { AuditTable } from './AuditTable.tsx';
import { roleName } from './labels.ts';
import { ManagerDialog, type ManagerEdit } from './ManagerDialog.tsx';
import { managerAction, useManagers } from './useAdmin.ts';
import './admin.css';

const columns: TableColumn<ManagerView>[] = [
  {
    key: 'email',
    header: '管理员',
    cell: (m) => (
      <div>
        {m.username || '--'}
        <div className="muted">{m.email}</div>
      </div>
    ),
  },
  { key: 'phone', header: '手机号', width: 130, value: (m) => m.phone },
  { key: 'role', header: '角色', width: 150, value: (m) => roleName(m.role) },
  { key: 'parent', header: '所属 UDSmart', width: 170, value: (m) => m.parent },
  {
    key: 'status',
    header: '状态',
    width: 70,
    cell: (m) => <span className={m.status === 1 ? 'tag-on' : 'tag-off'}>{m.status === 1 ? '启用' : '禁用'}</span>,
  },
  {
    key: 'created_at',
    header: '创建时间',
    width: 110,
    nowrap: true,
    value: (m) => m.created_at,
    cell: (m) => formatTime(m.created_at, 'YYYY-MM-DD'),
  },
];

type Tab = 'managers' | 'audit';

/** `/sxA/manager`: administrators (role 1 changes roles 2, 5, 6; role 2 reads) and the 操作日志 of the admin area. */
export function ManagerScreen(): React.JSX.Element {
  const { role } = useSession();
  const superAdmin = role === ROLE.superAdmin;
  const [tab, setTab] = useState<Tab>('managers');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [edit, setEdit] = useState<ManagerEdit | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const list = useManagers({ page, pagesize: size });
  const actions: RowAction<ManagerView>[] = superAdmin
    ? [
        { label: '编辑', visible: (m) => m.editable, onClick: (manager) => setEdit({ kind: 'edit', manager }) },
        { label: '重置密码', visible: (m) => m.editable, onClick: (manager) => setEdit({ kind: 'password', manager }) },
        {
          label: '禁用',
          danger: true,
          visible: (m) => m.editable && m.status === 1,
          onClick: (m) =>
            confirm({
              title: '禁用管理员',
              message: `禁用后 ${m.email} 将立即退出登录，确定禁用？`,
              acceptLabel: '禁用',
              danger: true,
              onAccept: () => managerAction(managerStatus, { id: m.id, status: 0 }).then(() => notify.success('已禁用')),
            }),
        },
        {
          label: '启用',
          visible: (m) => m.editable && m.status !== 1,
          onClick: (m) => void managerAction(managerStatus, { id: m.id, status: 1 }).then(() => notify.success('已启用')),
        },
      ]
    : [];
  return (
    <div className="card admin-screen">
      <div className="admin-head">
        <h2 className="card-title">管理员</h2>
        <Tabs<Tab>
          ariaLabel="管理员与操作日志"
          tabs={[
            { label: '管理员', value: 'managers' },
            { label: '操作日志', value: 'audit' },
          ]}
          value={tab}
          onChange={setTab}
        />
        <div className="admin-tools">
          {superAdmin && tab === 'managers' ? (
            <Button label="新建管理员" icon="pi pi-plus" onClick={() => setEdit({ kind: 'create' })} />
          ) : null}
          {!superAdmin ? <span className="muted">只读：仅超级管理员可以修改管理员</span> : null}
        </div>
      </div>
      {tab === 'managers' ? (
        <ResourceTable<ManagerView>
          ariaLabel="管理员列表"
          rows={list.data?.list}
          rowKey={(m) => m.id}
          columns={columns}
          loading={list.isLoading || list.isValidating}
          error={list.error}
          actions={actions.length ? actions : undefined}
          actionsWidth={200}
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
      ) : (
        <AuditTable />
      )}
      {edit ? <ManagerDialog edit={edit} onClose={() => setEdit(null)} /> : null}
      {confirmDialog}
    </div>
  );
}
