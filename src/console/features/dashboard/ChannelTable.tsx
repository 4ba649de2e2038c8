import type { BoardList } from '../../../shared/dashboard.ts';
import { METRIC_META } from '../../../shared/metrics.ts';
import { formatNumber } from '../../lib/formats.ts';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { metricFormat, metricLabel, RANK_COLUMNS } from './terms.ts';

type Row = BoardList['list'][number];

const columns: TableColumn<Row>[] = [
  { key: 'label', header: '渠道', value: (r) => r.label, width: 140 },
  ...RANK_COLUMNS.map((k) => ({
    key: k,
    header: <span title={METRIC_META[k].hint}>{metricLabel(k)}</span>,
    value: (r: Row) => r.metrics[k],
    cell: (r: Row) => formatNumber(r.metrics[k], metricFormat(k)),
    sortable: true,
    align: 'right' as const,
    nowrap: true,
  })),
];

/** The old data board's list: one row per ad channel, sortable here (every channel is on the page). */
export function ChannelTable({
  data,
  loading,
  error,
}: {
  data: BoardList | undefined;
  loading: boolean;
  error: unknown;
}): React.JSX.Element {
  return (
    <ResourceTable<Row>
      ariaLabel="各渠道数据"
      rows={data?.list}
      rowKey={(r) => r.key}
      columns={columns}
      loading={loading}
      error={error}
      emptyText="所选时段各渠道都没有消耗或订单"
      className="rank-table"
    />
  );
}
