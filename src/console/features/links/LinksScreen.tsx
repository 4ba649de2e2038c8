import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/useSession.ts';
import { notify } from '../../lib/notify.ts';
import { DEFAULT_PAGE_SIZE, Pager } from '../../ui/Pager.tsx';
import { emptyForm, formFromLink, type LinkForm } from './linkForm.ts';
import { LinkDialog } from './LinkDialog.tsx';
import { LinkFiltersBar } from './LinkFiltersBar.tsx';
import { LinkTable } from './LinkTable.tsx';
import { emptyFilters, listQuery, type LinkFilters } from './listQuery.ts';
import type { LinkView } from './types.ts';
import { deleteLink, useLinkCustomers, useLinkList } from './useLinks.ts';
import { detailPath, variantInfo, variantOf, type VariantInfo } from './variant.ts';
import './links.css';

type Editing = { link?: LinkView; initial: LinkForm } | null;

/** Promotion links of /landing, /landing/page, /minilandurl/page and the admin /newsxA/client/landingpage. */
export function LinksScreen(): React.JSX.Element {
  const { pathname } = useLocation();
  const { role, version } = useSession();
  const info = useMemo(() => variantInfo(variantOf(pathname, version), role), [pathname, version, role]);
  // keyed: moving between /landing/page and /minilandurl/page starts with fresh filters
  return <LinkList key={info.variant} info={info} />;
}

function LinkList({ info }: { info: VariantInfo }): React.JSX.Element {
  const [filters, setFilters] = useState<LinkFilters>(emptyFilters);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const query = useMemo(() => listQuery(filters, info, page, rows), [filters, info, page, rows]);
  const list = useLinkList(query);
  const customers = useLinkCustomers(info.customers);
  const customerList = info.customers ? (customers.data ?? []) : null;

  const changeFilters = (f: LinkFilters): void => {
    setFilters(f);
    setPage(1);
  };
  const create = (): void => {
    const platform = filters.platform && info.platforms.includes(filters.platform) ? filters.platform : info.platforms[0];
    setEditing({ initial: emptyForm(platform, filters.customerid) });
  };
  const remove = (l: LinkView): void => {
    confirmDialog({
      header: '删除推广链接',
      message: `确定删除推广链接 ${l.pageid} 吗？删除后落地页和监测链接将失效。`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: '删除',
      rejectLabel: '取消',
      acceptClassName: 'p-button-danger',
      accept: () => void deleteLink(l.pageid).then(() => notify.success('删除成功'), () => undefined),
    });
  };

  return (
    <div className="card link-screen">
      <div className="link-screen-head">
        <h2 className="card-title">{info.title}</h2>
        <Button label="新建链接" icon="pi pi-plus" onClick={create} />
      </div>
      <LinkFiltersBar value={filters} info={info} customers={customerList ?? []} onChange={changeFilters} />
      <LinkTable
        rows={list.data?.list ?? []}
        loading={list.isLoading}
        showCustomer={info.customers}
        detailHref={(id) => detailPath(info.variant, id)}
        onEdit={(l) => setEditing({ link: l, initial: formFromLink(l) })}
        onDelete={remove}
      />
      <Pager
        total={list.data?.total ?? 0}
        page={page}
        pageSize={rows}
        onChange={(p, r) => {
          setPage(p);
          setRows(r);
        }}
      />
      {editing ? <LinkDialog link={editing.link} initial={editing.initial} platforms={info.platforms} customers={customerList} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog />
    </div>
  );
}
