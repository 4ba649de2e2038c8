import { Tag } from 'primereact/tag';
import type { AdAccountView, AuthStatus } from '../../../shared/ad-auth.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { STATUS_SEVERITY } from './terms.ts';

/** Cells shared by the new and the old version's lists. */

export function StatusCell({ status, label, why }: { status: AuthStatus; label: string; why?: string }): React.JSX.Element {
  return (
    <div className="mandate-status">
      <Tag value={label} severity={STATUS_SEVERITY[status]} />
      {why ? <small className="mandate-why">{why}</small> : null}
    </div>
  );
}

/** When it last synced and how that went (a failure's Chinese message, shortened; the runs dialog has it whole). */
export function SyncCell({ at, error, active }: { at: number; error: string; active: boolean }): React.JSX.Element {
  if (!active) return <span className="muted">已停止同步</span>;
  if (!at) return <span className="muted">等待首次同步…</span>;
  return (
    <div className="mandate-sync">
      <span>{formatTime(at, 'MM-DD HH:mm')}</span>
      {error ? (
        <small className="mandate-sync-error" title={error}>
          <i className="pi pi-times-circle" aria-hidden="true" /> {error}
        </small>
      ) : (
        <small className="mandate-sync-ok">
          <i className="pi pi-check-circle" aria-hidden="true" /> 同步成功
        </small>
      )}
    </div>
  );
}

/** One advertiser account: name and id, plans delivering, today's cost. */
export function AccountLine({ a }: { a: AdAccountView }): React.JSX.Element {
  return (
    <div className={`mandate-account ${a.active ? '' : 'inactive'}`}>
      <div className="mandate-account-name">
        {a.advertiser_name || '未命名账户'} <span className="muted">{a.advertiser_id}</span>
      </div>
      <small className="muted">
        计划 {a.plans}（投放中 {a.delivering}）· 今日消耗 {formatNumber(a.cost_today, 2)}
      </small>
    </div>
  );
}
