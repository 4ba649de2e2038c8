import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect } from 'react';
import type { PromoteType } from '../../../shared/promote.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { failureText } from '../../lib/api.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { Loading } from '../../ui/Loading.tsx';
import { ChangeLogTable } from './ChangeLogTable.tsx';
import { DrivenLinks } from './DrivenLinks.tsx';
import { StatusTag } from './StatusTag.tsx';
import { TrendPanel } from './TrendPanel.tsx';
import { PROMO_TERMS } from './terms.ts';
import { useChanges } from './useChanges.tsx';
import { useDetail } from './usePromote.ts';

interface Props {
  /** the entity's channel; left out, the server finds it (`onChannel` then hears which) */
  acpl?: number;
  type: PromoteType;
  id: string;
  onChannel?: (acpl: number) => void;
}

/** One campaign, plan or creative: what it is, its trend, the links it drives, its status history and change log. */
export function PlanDetail({ acpl: given, type, id, onChannel }: Props): React.JSX.Element {
  const { data, error } = useDetail(given === undefined ? { type, id } : { acpl: given, type, id });
  const acpl = data?.row.channel ?? given;
  useEffect(() => {
    if (given === undefined && acpl !== undefined) onChannel?.(acpl);
  }, [given, acpl, onChannel]);
  const changes = useChanges();
  const problem = failureText(error);
  if (problem)
    return (
      <div className="card form-error" role="alert">
        {problem}
      </div>
    );
  if (!data || acpl === undefined) return <Loading />;
  const r = data.row;
  const pending = changes.pending.has(r.id);
  return (
    <div className="promote-detail">
      <section className="card promote-detail-head">
        <div className="promote-detail-title">
          <h2 className="card-title">{r.name || r.id}</h2>
          <StatusTag row={r} pending={pending} />
        </div>
        <div className="muted promote-detail-path">
          {r.channel_name} · {data.parents.map((p) => `${p.level_name} ${p.name || p.id}`).join(' › ')} · {r.level_name} {r.id}
        </div>
        <ul className="promote-facts-line">
          <li>
            <span className="muted">日预算</span> {r.budget === null ? PROMO_TERMS.unlimited : formatNumber(r.budget, 2)}
            {r.can.budget ? <Button text size="small" label="修改" disabled={pending} onClick={() => changes.edit(r, 'budget')} /> : null}
          </li>
          <li>
            <span className="muted">出价</span> {r.bid === null ? '--' : formatNumber(r.bid, 2)}
            {r.can.bid ? <Button text size="small" label="修改" disabled={pending} onClick={() => changes.edit(r, 'bid')} /> : null}
          </li>
          <li>
            <span className="muted">所属客户</span> {r.customer || r.customerid}
          </li>
          <li>
            <span className="muted">最近同步</span> {formatTime(r.synced_at)}
          </li>
        </ul>
        <div className="promote-detail-actions">
          {r.can.status ? (
            <Button
              label={r.enabled ? PROMO_TERMS.pause : PROMO_TERMS.resume}
              severity={r.enabled ? 'danger' : undefined}
              outlined
              disabled={pending}
              onClick={() => changes.toggle(r)}
            />
          ) : null}
          {r.can.preview ? <Button label={PROMO_TERMS.preview} outlined onClick={() => changes.preview(r)} /> : null}
        </div>
      </section>
      {r.has_facts ? <TrendPanel acpl={acpl} type={type} id={id} /> : <p className="card muted">{PROMO_TERMS.noFacts}</p>}
      <DrivenLinks links={data.links} />
      <section className="card">
        <h3 className="card-title">状态历史</h3>
        {data.history.length === 0 ? (
          <p className="muted">还没有记录到状态变化</p>
        ) : (
          <ol className="promote-history">
            {data.history.map((h) => (
              <li key={`${h.at}-${h.status}-${h.source}`}>
                <time>{formatTime(h.at, 'YYYY-MM-DD HH:mm')}</time>
                <span className="status-tag">{h.status_label || h.status}</span>
                <span className="muted">{h.source === 'change' ? '在本平台修改后' : '平台同步'}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <ChangeLogTable acpl={acpl} type={type} id={id} />
      {changes.dialogs}
    </div>
  );
}

export function PlanDetailDialog({ row, onClose }: { row: PromoteRow; onClose: () => void }): React.JSX.Element {
  return (
    <Dialog header={`${row.level_name}详情`} visible onHide={onClose} style={{ width: 1040 }} className="promote-detail-dialog">
      <PlanDetail acpl={row.channel} type={row.type} id={row.id} />
    </Dialog>
  );
}
