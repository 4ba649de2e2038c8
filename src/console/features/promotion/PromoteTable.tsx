import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import type { MetricKey } from '../../../shared/metrics.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { formatNumber } from '../../lib/formats.ts';
import { ResourceTable, type RowAction, type SortState, type TableColumn, type TablePaging } from '../../ui/ResourceTable.tsx';
import { useRuleBadges } from '../rules/useRuleBadges.ts';
import { invalidBadge } from './invalid-badge.ts';
import { KEY_METRICS, metricColumns } from './metric-columns.tsx';
import { StatusTag } from './StatusTag.tsx';
import { PROMO_TERMS } from './terms.ts';

export interface PromoteTableProps {
  rows: readonly PromoteRow[] | undefined;
  loading: boolean;
  error: unknown;
  paging: TablePaging;
  sort: SortState | null;
  onSort: (s: SortState | null) => void;
  metrics: readonly MetricKey[];
  /** ids with a change on its way to the platform */
  pending: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  /** the row's name: drill into its children (or open its detail) */
  onOpen: (r: PromoteRow) => void;
  onToggle: (r: PromoteRow) => void;
  onEdit: (r: PromoteRow, field: 'budget' | 'bid') => void;
  onPreview: (r: PromoteRow) => void;
  onDetail?: (r: PromoteRow) => void;
  showCustomer: boolean;
  /** show each plan's sub-platform (lists not filtered by one) */
  showPlatform?: boolean;
  /** rows can be picked for a batch (default yes) */
  selectable?: boolean;
  toolbar?: React.ReactNode;
  /** the 导出 button (ExportAction), right of the filters */
  exportSlot?: React.ReactNode;
  emptyText?: string;
  ariaLabel: string;
}

/** The 操作 column: room for the links a row of this list can show (2 for plans, 3 with 预览 for creatives). */
const actionsWidth = (links: number): number => 24 + 42 * Math.max(links, 1);

function Money({
  row,
  field,
  pending,
  onEdit,
}: {
  row: PromoteRow;
  field: 'budget' | 'bid';
  pending: boolean;
  onEdit: PromoteTableProps['onEdit'];
}) {
  const v = row[field];
  const can = row.can[field];
  return (
    <span className="promote-money">
      <span className="num">{v === null ? (can || field === 'budget' ? PROMO_TERMS.unlimited : '--') : formatNumber(v, 2)}</span>
      {can ? (
        <Button
          icon="pi pi-pencil"
          text
          rounded
          size="small"
          disabled={pending}
          aria-label={`${field === 'budget' ? PROMO_TERMS.editBudget : PROMO_TERMS.editBid}：${row.name}`}
          onClick={() => onEdit(row, field)}
        />
      ) : null}
    </span>
  );
}

