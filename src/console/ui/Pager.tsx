import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';

/** Spec §2/§9 list pager: '共 N 条', sizes 10/20/30/50, default 20, pager-count 5. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGER_COUNT = 5;

export interface PagerProps {
  total: number;
  /** after 共 N 条, what the total is made of (e.g. an order list's split into 订单数 and the rows it leaves out) */
  note?: string;
  /** 1-based page */
  page: number;
  pageSize: number;
  /** a new page size starts again at page 1 */
  onChange: (page: number, pageSize: number) => void;
}

const totalReport =
  (note: string | undefined) =>
  (o: { totalRecords: number }): React.JSX.Element => (
    <span className="pager-total">
      共 {o.totalRecords} 条{note ?? ''}
    </span>
  );

export function Pager({ total, note, page, pageSize, onChange }: PagerProps): React.JSX.Element {
  return (
    <div className="pager">
      <Paginator
        first={(page - 1) * pageSize}
        rows={pageSize}
        totalRecords={total}
        rowsPerPageOptions={[...PAGE_SIZES]}
        pageLinkSize={PAGER_COUNT}
        template={{
          layout: 'CurrentPageReport PrevPageLink PageLinks NextPageLink RowsPerPageDropdown',
          CurrentPageReport: totalReport(note),
        }}
        onPageChange={(e: PaginatorPageChangeEvent) => onChange(e.rows !== pageSize ? 1 : e.page + 1, e.rows)}
      />
    </div>
  );
}
