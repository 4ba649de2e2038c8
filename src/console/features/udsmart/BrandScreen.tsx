import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { brandDelete } from '../../../shared/api/udsmart.ts';
import { ROLE } from '../../../shared/roles.ts';
import type { BrandView } from '../../../shared/udsmart.ts';
import { formatTime } from '../../lib/formats.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/useSession.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type RowAction, type TableColumn } from '../../ui/ResourceTable.tsx';
import { BrandDialog, type BrandEdit } from './BrandDialog.tsx';
import { accountTypeLabel } from './labels.ts';
import { udAction, useBrands } from './useUdsmart.ts';
import '../admin/admin.css';

const columns: TableColumn<BrandView>[] = [
  {
    key: 'name',
    header: '品牌',
    width: 220,
    cell: (b) => (
      <div className="brand-cell">
        <span className="brand-logo" aria-hidden="true">
          {b.logo_text || b.name.slice(0, 1)}
        </span>
        {b.name}
      </div>
    ),
  },
  {
    key: 'accounts',
    header: '广告账户',
    cell: (b) =>
      b.accounts.length ? (
        <div className="chip-list">
          {b.accounts.map((a) => (
            <span key={a.id} className="chip" title={`${a.advertiser_id} · ${a.customer}`}>
              {accountTypeLabel(a.platform)} · {a.name || a.advertiser_id}
            </span>
          ))}
        </div>
      ) : (
        <span className="muted">未绑定</span>
      ),
  },
  { key: 'sub_count', header: '子账号', width: 80, align: 'right', value: (b) => b.sub_count },
  {
    key: 'created_at',
    header: '创建时间',
    width: 110,
    nowrap: true,
    value: (b) => b.created_at,
    cell: (b) => formatTime(b.created_at, 'YYYY-MM-DD'),
  },
];

/** `/sxA/udAcct/brand`: the admin's brands (create, edit, bind accounts, delete); a sub-account sees those assigned to it. */
export function BrandScreen(): React.JSX.Element {
  const { role } = useSession();
  const admin = role === ROLE.udsmartAdmin;
  const [exact, setExact] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [edit, setEdit] = useState<BrandEdit | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const list = useBrands({ exact: search || undefined, page, pagesize: size });
  const actions: RowAction<BrandView>[] = [
    { label: '编辑', onClick: (brand) => setEdit({ kind: 'edit', brand }) },
    { label: '绑定账户', onClick: (brand) => setEdit({ kind: 'bind', brand }) },
    {
      label: '删除',
      danger: true,
      onClick: (b) =>
        confirm({
          title: '删除品牌',
          message: `删除“${b.name}”后，其广告账户和子账号分配一并解除。确定删除？`,
          acceptLabel: '删除',
          danger: true,
          onAccept: () => udAction(brandDelete, { id: b.id }).then(() => notify.success('删除成功')),
        }),
    },
  ];
  return (
    <div className="card admin-screen">
      <div className="admin-head">
        <h2 className="card-title">品牌列表</h2>
        <div className="admin-tools">
          {admin ? (
            <Button label="新建品牌" icon="pi pi-plus" onClick={() => setEdit({ kind: 'create' })} />
          ) : (
            <span className="muted">分配给我的品牌</span>
          )}
        </div>
      </div>
      <ResourceTable<BrandView>
        ariaLabel="品牌列表"
        rows={list.data?.list}
        rowKey={(b) => b.id}
        columns={columns}
        loading={list.isLoading || list.isValidating}
        error={list.error}
        emptyText={admin ? '还没有品牌，点击“新建品牌”开始' : '还没有分配给您的品牌，请联系 UDSmart 管理员'}
        actions={admin ? actions : undefined}
        actionsWidth={170}
        toolbar={
          <form
            className="p-inputgroup admin-search"
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(exact);
              setPage(1);
            }}
          >
            <InputText value={exact} onChange={(e) => setExact(e.target.value)} placeholder="品牌名称" aria-label="搜索品牌" />
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
      {edit ? <BrandDialog edit={edit} onClose={() => setEdit(null)} /> : null}
      {confirmDialog}
    </div>
  );
}
