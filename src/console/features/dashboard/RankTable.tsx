import { useState } from 'react';
import type { RankLevel, RankRow } from '../../../shared/dashboard.ts';
import { formatNumber } from '../../lib/formats.ts';
import { ResourceTable, type SortState, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { ExportAction } from '../export-template/ExportAction.tsx';
import { type BoardFilters, detailInput } from './board-query.ts';
import { LEVEL_LABELS, metricFormat, metricHint, metricLabel, RANK_COLUMNS } from './terms.ts';
import { useIndexDetail } from './useBoard.ts';

interface Props {
  filters: BoardFilters;
  /** the ad channel (account type) ranked, or null for all of them */
  social: number | null;
  levels: readonly RankLevel[];
  /** agents and admins: which customer each row belongs to */
  showCustomer: boolean;
  emptyText: string;
}

/** Spec §9: the dashboard detail shows 50 rows a page. */
const DETAIL_PAGE_SIZE = 50;

/** What a row without an id at its level stands for (docs/metrics.md "Rows add up to the card"). */
const NO_ID_HINT: Record<RankLevel, string> = {
  advertiser: '推广链接带来、但没有追到任何广告计划的订单（归因规则见订单的归因路径）',
  campaign: '这个账户下没有追到广告组的订单',
  plan: '这个账户下没有追到广告计划的订单',
  link: '没有带我们推广链接的广告计划的消耗',
  item: '推广链接没有对应商品的消耗',
  customer: '',
};

function nameCell(level: RankLevel, r: RankRow): React.JSX.Element {
  const sub =
    r.id === '' ? '' : level === 'link' ? `链接 ${r.pageid}` : level === 'customer' ? '' : level === 'item' ? r.item_id : `ID ${r.id}`;
  return (
    <div className="rank-name">
      <div className="rank-name-main" title={r.id === '' ? NO_ID_HINT[level] : r.name}>
        {r.name}
      </div>
      {sub ? <div className="rank-name-sub muted">{sub}</div> : null}
    </div>
  );
}

/** The ranked tables' columns: the row's name (with its id), its customer for agents, and the metrics. */
export function rankColumns(level: RankLevel, showCustomer: boolean): TableColumn<RankRow>[] {
  return [
    { key: 'name', header: LEVEL_LABELS[level], cell: (r) => nameCell(level, r), sortable: true, width: 170 },
    ...(showCustomer && level !== 'customer'
      ? [{ key: 'customer', header: '客户', value: (r: RankRow) => r.customer, width: 160, oneLine: true }]
      : []),
    ...RANK_COLUMNS.map((k) => ({
      key: k,
      header: <span title={metricHint(k) || undefined}>{metricLabel(k)}</span>,
      cell: (r: RankRow) => formatNumber(r.metrics[k], metricFormat(k)),
      sortable: true,
      align: 'right' as const,
      nowrap: true,
    })),
  ];
}

/** The ranked table of advertisers / plans / links … (`/api/index/detail`): tabs per level, sortable by any metric. */
export function RankTable({ filters, social, levels, showCustomer, emptyText }: Props): React.JSX.Element {
  const [level, setLevel] = useState<RankLevel>(levels[0] ?? 'advertiser');
  const [paging, setPaging] = useState({ page: 1, pagesize: DETAIL_PAGE_SIZE });
  const [sort, setSort] = useState<SortState | null>({ key: 'sum_cost', order: -1 });
  const input = detailInput(filters, social, level, paging, sort);
  const q = useIndexDetail(input);
  const { page: _page, pagesize: _size, ...exportFilters } = input;
  return (
    <section className="board-rank" aria-label="排行明细">
      <div className="board-section-head">
        <h3 className="board-section-title">排行明细</h3>
        <Tabs<RankLevel>
          ariaLabel="排行维度"
          tabs={levels.map((l) => ({ label: LEVEL_LABELS[l], value: l }))}
          value={level}
          onChange={(l) => {
            setLevel(l);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </div>
      <ResourceTable<RankRow>
        ariaLabel={`${LEVEL_LABELS[level]}排行`}
        rows={q.data?.list}
        rowKey={(r) => `${r.channel}:${r.advertiser_id}:${r.id}`}
        columns={rankColumns(level, showCustomer)}
        loading={q.isLoading || q.isValidating}
        error={q.error}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        paging={{
          total: q.data?.total ?? 0,
          page: paging.page,
          pageSize: paging.pagesize,
          onChange: (page, pagesize) => setPaging({ page, pagesize }),
        }}
        emptyText={emptyText}
        className="rank-table"
        exportSlot={<ExportAction kind="dashboardDetail" filters={exportFilters} disabled={!q.data?.total} />}
      />
    </section>
  );
}
