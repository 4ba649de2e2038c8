import type { ItemRow } from '../../../shared/dashboard.ts';
import { METRIC_META } from '../../../shared/metrics.ts';
import { formatNumber } from '../../lib/formats.ts';
import { ResourceTable, type SortState, type TableColumn, type TablePaging } from '../../ui/ResourceTable.tsx';
import { metricFormat, metricLabel } from '../dashboard/terms.ts';
import { ExportAction } from '../export-template/ExportAction.tsx';
import { ItemCell } from './ItemCell.tsx';
import { COLLECT_EMPTY, ITEM_COLUMNS } from './terms.ts';

const columns: TableColumn<ItemRow>[] = [
  { key: 'name', header: '商品', cell: (r) => <ItemCell item={r} />, sortable: true, width: 260 },
  { key: 'visits', header: '访问', value: (r) => r.visits, sortable: true, align: 'right', nowrap: true },
  ...ITEM_COLUMNS.map((k) => ({
    key: k,
    header: <span title={METRIC_META[k].hint}>{metricLabel(k)}</span>,
    cell: (r: ItemRow) => formatNumber(r.metrics[k], metricFormat(k)),
    sortable: true,
    align: 'right' as const,
    nowrap: true,
  })),
];

interface Props {
  rows: ItemRow[] | undefined;
  loading: boolean;
  error: unknown;
  paging: TablePaging;
  sort: SortState | null;
  onSort: (s: SortState | null) => void;
  ordersHref: (r: ItemRow) => string;
  onAnalyse: (r: ItemRow) => void;
  /** the list's filters without paging (the 导出 button) */
  exportFilters: Record<string, unknown>;
}

/** One row per item: its cost, clicks, orders, GMV, ROI and conversion; open its analysis or its orders. */
export function ItemTable(p: Props): React.JSX.Element {
  return (
    <ResourceTable<ItemRow>
      ariaLabel="商品效果"
      rows={p.rows}
      rowKey={(r) => r.item_id}
      columns={columns}
      loading={p.loading}
      error={p.error}
      sort={p.sort}
      onSort={p.onSort}
      paging={p.paging}
      emptyText={COLLECT_EMPTY}
      actions={[
        // the 未关联商品 row (item_id '') is the cost of plans whose link promotes no item: nothing to open
        { label: '分析', onClick: p.onAnalyse, visible: (r) => r.item_id !== '' },
        { label: '订单', to: p.ordersHref, visible: (r) => r.item_id !== '' },
      ]}
      actionsWidth={96}
      exportSlot={<ExportAction kind="itemAnalysis" filters={p.exportFilters} disabled={!p.paging.total} />}
      className="rank-table item-table"
    />
  );
}
