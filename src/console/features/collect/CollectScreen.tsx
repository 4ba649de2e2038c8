import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { CHANNELS } from '../../../shared/catalog.ts';
import type { ItemRow } from '../../../shared/dashboard.ts';
import { ROLE } from '../../../shared/roles.ts';
import { presetRange } from '../../lib/dates.ts';
import { useSession } from '../../lib/useSession.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { PlatformPicker } from '../../ui/PlatformPicker.tsx';
import type { SortState } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { BoardCards } from '../dashboard/BoardCards.tsx';
import { type BoardFilters, shopParam, sortParams } from '../dashboard/board-query.ts';
import { PeriodPicker } from '../dashboard/PeriodPicker.tsx';
import { useCustomerOptions } from '../dashboard/useBoard.ts';
import { ItemDetailDialog } from './ItemDetailDialog.tsx';
import { ItemTable } from './ItemTable.tsx';
import { ITEM_CARDS, itemOrdersPath } from './terms.ts';
import { useItemIndex } from './useItems.ts';
import '../dashboard/dashboard.css';
import './collect.css';

const channelOptions = Object.entries(CHANNELS).map(([c, label]) => ({ label, value: Number(c) }));

/** `/collect` item-effect analysis: per item cost, clicks, orders, GMV, ROI and conversion over a range. */
export function CollectScreen(): React.JSX.Element {
  const { role } = useSession();
  const isAgent = role === ROLE.agent;
  const [filters, setFilters] = useState<BoardFilters>(() => ({ range: presetRange('last7'), shop: 'all', customerid: null }));
  const [state, setState] = useState<number | null>(null);
  const [exact, setExact] = useState('');
  const [paging, setPaging] = useState({ page: 1, pagesize: DEFAULT_PAGE_SIZE });
  const [sort, setSort] = useState<SortState | null>({ key: 'sum_cost', order: -1 });
  const [open, setOpen] = useState<ItemRow | null>(null);
  const customers = useCustomerOptions(isAgent);
  const listFilters = {
    start: filters.range[0],
    end: filters.range[1],
    ...shopParam(filters.shop),
    ...(state === null ? {} : { state }),
    ...(filters.customerid === null ? {} : { customerid: filters.customerid }),
    ...(exact.trim() ? { exact: exact.trim() } : {}),
    ...sortParams(sort),
  };
  const q = useItemIndex({ ...listFilters, page: paging.page, pagesize: paging.pagesize });
  const set = (patch: Partial<BoardFilters>): void => {
    setFilters((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const totals = q.data ? { metrics: q.data.totals } : undefined;
  return (
    <div className="board-screen">
      <section className="card board-head" aria-label="筛选">
        <h2 className="card-title">商品效果分析</h2>
        <PeriodPicker value={filters.range} onChange={(range) => set({ range })} />
        <PlatformPicker
          dashboard
          withAll
          showChannels={false}
          shop={filters.shop}
          channel="juliang"
          onChange={({ shop }) => set({ shop })}
        />
        <div className="collect-filters">
          <Select<number>
            value={state}
            options={channelOptions}
            allLabel="全部渠道"
            placeholder="全部渠道"
            onChange={setState}
            ariaLabel="投放渠道"
            inputId="collect-channel"
          />
          {isAgent ? (
            <Select<number>
              value={filters.customerid}
              options={customers}
              allLabel="全部客户"
              placeholder="全部客户"
              filter
              onChange={(customerid) => set({ customerid })}
              ariaLabel="客户"
              inputId="collect-customer"
            />
          ) : null}
          <span className="p-input-icon-left collect-search">
            <InputText
              value={exact}
              onChange={(e) => setExact(e.target.value)}
              placeholder="商品ID或标题"
              aria-label="搜索商品"
              maxLength={100}
            />
          </span>
        </div>
      </section>
      <section className="card" aria-label="合计">
        <BoardCards keys={ITEM_CARDS} data={totals} loading={q.isLoading} />
      </section>
      <section className="card">
        <ItemTable
          rows={q.data?.list}
          loading={q.isLoading || q.isValidating}
          error={q.error}
          sort={sort}
          onSort={setSort}
          paging={{
            total: q.data?.total ?? 0,
            page: paging.page,
            pageSize: paging.pagesize,
            onChange: (page, pagesize) => setPaging({ page, pagesize }),
          }}
          ordersHref={(r) => itemOrdersPath(r.item_id, filters.range)}
          onAnalyse={setOpen}
          exportFilters={listFilters}
        />
      </section>
      {open ? <ItemDetailDialog item={open} filters={filters} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