/** One level of the promotion tree: select, name (drill down), status, budget and bid (editable), the chosen metrics, actions. */
export function PromoteTable(p: PromoteTableProps): React.JSX.Element {
  const rows = p.rows ?? [];
  const rules = useRuleBadges(rows);
  const changeable = rows.filter((r) => r.can.status && !p.pending.has(r.id));
  const entity = rows.length === 0 || rows[0]?.type !== 'adver';
  const selectable = entity && p.selectable !== false;
  const allOn = changeable.length > 0 && changeable.every((r) => p.selected.has(r.id));
  const toggleAll = () => p.onSelect(allOn ? new Set() : new Set(changeable.map((r) => r.id)));
  const toggleOne = (id: string) => {
    const next = new Set(p.selected);
    if (!next.delete(id)) next.add(id);
    p.onSelect(next);
  };
  const columns: TableColumn<PromoteRow>[] = [
    ...(selectable
      ? [
          {
            key: 'select',
            width: 40,
            frozen: true,
            header: <Checkbox checked={allOn} onChange={toggleAll} disabled={changeable.length === 0} aria-label="选择本页全部" />,
            cell: (r: PromoteRow) => (
              <Checkbox
                checked={p.selected.has(r.id)}
                onChange={() => toggleOne(r.id)}
                disabled={!r.can.status || p.pending.has(r.id)}
                aria-label={`选择 ${r.name}`}
              />
            ),
          },
        ]
      : []),
    {
      key: 'name',
      header: rows[0]?.level_name || '名称',
      width: 210,
      frozen: true,
      sortable: true,
      value: (r) => r.name,
      cell: (r) => (
        <div className="promote-name">
          <button type="button" className="link-button promote-name-text" title={r.name} onClick={() => p.onOpen(r)}>
            {r.name || r.id}
          </button>
          <div className="muted promote-sub">
            <span className="promote-id">{r.id}</span>
            {p.showCustomer && r.customer ? <span title={r.customer}> · {r.customer}</span> : null}
            {rules.has(r.id) ? (
              <span className="rule-badge" title={`自动规则：${rules.get(r.id)?.join('、')}`}>
                {' '}
                · 规则 {rules.get(r.id)?.length}
              </span>
            ) : null}
          </div>
          <InvalidShare traffic={r.invalid_traffic} />
        </div>
      ),
    },
    {
      key: 'status',
      header: '状态',
      width: 112,
      frozen: true,
      sortable: entity,
      value: (r) => r.status_normal,
      cell: (r) => (
        <div className="promote-status">
          <StatusTag row={r} pending={p.pending.has(r.id)} />
          {p.showPlatform && r.platform_name ? <div className="muted">{r.platform_name}</div> : null}
        </div>
      ),
    },
    // name, status, cost, orders and ROI stay in view; budget, bid and the other metrics scroll under them
    ...metricColumns(
      p.metrics.filter((k) => KEY_METRICS.includes(k)),
      true,
    ),
    ...(entity
      ? [
          {
            key: 'budget',
            header: '日预算',
            width: 128,
            align: 'right' as const,
            sortable: true,
            value: (r: PromoteRow) => r.budget,
            cell: (r: PromoteRow) => <Money row={r} field="budget" pending={p.pending.has(r.id)} onEdit={p.onEdit} />,
          },
          {
            key: 'bid',
            header: '出价',
            width: 110,
            align: 'right' as const,
            sortable: true,
            value: (r: PromoteRow) => r.bid,
            cell: (r: PromoteRow) => <Money row={r} field="bid" pending={p.pending.has(r.id)} onEdit={p.onEdit} />,
          },
        ]
      : []),
    ...metricColumns(p.metrics.filter((k) => !KEY_METRICS.includes(k))),
  ];
  const actions: RowAction<PromoteRow>[] = [
    { label: PROMO_TERMS.pause, visible: (r) => r.can.status && r.enabled && !p.pending.has(r.id), onClick: p.onToggle, danger: true },
    { label: PROMO_TERMS.resume, visible: (r) => r.can.status && !r.enabled && !p.pending.has(r.id), onClick: p.onToggle },
    { label: PROMO_TERMS.preview, visible: (r) => r.can.preview, onClick: p.onPreview },
    ...(p.onDetail ? [{ label: PROMO_TERMS.detail, visible: (r: PromoteRow) => r.type !== 'adver', onClick: p.onDetail }] : []),
  ];
  // 暂停 and 启用 share a place; the frozen 操作 column is no wider than its links, leaving the scrolling columns room
  const links = (rows.some((r) => r.can.status) ? 1 : 0) + (rows.some((r) => r.can.preview) ? 1 : 0) + (p.onDetail && entity ? 1 : 0);
  const actionsW = actionsWidth(links);
  const width = columns.reduce((n, c) => n + (c.width ?? 0), 0) + actionsW;
  return (
    <div className="promote-table-wrap" style={rows.length ? ({ '--promote-min': `${width}px` } as React.CSSProperties) : undefined}>
      <ResourceTable<PromoteRow>
        className="promote-table"
        ariaLabel={p.ariaLabel}
        rows={p.rows}
        rowKey={(r) => `${r.channel}:${r.type}:${r.id}`}
        columns={columns}
        loading={p.loading}
        error={p.error}
        paging={p.paging}
        sort={p.sort}
        onSort={p.onSort}
        actions={actions}
        actionsWidth={actionsW}
        emptyText={p.emptyText}
        toolbar={p.toolbar}
        exportSlot={p.exportSlot}
      />
    </div>
  );
}

/** A plan's invalid share on a line of its own under its id (the id and rule badge fill theirs), its reasons in the title. */
function InvalidShare(p: { traffic: PromoteRow['invalid_traffic'] }) {
  const b = invalidBadge(p.traffic);
  return b.text ? (
    <div className={b.flagged ? 'promote-sub invalid-badge flagged' : 'promote-sub invalid-badge'} title={b.title}>
      {b.text}
    </div>
  ) : null;
}
