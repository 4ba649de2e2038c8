import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { type CSSProperties, type ReactNode, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { endsSession, failureText } from '../lib/api.ts';
import { Pager } from './Pager.tsx';
import { nextSort, type SortState, type SortValue, sortRows } from './table-sort.ts';
import { useLastDefined } from './useLastDefined.ts';
import { useScrollEdges } from './useScrollEdges.ts';

export type { SortState } from './table-sort.ts';

/** One column: a header, a typed cell, and (for sorting) a typed value. */
export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  /** what the cell shows; default: the value as text ('--' when empty) */
  cell?: (row: T) => ReactNode;
  /** the column's value: sorting reads it, and the default cell shows it */
  value?: (row: T) => SortValue;
  sortable?: boolean;
  /** fixed width in px; leave one column without width to take the rest */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** keep the cell on one line (dates, codes) */
  nowrap?: boolean;
  /**
   * A name never broken inside itself (a company, an account): one line, a longer one ends in … and the whole of it
   * (`value`) is the cell's tooltip.
   */
  oneLine?: boolean;
  /**
   * Stays in view while a wide table scrolls sideways (the columns a person acts on: name, status, cost,
   * orders, ROI). Frozen columns come first and need a width; the 操作 column is then frozen at the right.
   */
  frozen?: boolean;
}

/** A link-style button in the 操作 column: `to` navigates in the console, `onClick` runs. */
export interface RowAction<T> {
  label: string;
  to?: (row: T) => string;
  onClick?: (row: T) => void;
  danger?: boolean;
  visible?: (row: T) => boolean;
}

export interface TablePaging {
  total: number;
  /** after 共 N 条, what the total is made of (the pager's `note`) */
  note?: string;
  page: number;
  pageSize: number;
  onChange: (page: number, pageSize: number) => void;
}

export interface ResourceTableProps<T> {
  /** undefined while the first answer is on its way; while refreshing, the last rows stay */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  columns: readonly TableColumn<T>[];
  loading?: boolean;
  /** a failed read: its message replaces the rows (an ended session keeps them behind the login box) */
  error?: unknown;
  emptyText?: string;
  actions?: readonly RowAction<T>[];
  actionsWidth?: number;
  /** server paging with the shared pager; without it every row is shown */
  paging?: TablePaging;
  /** controlled sorting (the caller re-queries); without it the table sorts the rows it has */
  sort?: SortState | null;
  onSort?: (sort: SortState | null) => void;
  /** filters and the like, above the table; `exportSlot` sits at its right */
  toolbar?: ReactNode;
  exportSlot?: ReactNode;
  className?: string;
  ariaLabel?: string;
}

interface Keyed<T> {
  key: string | number;
  row: T;
}

const cellStyle = (c: { width?: number; align?: 'left' | 'center' | 'right' }, left?: number): CSSProperties => ({
  width: c.width,
  textAlign: c.align === 'left' ? undefined : c.align,
  ...(left === undefined ? {} : { left }),
});

/** Sticky offsets of the frozen columns (each starts where the frozen ones before it end). */
function frozenOffsets<T>(columns: readonly TableColumn<T>[]): Map<string, number> {
  const out = new Map<string, number>();
  let left = 0;
  for (const c of columns) {
    if (!c.frozen) break;
    out.set(c.key, left);
    left += c.width ?? 0;
  }
  return out;
}

function defaultCell(v: SortValue): ReactNode {
  return v === null || v === undefined || v === '' ? <span className="muted">--</span> : String(v);
}

function bodyOf<T>(c: TableColumn<T>, row: T): ReactNode {
  const content = c.cell ? c.cell(row) : defaultCell(c.value?.(row));
  if (!c.oneLine) return content;
  const whole = c.value?.(row);
  return (
    <div className="cell-one-line" title={whole === null || whole === undefined ? undefined : String(whole)}>
      {content}
    </div>
  );
}

function Actions<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }): React.JSX.Element {
  return (
    <div className="row-actions">
      {actions
        .filter((a) => !a.visible || a.visible(row))
        .map((a) =>
          a.to ? (
            <Link key={a.label} to={a.to(row)} className="p-button p-button-link p-button-sm">
              {a.label}
            </Link>
          ) : (
            <Button
              key={a.label}
              label={a.label}
              link
              size="small"
              severity={a.danger ? 'danger' : undefined}
              onClick={() => a.onClick?.(row)}
            />
          ),
        )}
    </div>
  );
}

/**
 * The console's list table: typed columns, sorting, the shared pager, loading and empty states, row actions.
 * Rows and total stay while a new page loads; an error other than an ended session empties the table and says why.
 */
