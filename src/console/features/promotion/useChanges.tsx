import { useState } from 'react';
import * as plansApi from '../../../shared/api/plans.ts';
import * as api from '../../../shared/api/promote.ts';
import type { PromoteRow, TaskResult } from '../../../shared/promote-schemas.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { EditDialog } from './EditDialog.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { TaskResultDialog } from './TaskResultDialog.tsx';
import { PROMO_TERMS } from './terms.ts';
import { submitChange } from './usePromote.ts';

type Editing = { row: PromoteRow; field: 'budget' | 'bid' } | null;

/** The old version sends its changes through its own calls (`/api/plan/update`, 微博 `/api/wbplan/hupdate`). */
export interface OldAccount {
  channel: number;
  advertiserId: string;
}

type Change = { ids: string[]; action: 'enable' | 'disable' } | { id: string; budget: number | null } | { id: string; bid: number };

function send(row: PromoteRow, change: Change, old?: OldAccount): Promise<TaskResult> {
  if (old?.channel === 3) return submitChange(plansApi.wbplanHupdate, { customer_id: old.advertiserId, ...change });
  if (old) return submitChange(plansApi.planUpdate, { advertiser_id: old.advertiserId, social: old.channel, ...change });
  const type = row.type === 'adver' ? 'plan' : row.type;
  if ('ids' in change) return submitChange(api.taskUpdate, { acpl: row.channel, type, ids: change.ids, action: change.action });
  if ('budget' in change)
    return submitChange(api.promoteEdit, { acpl: row.channel, type, id: change.id, field: 'budget', value: change.budget });
  return submitChange(api.promoteEdit, { acpl: row.channel, type, id: change.id, field: 'bid', value: change.bid });
}

/**
 * Changes from a list: switch one row or a selection (confirmed first), edit a budget or bid, preview a creative.
 * A row shows 提交中… while its change is with the platform; the answer is toasted and the list reads again.
 */
export function useChanges(old?: OldAccount) {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [result, setResult] = useState<TaskResult | null>(null);
  const [preview, setPreview] = useState<PromoteRow | null>(null);
  const [confirmDialog, confirm] = useConfirm();

  const withPending = async <T,>(ids: string[], run: () => Promise<T>): Promise<T> => {
    setPending((p) => new Set([...p, ...ids]));
    try {
      return await run();
    } finally {
      setPending((p) => new Set([...p].filter((x) => !ids.includes(x))));
    }
  };

  const toggle = (r: PromoteRow): void => {
    const enable = !r.enabled;
    confirm({
      title: `${enable ? PROMO_TERMS.resume : PROMO_TERMS.pause}${r.level_name}`,
      message: enable ? `启用「${r.name}」？${r.channel_name}会恢复投放。` : `暂停「${r.name}」？${r.channel_name}会立即停止投放它。`,
      acceptLabel: enable ? PROMO_TERMS.resume : PROMO_TERMS.pause,
      danger: !enable,
      onAccept: () => withPending([r.id], () => send(r, { ids: [r.id], action: enable ? 'enable' : 'disable' }, old)),
    });
  };

  const batch = (rows: PromoteRow[], enable: boolean, done: () => void): void => {
    const first = rows[0];
    if (!first) return;
    confirm({
      title: enable ? PROMO_TERMS.batchResume : PROMO_TERMS.batchPause,
      message: `${enable ? '启用' : '暂停'}选中的 ${rows.length} 个${first.level_name}？每一项由${first.channel_name}分别答复。`,
      acceptLabel: enable ? PROMO_TERMS.resume : PROMO_TERMS.pause,
      danger: !enable,
      onAccept: async () => {
        const ids = rows.map((r) => r.id);
        const r = await withPending(ids, () => send(first, { ids, action: enable ? 'enable' : 'disable' }, old));
        done();
        setResult(r);
      },
    });
  };

  const edit = (row: PromoteRow, field: 'budget' | 'bid'): void => setEditing({ row, field });

  const dialogs = (
    <>
      {confirmDialog}
      {editing ? (
        <EditDialog
          row={editing.row}
          field={editing.field}
          onClose={() => setEditing(null)}
          onSubmit={(value) =>
            withPending([editing.row.id], () =>
              send(
                editing.row,
                editing.field === 'budget' ? { id: editing.row.id, budget: value } : { id: editing.row.id, bid: value ?? 0 },
                old,
              ),
            )
          }
        />
      ) : null}
      {result ? <TaskResultDialog result={result} onClose={() => setResult(null)} /> : null}
      {preview ? (
        <PreviewDialog
          acpl={preview.channel}
          type={preview.type === 'creative' ? 'creative' : 'plan'}
          id={preview.id}
          onClose={() => setPreview(null)}
        />
      ) : null}
    </>
  );
  return { pending, toggle, batch, edit, preview: setPreview, dialogs };
}
