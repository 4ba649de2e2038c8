import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { MetricKey } from '../../../shared/metrics.ts';
import { METRIC_KEYS } from '../../../shared/metrics.ts';
import type { PromoteChannel } from '../../../shared/promote.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { type DateRangeValue, presetRange } from '../../lib/dates.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { MultiSelect } from '../../ui/MultiSelect.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import type { SortState } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { ExportAction } from '../export-template/ExportAction.tsx';
import { PlanDetailDialog } from './PlanDetail.tsx';
import { PromoteTable } from './PromoteTable.tsx';
import { TotalsBar } from './TotalsBar.tsx';
import { DEFAULT_METRICS, levelTabs, metricLabel, PROMO_TERMS } from './terms.ts';
import { atLevel, crumbs, drill, listInput, ROOT, sumInput, type TreePlace } from './tree-state.ts';
import { UnlinkedNotice } from './UnlinkedNotice.tsx';
import { useChanges } from './useChanges.tsx';
import { useCustomers, usePromoteList, usePromoteSum } from './usePromote.ts';
import './promotion.css';

const STATUS_OPTIONS = [
  { label: '投放中', value: 'delivering' },
  { label: '已暂停', value: 'paused' },
  { label: '审核中', value: 'auditing' },
  { label: '审核不通过', value: 'rejected' },
  { label: '超出预算', value: 'budget_exceed' },
  { label: '余额不足', value: 'balance_exceed' },
  { label: '已完成', value: 'done' },
];

export interface PromotionTreeProps {
  acpl: PromoteChannel;
  pl?: number;
  /** agents and admins pick a customer */
  pickCustomer: boolean;
  /** extra filters at the front of the toolbar (the admin's channel picker) */
  leading?: React.ReactNode;
}

