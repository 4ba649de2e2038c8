import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';

/** Spec §2/§9 list pager: '共 N 条', sizes 10/20/30/50, default 20, pager-count 5. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGER_COUNT = 5;

export interface PagerProps {
  total: number;
  /** 1-based page */
  page: number;
  pageSize: number;
  /** a new page size starts again at page 1 */
  onChange: (page: number, pageSize: number) => void;
}

const totalReport = (o: { totalRecords: number }): React.JSX.Element => <span className="pager-total">共 {o.totalRecords} 条</span>;

export function Pager({ total, page, pageSize, onChange }: PagerProps): React.JSX.Element {
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
          CurrentPageReport: totalReport,
        }}
        onPageChange={(e: PaginatorPageChangeEvent) => onChange(e.rows !== pageSize ? 1 : e.page + 1, e.rows)}
      />
    </div>
  );
}
