import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { PROMO_TERMS, STATUS_TONE } from './terms.ts';

/** The §4 label of a row's status, coloured by its normalised status; while a change is out, 提交中…. */
export function StatusTag({ row, pending }: { row: PromoteRow; pending: boolean }): React.JSX.Element {
  if (pending)
    return (
      <span className="status-tag tone-warn" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {PROMO_TERMS.pending}
      </span>
    );
  const tone = STATUS_TONE[row.status_normal] ?? 'muted';
  return (
    <span className={`status-tag tone-${tone}`} title={row.status}>
      {row.status_label || '--'}
    </span>
  );
}
