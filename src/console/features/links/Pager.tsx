import { Paginator } from 'primereact/paginator';
import { PAGE_SIZES } from './listQuery.ts';

/** Spec §2 list pager: '共 N 条', sizes 10/20/30/50, five page links. (Local until ui/ has one.) */
export function Pager({ total, page, rows, onChange }: { total: number; page: number; rows: number; onChange: (page: number, rows: number) => void }): React.JSX.Element {
  return (
    <div className="pager">
      <Paginator
        first={(page - 1) * rows}
        rows={rows}
        totalRecords={total}
        rowsPerPageOptions={[...PAGE_SIZES]}
        pageLinkSize={5}
        template="CurrentPageReport PrevPageLink PageLinks NextPageLink RowsPerPageDropdown"
        currentPageReportTemplate="共 {totalRecords} 条"
        onPageChange={(e) => onChange(e.page + 1, e.rows)}
      />
    </div>
  );
}
