import { useState } from 'react';
import type { PromoteType } from '../../../shared/promote.ts';
import { CHANGE_FIELD_LABELS } from '../../../shared/promote.ts';
import type { ChangeLogEntry } from '../../../shared/promote-schemas.ts';
import { formatTime } from '../../lib/formats.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable } from '../../ui/ResourceTable.tsx';
import { CHANGE_RESULT, changeValueText } from './terms.ts';
import { useChangeLog } from './usePromote.ts';

/** 修改记录: who asked for what, when, before → after, and the platform's answer. */
export function ChangeLogTable({ acpl, type, id }: { acpl?: number; type?: PromoteType; id?: string }): React.JSX.Element {
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(DEFAULT_PAGE_SIZE);
  const { data, error, isLoading } = useChangeLog({ acpl, type, id, page, pagesize });
  return (
    <section className="card">
      <h3 className="card-title">修改记录</h3>
      <ResourceTable<ChangeLogEntry>
        ariaLabel="修改记录"
        rows={data?.list}
        error={error}
        loading={isLoading}
        rowKey={(e) => e.change_id}
        emptyText="还没有修改"
        paging={{ total: data?.total ?? 0, page, pageSize: pagesize, onChange: (p, s) => (setPage(p), setPagesize(s)) }}
        columns={[
          { key: 'at', header: '时间', width: 150, nowrap: true, cell: (e) => formatTime(e.at, 'YYYY-MM-DD HH:mm:ss') },
          ...(id ? [] : [{ key: 'name', header: '推广对象', cell: (e: ChangeLogEntry) => `${e.level_name} ${e.name || e.id}` }]),
          { key: 'field', header: '修改项', width: 90, cell: (e) => CHANGE_FIELD_LABELS[e.field] },
          {
            key: 'change',
            header: '修改前 → 修改后',
            width: 170,
            cell: (e) => `${changeValueText(e.field, e.before)} → ${changeValueText(e.field, e.after)}`,
          },
          {
            key: 'result',
            header: '平台答复',
            cell: (e) => (
              <span className={e.result === 'applied' ? 'result-ok' : e.result === 'refused' ? 'result-bad' : 'result-wait'}>
                {CHANGE_RESULT[e.result]}
                {e.message ? `：${e.message}` : ''}
              </span>
            ),
          },
          {
            key: 'actor',
            header: '操作人',
            width: 190,
            cell: (e) => (
              <div className="promote-actor" title={`${e.actor} ${e.actor_email}`}>
                {e.actor}
                <div className="muted">{[e.actor_role, e.actor_email].filter(Boolean).join(' · ')}</div>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
