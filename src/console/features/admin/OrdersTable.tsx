import type { OrderView, PageOrdersView } from '../../../shared/admin-reports.ts';
import { LIST_ORDERS_HINT } from '../../../shared/orders.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { ResourceTable, type TableColumn, type TablePaging } from '../../ui/ResourceTable.tsx';
import { ExportAction } from '../export-template/ExportAction.tsx';
import { orderTotalNote } from '../orders/terms.ts';
import { accountTypeLabel, orderStatusLabel, unionLabel } from './labels.ts';

const columns: TableColumn<OrderView>[] = [
  {
    key: 'order',
    header: '订单',
    width: 190,
    cell: (o) => (
      <div>
        <div className="mono">{o.order_id}</div>
        <div className="muted">{unionLabel(o.union_name)}</div>
      </div>
    ),
  },
  {
    key: 'item',
    header: '商品',
    cell: (o) => (
      <div>
        <div>{o.item_title || o.item_id}</div>
        <div className="muted">{o.shop_name}</div>
      </div>
    ),
  },
  { key: 'status', header: '状态', width: 80, value: (o) => orderStatusLabel(o.status) },
  {
    key: 'order_price',
    header: '订单金额',
    width: 110,
    align: 'right',
    sortable: true,
    value: (o) => o.order_price,
    cell: (o) => formatNumber(o.order_price, 2),
  },
  {
    key: 'paid_price',
    header: '付款金额',
    width: 110,
    align: 'right',
    value: (o) => o.paid_price,
    cell: (o) => formatNumber(o.paid_price, 2),
  },
  {
    key: 'source',
    header: '渠道 / 广告主',
    width: 150,
    cell: (o) => (
      <div>
        {o.channel ? accountTypeLabel(o.channel) : <span className="muted">--</span>}
        <div className="muted mono">{o.advertiser_id || '--'}</div>
      </div>
    ),
  },
  {
    key: 'created_at',
    header: '下单 / 付款时间',
    width: 160,
    nowrap: true,
    sortable: true,
    value: (o) => o.created_at,
    cell: (o) => (
      <div>
        {formatTime(o.created_at, 'YYYY-MM-DD HH:mm')}
        <div className="muted">{o.paid_at ? formatTime(o.paid_at, 'YYYY-MM-DD HH:mm') : '未付款'}</div>
      </div>
    ),
  },
];

interface Props {
  data: PageOrdersView | undefined;
  loading: boolean;
  error: unknown;
  paging: Omit<TablePaging, 'total'>;
  /** the landing page whose orders these are (their 导出: kind orders with the page as pubid, scoped as the list) */
  pageId: string;
}

/** A landing page's orders with their sums: the admin's and UDSmart's order screens. */
export function OrdersTable({ data, loading, error, paging, pageId }: Props): React.JSX.Element {
  const s = data?.sums;
  return (
    <>
      <div className="metric-row">
        <MetricCard label="订单数" value={s?.orders} loading={loading} hint={LIST_ORDERS_HINT} />
        <MetricCard label="订单金额" value={s?.order_price} format={2} loading={loading} />
        <MetricCard label="付款订单数" value={s?.paid_orders} loading={loading} />
        <MetricCard label="付款金额" value={s?.paid_price} format={2} loading={loading} />
        <MetricCard label="预估佣金" value={s?.commission} format={2} loading={loading} />
      </div>
      <ResourceTable<OrderView>
        ariaLabel="订单列表"
        rows={data?.list}
        rowKey={(o) => `${o.union_name}:${o.order_id}`}
        columns={columns}
        loading={loading}
        error={error}
        emptyText="暂无订单"
        paging={{
          ...paging,
          total: data?.total ?? 0,
          note: orderTotalNote(data && { orders: data.sums.orders, closedUnpaid: data.closed_unpaid }),
        }}
        exportSlot={<ExportAction kind="orders" filters={{ pubid: pageId }} disabled={!data?.total} />}
      />
    </>
  );
}
