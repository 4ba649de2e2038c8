import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { type DateRangeValue, quickRange } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/useSession.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { DateRange } from '../../ui/DateRange.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ExportAction } from '../export-template/ExportAction.tsx';
import { LinkDialog } from './LinkDialog.tsx';
import { LinkFiltersBar } from './LinkFiltersBar.tsx';
import { LinkTable } from './LinkTable.tsx';
import { emptyForm, formFromLink, type LinkForm } from './link-form.ts';
import { emptyFilters, type LinkFilters, listQuery } from './list-query.ts';
import { linkWords } from './terms.ts';
import type { LinkView } from './types.ts';
import { deleteLink, useLinkCustomers, useLinkList, useLinkMetrics } from './useLinks.ts';
import { detailPath, type VariantInfo, variantInfo, variantOf } from './variant.ts';
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
  const words = linkWords(info.variant);
  const [filters, setFilters] = useState<LinkFilters>(emptyFilters);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const [range, setRange] = useState<DateRangeValue>(() => quickRange(7));
  const [confirmDialog, confirm] = useConfirm();
  const query = useMemo(() => listQuery(filters, info, page, rows), [filters, info, page, rows]);
  const exportFilters = useMemo(() => {
    const { page: _page, pagesize: _pagesize, ...f } = listQuery(filters, info, 1, DEFAULT_PAGE_SIZE);
    return { ...f, start: range[0], end: range[1] };
  }, [filters, info, range]);
  const list = useLinkList(query);
  const pageids = useMemo(() => (list.data?.list ?? []).map((l) => l.pageid), [list.data]);
  const numbers = useLinkMetrics(pageids, range);
  const metrics = useMemo(() => new Map((numbers.data?.list ?? []).map((m) => [m.pageid, m])), [numbers.data]);
  const customers = useLinkCustomers(info.customers);
  const customerList = info.customers ? (customers.data ?? []) : null;

  const changeFilters = (f: LinkFilters): void => {
    setFilters(f);
    setPage(1);
  };
  const create = (): void => {
    const platform = filters.platform && info.platforms.includes(filters.platform) ? filters.platform : (info.platforms[0] ?? 2);
    setEditing({ initial: emptyForm(platform, filters.customerid) });
  };
  const remove = (l: LinkView): void =>
    confirm({
      title: words.remove,
      message: words.removeQuestion(l.pageid),
      acceptLabel: '删除',
      danger: true,
      onAccept: () => deleteLink(l.pageid).then(() => notify.success('删除成功')),
    });

  return (
    <div className="card link-screen">
      <div className="link-screen-head">
        <h2 className="card-title">{info.title}</h2>
        {/* 导出 beside 新建链接: the filters keep the whole row (one row at 1200 px) */}
        <div className="link-screen-actions">
          <span className="muted link-range-label">数据日期</span>
          <DateRange value={range} onChange={setRange} rule="noFuture" presets ariaLabel="数据日期" />
          <ExportAction kind="links" filters={exportFilters} disabled={!list.data?.total} />
          <Button label="新建链接" icon="pi pi-plus" onClick={create} />
        </div>
      </div>
      <LinkTable
        rows={list.data?.list}
        metrics={metrics}
        loading={list.isLoading || list.isValidating}
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
        showCustomer={info.customers}
        detailHref={(id) => detailPath(info.variant, id)}
        onEdit={(l) => setEditing({ link: l, initial: formFromLink(l) })}
        onDelete={remove}
        toolbar={<LinkFiltersBar value={filters} info={info} customers={customerList ?? []} onChange={changeFilters} />}
      />
      {editing ? (
        <LinkDialog
          variant={info.variant}
          link={editing.link}
          initial={editing.initial}
          platforms={info.platforms}
          customers={customerList}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {confirmDialog}
    </div>
  );
}
