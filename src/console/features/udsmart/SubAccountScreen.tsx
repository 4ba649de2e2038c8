import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { subAssign } from '../../../shared/api/udsmart.ts';
import { ROLE } from '../../../shared/roles.ts';
import type { BrandView, SubView } from '../../../shared/udsmart.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/useSession.ts';
import { Field, FieldSet } from '../../ui/FormField.tsx';
import { MultiSelect } from '../../ui/MultiSelect.tsx';
import { ResourceTable, type RowAction, type TableColumn } from '../../ui/ResourceTable.tsx';
import { accountLabel } from './labels.ts';
import { udAction, useAllBrands, useSubs } from './useUdsmart.ts';
import '../admin/admin.css';

const names = (ids: readonly number[], label: (id: number) => string | undefined) =>
  ids.length ? (
    <div className="chip-list">
      {ids.map((id) => (
        <span key={id} className="chip">
          {label(id) ?? `#${id}`}
        </span>
      ))}
    </div>
  ) : (
    <span className="muted">未分配</span>
  );

function AssignDialog({ sub, brands, onClose }: { sub: SubView; brands: readonly BrandView[]; onClose: () => void }): React.JSX.Element {
  const [brandIds, setBrandIds] = useState<number[]>(sub.brand_ids);
  const [accountIds, setAccountIds] = useState<number[]>(sub.account_ids);
  const [busy, setBusy] = useState(false);
  const accounts = brands.flatMap((b) => b.accounts).filter((a) => !brandIds.includes(a.brand_id ?? 0));
  const submit = async (): Promise<void> => {
    setBusy(true);
    try {
      await udAction(subAssign, {
        sub_id: sub.id,
        brand_ids: brandIds,
        account_ids: accountIds.filter((id) => accounts.some((a) => a.id === id)),
      });
      notify.success('保存成功');
      onClose();
    } catch {
      setBusy(false);
    }
  };
  const footer = (
    <>
      <Button label="取消" severity="secondary" outlined onClick={onClose} />
      <Button label="确定" loading={busy} onClick={() => void submit()} />
    </>
  );
  return (
    <Dialog header={`分配：${sub.email}`} visible onHide={onClose} style={{ width: 560 }} footer={footer}>
      <FieldSet onSubmit={() => void submit()}>
        <Field label="品牌" htmlFor="assign-brands" hint="可见整个品牌及其全部广告账户" labelWidth={80}>
          <MultiSelect<number>
            inputId="assign-brands"
            value={brandIds}
            options={brands.map((b) => ({ label: b.name, value: b.id }))}
            onChange={setBrandIds}
            filter
            placeholder="选择品牌"
            className="w-full"
          />
        </Field>
        <Field label="单个账户" htmlFor="assign-accounts" hint="只可见所选账户（所属品牌已整体分配的不必再选）" labelWidth={80}>
          <MultiSelect<number>
            inputId="assign-accounts"
            value={accountIds}
            options={accounts.map((a) => ({ label: accountLabel(a), value: a.id }))}
            onChange={setAccountIds}
            filter
            placeholder="选择广告账户"
            className="w-full"
          />
        </Field>
      </FieldSet>
    </Dialog>
  );
}

/** `/sxA/udAcct/account`: which brands or single ad accounts each sub-account sees (the UDSmart admin assigns). */
export function SubAccountScreen(): React.JSX.Element {
  const { role } = useSession();
  const admin = role === ROLE.udsmartAdmin;
  const subs = useSubs(admin);
  const brands = useAllBrands();
  const [editing, setEditing] = useState<SubView | null>(null);
  const brandList = brands.data?.list ?? [];
  const accountName = (id: number) => {
    const a = brandList.flatMap((b) => b.accounts).find((x) => x.id === id);
    return a ? accountLabel(a) : undefined;
  };
  const columns: TableColumn<SubView>[] = [
    {
      key: 'email',
      header: '子账号',
      cell: (s) => (
        <div>
          {s.username || '--'}
          <div className="muted">{s.email}</div>
        </div>
      ),
    },
    {
      key: 'status',
      header: '状态',
      width: 70,
      cell: (s) => <span className={s.status === 1 ? 'tag-on' : 'tag-off'}>{s.status === 1 ? '启用' : '禁用'}</span>,
    },
    { key: 'brands', header: '品牌', cell: (s) => names(s.brand_ids, (id) => brandList.find((b) => b.id === id)?.name) },
    { key: 'accounts', header: '单个账户', cell: (s) => names(s.account_ids, accountName) },
  ];
  const actions: RowAction<SubView>[] = [{ label: '分配', onClick: setEditing }];
  if (!admin) {
    return (
      <div className="card admin-screen">
        <h2 className="card-title">子账号分配</h2>
        <p className="admin-sub">您是 UDSmart 子账号，可查看的品牌和广告账户由 UDSmart 管理员分配：</p>
        {names(
          brandList.map((b) => b.id),
          (id) => brandList.find((b) => b.id === id)?.name,
        )}
      </div>
    );
  }
  return (
    <div className="card admin-screen">
      <div className="admin-head">
        <h2 className="card-title">子账号分配</h2>
        <span className="muted">子账号由超级管理员在“管理员”中创建</span>
      </div>
      <ResourceTable<SubView>
        ariaLabel="子账号"
        rows={subs.data}
        rowKey={(s) => s.id}
        columns={columns}
        loading={subs.isLoading}
        error={subs.error}
        emptyText="还没有子账号"
        actions={actions}
        actionsWidth={80}
      />
      {editing ? <AssignDialog sub={editing} brands={brandList} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