export function ResourceTable<T>(p: ResourceTableProps<T>): React.JSX.Element {
  const [localSort, setLocalSort] = useState<SortState | null>(null);
  const sort = p.onSort ? (p.sort ?? null) : localSort;
  const lastRows = useLastDefined(p.rows);
  const lastTotal = useLastDefined(p.rows === undefined ? undefined : p.paging?.total);
  const problem = failureText(p.error);
  const { rowKey, columns, onSort } = p;
  const rows = useMemo((): Keyed<T>[] => {
    const shown = problem ? [] : (lastRows ?? []);
    const col = sort && !onSort ? columns.find((c) => c.key === sort.key) : undefined;
    const sorted = col?.value && sort ? sortRows(shown, col.value, sort.order) : shown;
    return sorted.map((row) => ({ key: rowKey(row), row }));
  }, [problem, lastRows, sort, onSort, columns, rowKey]);
  const total = problem ? 0 : p.rows === undefined ? (lastTotal ?? 0) : (p.paging?.total ?? 0);
  const lastNote = useLastDefined(p.rows === undefined ? undefined : (p.paging?.note ?? ''));
  const note = problem ? undefined : p.rows === undefined ? lastNote : p.paging?.note;
  const changeSort = (e: DataTableStateEvent): void => {
    const next = nextSort(sort, e.sortField);
    if (p.onSort) p.onSort(next);
    else setLocalSort(next);
  };
  const offsets = frozenOffsets(p.columns);
  const lastFrozen = [...offsets.keys()].at(-1);
  const frozenWidth = p.columns.reduce((n, c) => n + (offsets.has(c.key) ? (c.width ?? 0) : 0), 0);
  const root = useRef<HTMLDivElement>(null);
  useScrollEdges(root, offsets.size > 0);
  const frozenClass = (key: string, base?: string): string | undefined =>
    [base, offsets.has(key) ? 'cell-frozen' : '', key === lastFrozen ? 'cell-frozen-edge' : ''].filter(Boolean).join(' ') || undefined;
  const sessionEnded = endsSession(p.error) && lastRows === undefined;
  const known = lastRows !== undefined || !!problem;
  const empty = problem ? (
    <div className="table-state table-error" role="alert">
      <i className="pi pi-exclamation-circle" aria-hidden="true" /> {problem}
    </div>
  ) : (
    <div className="table-state">
      {sessionEnded ? '登录信息已过期，重新登录后显示数据' : p.loading && lastRows === undefined ? '加载中…' : (p.emptyText ?? '暂无数据')}
    </div>
  );

  return (
    <div
      ref={root}
      className={`resource-table ${offsets.size ? 'has-frozen' : ''} ${p.className ?? ''}`}
      // the sideways scroll snaps each column's start to the frozen columns' edge (kit.css)
      style={offsets.size ? ({ '--frozen-left': `${frozenWidth}px` } as CSSProperties) : undefined}
    >
      {p.toolbar || p.exportSlot ? (
        <div className="resource-toolbar">
          <div className="resource-toolbar-main">{p.toolbar}</div>
          {p.exportSlot ? <div className="resource-toolbar-export">{p.exportSlot}</div> : null}
        </div>
      ) : null}
      <DataTable
        value={rows}
        lazy
        loading={!!p.loading && !problem}
        dataKey="key"
        emptyMessage={empty}
        size="small"
        stripedRows
        removableSort
        sortField={sort?.key}
        sortOrder={sort?.order ?? 0}
        onSort={changeSort}
        tableStyle={{ tableLayout: 'fixed' }}
        // Cells show what their cell function returns now: PrimeReact's cell memo compares rows only one level
        // deep, so nested values (a row's metrics) and state outside the row (a change in flight) went stale.
        cellMemo={false}
        aria-label={p.ariaLabel}
      >
        {p.columns.map((c) => (
          <Column
            key={c.key}
            field={c.key}
            header={c.header}
            sortable={!!c.sortable}
            // the header sits where the cells do (a number's title above its digits, whole beside a frozen edge)
            align={c.align === 'left' ? undefined : c.align}
            body={({ row }: Keyed<T>) => bodyOf(c, row)}
            style={cellStyle(c, offsets.get(c.key))}
            headerStyle={cellStyle(c, offsets.get(c.key))}
            className={frozenClass(c.key, c.nowrap ? 'cell-nowrap' : undefined)}
            headerClassName={frozenClass(c.key)}
          />
        ))}
        {p.actions && p.actions.length > 0 ? (
          <Column
            key="__actions"
            header="操作"
            body={({ row }: Keyed<T>) => <Actions row={row} actions={p.actions ?? []} />}
            style={{ width: p.actionsWidth ?? 140 }}
            headerStyle={{ width: p.actionsWidth ?? 140 }}
            className={offsets.size ? 'cell-frozen-right' : undefined}
            headerClassName={offsets.size ? 'cell-frozen-right' : undefined}
          />
        ) : null}
      </DataTable>
      {p.paging && known ? (
        <Pager total={total} note={note || undefined} page={p.paging.page} pageSize={p.paging.pageSize} onChange={p.paging.onChange} />
      ) : null}
    </div>
  );
}