/** The promotion tree of one channel (and sub-platform): accounts → campaigns → plans → creatives, a level at a time. */
export function PromotionTree({ acpl, pl, pickCustomer, leading }: PromotionTreeProps): React.JSX.Element {
  const [place, setPlace] = useState<TreePlace>(ROOT);
  const [range, setRange] = useState<DateRangeValue>(() => presetRange('today'));
  const [customerid, setCustomerid] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [exact, setExact] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(DEFAULT_PAGE_SIZE);
  const [metrics, setMetrics] = useState<MetricKey[]>([...DEFAULT_METRICS]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [detail, setDetail] = useState<PromoteRow | null>(null);
  const changes = useChanges();
  const filters = { range, customerid, status, exact };
  const base = { acpl, pl };
  // SWR keys hash the input, so a new object per render is the same request.
  const list = usePromoteList(listInput(base, place, filters, sort, page, pagesize));
  const sum = usePromoteSum(sumInput(base, place, filters));
  const customers = useCustomers(pickCustomer);
  const rows = list.data?.list;
  // the export (kind plans) takes the list's filters and sort, without paging
  const { page: _page, pagesize: _pagesize, ...exportFilters } = listInput(base, place, filters, sort, 1, pagesize);

  const go = (p: TreePlace): void => {
    setPlace(p);
    setPage(1);
    setSelected(new Set());
  };
  const refilter = (apply: () => void): void => {
    apply();
    setPage(1);
    setSelected(new Set());
  };
  const open = (r: PromoteRow): void => {
    const next = drill(place, r);
    if (next) go(next);
    else if (r.can.preview) changes.preview(r);
    else setDetail(r);
  };
  const chosen = (rows ?? []).filter((r) => selected.has(r.id));

  const toolbar = (
    <div className="promote-toolbar">
      {leading}
      <DateRange value={range} onChange={(v) => refilter(() => setRange(v))} rule="noFuture" presets quick ariaLabel="统计日期" />
      {pickCustomer ? (
        <Select<number>
          className="promote-filter-customer"
          ariaLabel="客户"
          allLabel="全部客户"
          placeholder="全部客户"
          filter
          value={customerid}
          options={(customers.data ?? []).map((c) => ({ label: c.company || String(c.customerid), value: c.customerid }))}
          onChange={(v) => refilter(() => setCustomerid(v))}
        />
      ) : null}
      {place.type !== 'adver' ? (
        <Select<string>
          className="promote-filter"
          ariaLabel="状态"
          allLabel="全部状态"
          placeholder="全部状态"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(v) => refilter(() => setStatus(v))}
        />
      ) : null}
      <span className="p-input-icon-left promote-search">
        <InputText
          value={search}
          placeholder="名称或 ID"
          aria-label="搜索名称或 ID"
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && refilter(() => setExact(search))}
        />
      </span>
      <Button label="搜索" icon="pi pi-search" outlined onClick={() => refilter(() => setExact(search))} />
      <MultiSelect<MetricKey>
        className="promote-metrics"
        ariaLabel={PROMO_TERMS.metricsPicker}
        placeholder={PROMO_TERMS.metricsPicker}
        maxLabels={0}
        value={metrics}
        options={METRIC_KEYS.map((k) => ({ label: metricLabel(k), value: k }))}
        onChange={(v) => setMetrics(METRIC_KEYS.filter((k) => v.includes(k)))}
      />
    </div>
  );

  return (
    <div className="promote-tree">
      <div className="promote-nav">
        <Tabs ariaLabel="层级" tabs={levelTabs(acpl)} value={place.type} onChange={(t) => go(atLevel(place, t))} />
        <nav className="promote-crumbs" aria-label="推广层级路径">
          {crumbs(place).map((c, i, all) =>
            i === all.length - 1 ? (
              <span key={`${c.place.type}-${c.label}`} aria-current="page">
                {c.label}
              </span>
            ) : (
              <button key={`${c.place.type}-${c.label}`} type="button" className="link-button" onClick={() => go(c.place)}>
                {c.label}
              </button>
            ),
          )}
        </nav>
      </div>
      <TotalsBar sum={sum.data} metrics={metrics} levelName={rows?.[0]?.level_name ?? ''} loading={sum.isLoading} />
      {chosen.length > 0 ? (
        <section className="promote-batch" aria-label="批量操作">
          已选 {chosen.length} 项
          <Button
            size="small"
            label={PROMO_TERMS.batchResume}
            outlined
            onClick={() => changes.batch(chosen, true, () => setSelected(new Set()))}
          />
          <Button
            size="small"
            label={PROMO_TERMS.batchPause}
            severity="danger"
            outlined
            onClick={() => changes.batch(chosen, false, () => setSelected(new Set()))}
          />
          <Button size="small" label="取消选择" text onClick={() => setSelected(new Set())} />
        </section>
      ) : null}
      <UnlinkedNotice rows={rows} />
      <PromoteTable
        ariaLabel="推广列表"
        rows={rows}
        loading={list.isLoading || list.isValidating}
        error={list.error}
        paging={{ total: list.data?.total ?? 0, page, pageSize: pagesize, onChange: (p, s) => (setPage(p), setPagesize(s)) }}
        sort={sort}
        onSort={(s) => refilter(() => setSort(s))}
        metrics={metrics}
        pending={changes.pending}
        selected={selected}
        onSelect={setSelected}
        onOpen={open}
        onToggle={changes.toggle}
        onEdit={changes.edit}
        onPreview={changes.preview}
        onDetail={setDetail}
        showCustomer={pickCustomer}
        showPlatform={pl === undefined}
        emptyText={place.type === 'adver' ? '还没有授权的广告账户：请先在「账户授权」里授权' : undefined}
        toolbar={toolbar}
        exportSlot={<ExportAction kind="plans" filters={exportFilters} disabled={!list.data?.total} />}
      />
      {changes.dialogs}
      {detail ? <PlanDetailDialog row={detail} onClose={() => setDetail(null)} /> : null}
    </div>
  );
}
