import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderView, PageOrdersView } from '../../../shared/admin-reports.ts';
import { orderTotalNote } from '../orders/terms.ts';
import { OrdersTable } from './OrdersTable.tsx';

const order = (id: string, status: string, paidAt: number): OrderView => ({
  order_id: id,
  union_name: 'taobao',
  item_id: '612345678901',
  item_title: '商品',
  shop_name: '店铺',
  status,
  order_price: 10,
  paid_price: paidAt ? 10 : 0,
  commission: 1,
  created_at: 1_790_000_000,
  paid_at: paidAt,
  channel: 2,
  advertiser_id: '1760000000000001',
  plan_id: '',
  attribution_rule: 'link_only',
});

const view = (total: number, orders: number, closed: number): PageOrdersView => ({
  pageid: '1001',
  customer: '客户甲',
  agent: '',
  title: '链接',
  list: [order('1', 'paid', 1_790_000_100), order('2', 'closed', 0)],
  total,
  closed_unpaid: closed,
  sums: { orders, order_price: orders * 10, paid_orders: orders, paid_price: orders * 10, commission: orders },
});

const renderTable = (data: PageOrdersView | undefined) =>
  render(
    <MemoryRouter>
      <OrdersTable
        data={data}
        loading={false}
        error={undefined}
        pageId="1001"
        paging={{ page: 1, pageSize: 20, onChange: () => undefined }}
      />
    </MemoryRouter>,
  );

describe("an order page's 订单数 card and its pager", () => {
  it('the pager says how 共 N 条 splits into 订单数 and 未付款关闭, and the card shows the same 订单数', () => {
    renderTable(view(108, 100, 8));
    expect(screen.getByText('共 108 条（计入订单数 100 条，未付款关闭 8 条）')).toBeTruthy();
    const card = screen.getByRole('region', { name: '订单数' });
    expect(card.textContent).toContain('100');
    // the card says what it counts
    expect(card.querySelector('[title]')?.getAttribute('title')).toContain('未付款关闭');
  });

  it('a list whose every row counts says only 共 N 条', () => {
    renderTable(view(12, 12, 0));
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(screen.queryByText(/未付款关闭 \d+ 条/)).toBeNull();
  });

  it('the note is the server counts, nothing without them', () => {
    expect(orderTotalNote(undefined)).toBeUndefined();
    expect(orderTotalNote({ orders: 0, closedUnpaid: 3 })).toBe('（计入订单数 0 条，未付款关闭 3 条）');
  });
});
