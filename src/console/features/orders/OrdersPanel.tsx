import { useMemo, useState } from 'react';
import { LIST_ORDERS_HINT, type OrderView } from '../../../shared/orders.ts';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { ExportAction } from '../export-template/ExportAction.tsx';
import { ItemCell, MoneyCell, PostbackCell, SourceCell, StatusCell, TimeCell } from './OrderCells.tsx';
import { OrderFiltersBar } from './OrderFiltersBar.tsx';
import { OrderPathDialog } from './OrderPathDialog.tsx';
import { initialFilters, orderQuery } from './order-query.ts';
import { PostbackSetting } from './PostbackSetting.tsx';
import { DATE_LABEL, orderTotalNote } from './terms.ts';
import { useOrderPage } from './useOrders.ts';
import './orders.css';
import { fenToYuan } from '../../../shared/money.ts';

const timeOf = (o: OrderView, deposit: number): number => (deposit === 3 ? o.click_at : deposit === 1 ? o.deposit_paid_at : o.paid_at);

export interface OrdersPanelProps {
  pageid: string;
  /** show the link's 回传设置 (link owners and admins) */
  postbackSetting?: boolean;
}

/**
 * 订单 of one promotion link: filters, sums over every matching order, the list with status, amounts, commission,
 * the attributed click and plan and the postback state, and each order's path from the ad (归因路径).
 */
export function OrdersPanel({ pageid, postbackSetting = false }: OrdersPanelProps): React.JSX.Element {
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<string | null>(null);
  const { data, error, isLoading } = useOrderPage(pageid, orderQuery(filters, page, size));
  // the export takes the order list's filters (`/api/order/index`: the link is `pubid`), without paging
  const exportFilters = useMemo(() => {
    const { page: _page, pagesize: _pagesize, ...f } = orderQuery(filters, 1, DEFAULT_PAGE_SIZE);
    return { pubid: pageid, ...f };
  }, [filters, pageid]);
  const columns = useMemo(
    (): TableColumn<OrderView>[] => [
      { key: 'item', header: '商品 / 订单', cell: (o) => <ItemCell o={o} /> },
      { key: 'status', header: '状态', width: 80, cell: (o) => <StatusCell o={o} /> },
      { key: 'money', header: '金额', width: 172, align: 'right', cell: (o) => <MoneyCell o={o} /> },
      {
        key: 'time',
        header: DATE_LABEL[filters.deposit],
        width: 104,
        cell: (o) => <TimeCell at={timeOf(o, filters.deposit)} created={o.created_at} />,
      },
      { key: 'source', header: '广告来源', width: 176, cell: (o) => <SourceCell o={o} /> },
      { key: 'postback', header: '回传', width: 80, cell: (o) => <PostbackCell o={o} /> },
    ],
    [filters.deposit],
  );
  const s = data?.sums;
  const pb = data?.postback;
  return (
    <section className="card link-section orders-panel" aria-label="订单">
      <div className="link-section-head">
        <h3 className="card-title">订单</h3>
        <div className="link-section-tools">{postbackSetting ? <PostbackSetting pageid={pageid} /> : null}</div>
      </div>
      <div className="order-totals">
        <MetricCard label="订单数" value={s?.orders} loading={isLoading} hint={LIST_ORDERS_HINT} />
        <MetricCard label="付款订单数" value={s?.paid_orders} loading={isLoading} />
        <MetricCard label="订单金额" value={s ? fenToYuan(s.order_fen) : undefined} format={2} loading={isLoading} />
        <MetricCard label="付款金额" value={s ? fenToYuan(s.paid_fen) : undefined} format={2} loading={isLoading} />
        <MetricCard label="预估佣金" value={s ? fenToYuan(s.commission_fen) : undefined} format={2} loading={isLoading} />
        <section className="metric-card" aria-label="回传">
          <div className="metric-label">回传（已回传 / 待回传 / 待确认 / 失败）</div>
          <div className="metric-value">{pb ? `${pb.sent} / ${pb.pending} / ${pb.in_doubt} / ${pb.failed}` : '…'}</div>
        </section>
      </div>
      <ResourceTable<OrderView>
        className="orders-table"
        ariaLabel="订单列表"
        toolbar={
          <OrderFiltersBar
            value={filters}
            onChange={(v) => {
              setFilters(v);
              setPage(1);
            }}
          />
        }
        exportSlot={<ExportAction kind="orders" filters={exportFilters} disabled={!data?.total} />}
        rows={data?.list}
        rowKey={(o) => `${o.union}:${o.order_id}`}
        columns={columns}
        loading={isLoading}
        error={error}
        emptyText="暂无订单：推广链接带来的订单同步后显示在这里"
        actions={[{ label: '归因路径', onClick: (o) => setOpen(o.order_id) }]}
        actionsWidth={80}
        paging={{
          total: data?.total ?? 0,
          note: orderTotalNote(data && { orders: data.sums.orders, closedUnpaid: data.closed_unpaid }),
          page,
          pageSize: size,
          onChange: (p, r) => {
            setPage(p);
            setSize(r);
          },
        }}
      />
      {open ? <OrderPathDialog orderid={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
