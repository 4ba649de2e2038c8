import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { ResourceTable, type TableColumn } from './ResourceTable.tsx';

interface Item {
  id: number;
  name: string;
  price: number | null;
}

const items: Item[] = [
  { id: 1, name: '乙', price: 20 },
  { id: 2, name: '甲', price: null },
  { id: 3, name: '丙', price: 5 },
];
const columns: TableColumn<Item>[] = [
  { key: 'name', header: '名称', value: (r) => r.name, sortable: true },
  { key: 'price', header: '价格', value: (r) => r.price, sortable: true, cell: (r) => (r.price === null ? '--' : `¥${r.price}`) },
];
const paging = { total: 3, page: 1, pageSize: 20, onChange: () => undefined };

const bodyRows = (): string[] =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent ?? '');
const renderTable = (props: Partial<Parameters<typeof ResourceTable<Item>>[0]>) =>
  render(
    <MemoryRouter>
      <ResourceTable<Item> rows={items} rowKey={(r) => r.id} columns={columns} paging={paging} {...props} />
    </MemoryRouter>,
  );

describe('ResourceTable', () => {
  it('renders typed cells, the default cell and the spec pager', () => {
    renderTable({});
    expect(bodyRows()).toEqual(['乙¥20', '甲--', '丙¥5']);
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('sorts the rows it has by a column value: up, down, off; empty values last', () => {
    renderTable({});
    const header = screen.getByRole('columnheader', { name: /价格/ });
    fireEvent.click(header);
    expect(bodyRows()).toEqual(['丙¥5', '乙¥20', '甲--']);
    fireEvent.click(header);
    expect(bodyRows()).toEqual(['乙¥20', '丙¥5', '甲--']);
    fireEvent.click(header);
    expect(bodyRows()).toEqual(['乙¥20', '甲--', '丙¥5']);
  });

  it('leaves sorting to the caller when it is controlled', () => {
    const onSort = vi.fn();
    renderTable({ sort: null, onSort });
    fireEvent.click(screen.getByRole('columnheader', { name: /名称/ }));
    expect(onSort).toHaveBeenCalledWith({ key: 'name', order: 1 });
    expect(bodyRows()).toEqual(['乙¥20', '甲--', '丙¥5']);
  });

  it('keeps the last rows and total while refreshing', () => {
    const view = renderTable({});
    view.rerender(
      <MemoryRouter>
        <ResourceTable<Item> rows={undefined} loading rowKey={(r) => r.id} columns={columns} paging={{ ...paging, total: 0 }} />
      </MemoryRouter>,
    );
    expect(bodyRows()).toEqual(['乙¥20', '甲--', '丙¥5']);
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it("keeps the pager's note on its total while refreshing, and drops it when the next answer has none", () => {
    const view = renderTable({ paging: { ...paging, note: '（计入订单数 2 条，未付款关闭 1 条）' } });
    expect(screen.getByText('共 3 条（计入订单数 2 条，未付款关闭 1 条）')).toBeTruthy();
    view.rerender(
      <MemoryRouter>
        <ResourceTable<Item> rows={undefined} loading rowKey={(r) => r.id} columns={columns} paging={{ ...paging, total: 0 }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('共 3 条（计入订单数 2 条，未付款关闭 1 条）')).toBeTruthy();
    view.rerender(
      <MemoryRouter>
        <ResourceTable<Item> rows={items} rowKey={(r) => r.id} columns={columns} paging={paging} />
      </MemoryRouter>,
    );
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('shows 加载中 (and no count) before the first answer and 暂无数据 for an empty answer', () => {
    const view = renderTable({ rows: undefined, loading: true, paging: { ...paging, total: 0 } });
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(screen.queryByText('共 0 条')).toBeNull();
    view.rerender(
      <MemoryRouter>
        <ResourceTable<Item> rows={[]} rowKey={(r) => r.id} columns={columns} paging={{ ...paging, total: 0 }} emptyText="暂无链接" />
      </MemoryRouter>,
    );
    expect(screen.getByText('暂无链接')).toBeTruthy();
  });

  it('replaces stale rows by the error of a failed read, but keeps them behind an ended session', () => {
    const view = renderTable({ error: new ApiError(4000, '搜索内容不能超过 100 个字符') });
    expect(screen.getByRole('alert').textContent).toContain('搜索内容不能超过 100 个字符');
    expect(screen.queryByText('乙')).toBeNull();
    expect(screen.getByText('共 0 条')).toBeTruthy();
    view.rerender(
      <MemoryRouter>
        <ResourceTable<Item>
          rows={items}
          rowKey={(r) => r.id}
          columns={columns}
          paging={paging}
          error={new ApiError(1009, '登录信息已过期')}
        />
      </MemoryRouter>,
    );
    expect(bodyRows()).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never claims 暂无数据 when the first read ended in an expired session', () => {
    renderTable({ rows: undefined, error: new ApiError(1009, '登录信息已过期'), paging: { ...paging, total: 0 } });
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.queryByText('共 0 条')).toBeNull();
    expect(screen.getByText('登录信息已过期，重新登录后显示数据')).toBeTruthy();
  });

  it('offers row actions: links and buttons, per row', () => {
    const onDelete = vi.fn();
    renderTable({
      actions: [
        { label: '详情', to: (r) => `/items/${r.id}` },
        { label: '删除', danger: true, onClick: onDelete, visible: (r) => r.id !== 2 },
      ],
    });
    const first = screen.getAllByRole('row')[1];
    if (!first) throw new Error('no row');
    expect(within(first).getByRole('link', { name: '详情' }).getAttribute('href')).toBe('/items/1');
    fireEvent.click(within(first).getByRole('button', { name: '删除' }));
    expect(onDelete).toHaveBeenCalledWith(items[0]);
    const second = screen.getAllByRole('row')[2];
    if (!second) throw new Error('no row');
    expect(within(second).queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('puts the toolbar and the export slot above the table', () => {
    renderTable({ toolbar: <span>筛选</span>, exportSlot: <button type="button">导出</button> });
    expect(screen.getByText('筛选')).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});
