import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ItemOrderRow } from '../../../shared/dashboard.ts';
import { type DateRangeValue, presetRange } from '../../lib/dates.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { PeriodPicker } from '../dashboard/PeriodPicker.tsx';
import { orderTotalNote, postbackLabel, statusLabel, unionLabel } from '../orders/terms.ts';
import { ItemCell } from './ItemCell.tsx';
import { channelLabel } from './terms.ts';
import { useItemDetail, useItemOrders } from './useItems.ts';
import '../dashboard/dashboard.css';
import './collect.css';

const yuan = (v: number) => formatNumber(v, 2);
/** An instant as its day over its minute: each line fits a narrow column whatever the digits' widths. */
function DayAndTime({ at }: { at: number }) {
  if (!at) return <>--</>;
  return (
    <>
      <div>{formatTime(at, 'YYYY-MM-DD')}</div>
      <div className="muted item-sub">{formatTime(at, 'HH:mm')}</div>
    </>
  );
}
/**
 * At 1280 px every column fits beside the sidebar: a 19-digit order number on one line (never broken inside the
 * number), amounts right-aligned with room before the left-aligned times, each time as its day over its minute and the link
 * over its channel.
 */
const columns: TableColumn<ItemOrderRow>[] = [
  {
    key: 'order_id',
    header: '订单号',
    cell: (r) => <span title={unionLabel(r.union_name)}>{r.order_id}</span>,
    width: 184,
    nowrap: true,
  },
  { key: 'status', header: '状态', value: (r) => statusLabel(r.status), width: 64, nowrap: true },
  { key: 'order_price', header: '订单金额', cell: (r) => yuan(r.order_price), align: 'right', nowrap: true, width: 92 },
  { key: 'paid_price', header: '付款金额', cell: (r) => yuan(r.paid_price), align: 'right', nowrap: true, width: 92 },
  { key: 'commission', header: '预估佣金', cell: (r) => yuan(r.commission), align: 'right', nowrap: true, width: 92 },
  { key: 'created_at', header: '下单时间', cell: (r) => <DayAndTime at={r.created_at} />, nowrap: true, width: 104 },
  { key: 'paid_at', header: '付款时间', cell: (r) => <DayAndTime at={r.paid_at} />, nowrap: true, width: 104 },
  {
    key: 'pageid',
    header: '推广链接',
    cell: (r) => (
      <>
        <div>{r.pageid || '--'}</div>
        <div className="muted item-sub">{channelLabel(r.channel)}</div>
      </>
    ),
    nowrap: true,
    width: 112,
  },
  { key: 'postback_state', header: '回传', value: (r) => postbackLabel(r.postback_state), nowrap: true },
];

function initialRange(params: URLSearchParams): DateRangeValue {
  const start = params.get('start');
  const end = params.get('end');
  const ok = (d: string | null): d is string => d !== null && /^\d{4}-\d{2}-\d{2}$/.test(d);
  return ok(start) && ok(end) ? [start, end] : presetRange('last7');
}

/**
 * `/collect/page/{pageId}` (spec §2): the attributed orders of one promotion link in a range, newest first, under
 * its item; the item list opens it with an item id, for the item's orders through any link.
 */
export function ItemOrdersScreen(): React.JSX.Element {
  const { pageId = '' } = useParams();
  const [params] = useSearchParams();
  const [range, setRange] = useState<DateRangeValue>(() => initialRange(params));
  const [paging, setPaging] = useState({ page: 1, pagesize: DEFAULT_PAGE_SIZE });
  const item = useItemDetail({ item_id: pageId, start: range[0], end: range[1] });
  const q = useItemOrders({ item_id: pageId, start: range[0], end: range[1], page: paging.page, pagesize: paging.pagesize });
  return (
    <div className="board-screen">
      <section className="card board-head" aria-label="商品">
        <div className="item-orders-head">
          {item.data ? (
            <div>
              <ItemCell item={item.data.item} />
              {item.data.pageid ? <div className="muted item-sub">推广链接 {item.data.pageid} 的订单</div> : null}
            </div>
          ) : (
            <h2 className="card-title">{pageId}</h2>
          )}
          <Link to="/collect" className="p-button p-button-text p-button-sm">
            <i className="pi pi-arrow-left" aria-hidden="true" />
            &nbsp;返回商品效果分析
          </Link>
        </div>
        <PeriodPicker
          value={range}
          onChange={(r) => {
            setRange(r);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </section>
      <section className="card">
        <h3 className="board-section-title board-gap">订单</h3>
        <ResourceTable<ItemOrderRow>
          ariaLabel="商品订单"
          rows={q.data?.list}
          rowKey={(r) => `${r.union_name}:${r.order_id}`}
          columns={columns}
          loading={q.isLoading || q.isValidating}
          error={q.error}
          paging={{
            total: q.data?.total ?? 0,
            note: orderTotalNote(q.data && { orders: q.data.total - q.data.closed_unpaid, closedUnpaid: q.data.closed_unpaid }),
            page: paging.page,
            pageSize: paging.pagesize,
            onChange: (page, pagesize) => setPaging({ page, pagesize }),
          }}
          emptyText={item.data?.pageid ? '所选时段这个推广链接没有归因订单' : '所选时段这个商品没有归因订单'}
          className="rank-table item-orders-table"
        />
      </section>
    </div>
  );
}
