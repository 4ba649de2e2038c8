import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { type AccountRow, UD_PLATFORMS } from '../../../shared/udsmart.ts';
import { type DateRangeValue, quickRange } from '../../lib/dates.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { accountTypeLabel, stateLabel } from './labels.ts';
import { useAllBrands, useUdAccounts } from './useUdsmart.ts';
import '../admin/admin.css';

const columns: TableColumn<AccountRow>[] = [
  {
    key: 'name',
    header: '广告账户',
    width: 170,
    nowrap: true,
    cell: (a) => (
      <div>
        {a.name || '--'}
        <div className="muted mono">{a.advertiser_id}</div>
      </div>
    ),
  },
  { key: 'platform', header: '账户类型', width: 90, value: (a) => accountTypeLabel(a.platform) },
  {
    key: 'brand',
    header: '品牌 / 客户',
    width: 180,
    // a company name stays on one line: cut with an ellipsis, whole in the tooltip (issue 18's walk)
    cell: (a) => (
      <div className="cell-one-line" title={`${a.brand} / ${a.customer}`}>
        {a.brand}
        <div className="muted cell-one-line">{a.customer}</div>
      </div>
    ),
  },
  {
    key: 'state',
    header: '状态',
    width: 110,
    nowrap: true,
    cell: (a) => <span className={a.state === 'active' ? 'tag-on' : 'tag-off'}>{stateLabel(a.state)}</span>,
  },
  {
    key: 'sum_cost',
    header: '消耗',
    width: 100,
    align: 'right',
    sortable: true,
    value: (a) => a.sum_cost,
    cell: (a) => formatNumber(a.sum_cost, 2),
  },
  {
    key: 'sum_show_cnt',
    header: '展示数',
    width: 90,
    align: 'right',
    value: (a) => a.sum_show_cnt,
    cell: (a) => formatNumber(a.sum_show_cnt),
  },
  { key: 'sum_click', header: '点击数', width: 80, align: 'right', value: (a) => a.sum_click, cell: (a) => formatNumber(a.sum_click) },
  {
    key: 'last_sync_at',
    header: '最近同步',
    width: 140,
    nowrap: true,
    cell: (a) => (
      <div>
        {a.last_sync_at ? formatTime(a.last_sync_at, 'YYYY-MM-DD HH:mm') : '未同步'}
        {a.last_sync_error ? (
          // the platform's message can be long: one line, whole in the tooltip
          <div className="tag-off cell-one-line" title={a.last_sync_error}>
            {a.last_sync_error}
          </div>
        ) : null}
      </div>
    ),
  },
];

/** `/sxA/udAcct/promoteList`: the ad accounts the caller sees, with authorisation state, spend over the range and last sync. */
export function PromoteListScreen(): React.JSX.Element {
  const [range, setRange] = useState<DateRangeValue>(() => quickRange(7));
  const [brand, setBrand] = useState<number | null>(null);
  const [platform, setPlatform] = useState<number | null>(null);
  const [exact, setExact] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const brands = useAllBrands();
  const list = useUdAccounts({
    start: range[0],
    end: range[1],
    brand_id: brand ?? undefined,
    platform: platform ?? undefined,
    exact: search || undefined,
    page,
    pagesize: size,
  });
  const again =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return (
    <div className="card admin-screen">
      <div className="admin-head">
        <h2 className="card-title">广告账户列表</h2>
        <div className="admin-tools">
          <DateRange value={range} onChange={again(setRange)} rule="noFuture" quick presets ariaLabel="日期范围" />
        </div>
      </div>
      <ResourceTable<AccountRow>
        ariaLabel="广告账户列表"
        rows={list.data?.list}
        rowKey={(a) => a.id}
        columns={columns}
        loading={list.isLoading || list.isValidating}
        error={list.error}
        emptyText="没有可查看的广告账户"
        toolbar={
          <div className="admin-filters">
            <Select<number>
              ariaLabel="品牌"
              value={brand}
              allLabel="全部品牌"
              placeholder="全部品牌"
              options={(brands.data?.list ?? []).map((b) => ({ label: b.name, value: b.id }))}
              onChange={again(setBrand)}
              className="admin-filter"
            />
            <Select<number>
              ariaLabel="账户类型"
              value={platform}
              allLabel="全部账户类型"
              placeholder="全部账户类型"
              options={UD_PLATFORMS.map((p) => ({ label: accountTypeLabel(p), value: p }))}
              onChange={again(setPlatform)}
              className="admin-filter"
            />
            <form
              className="p-inputgroup admin-search"
              onSubmit={(e) => {
                e.preventDefault();
                again(setSearch)(exact);
              }}
            >
              <InputText
                value={exact}
                onChange={(e) => setExact(e.target.value)}
                placeholder="账户名称 / 广告主 ID"
                aria-label="搜索广告账户"
              />
              <Button type="submit" icon="pi pi-search" aria-label="搜索" />
            </form>
          </div>
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
    </div>
  );
}
