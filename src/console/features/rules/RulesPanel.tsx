import { Button } from 'primereact/button';
import { useState } from 'react';
import { ruleDelete, ruleIndex, ruleToggle } from '../../../shared/api/rules.ts';
import { channelLabel } from '../../../shared/catalog.ts';
import { scheduleText } from '../../../shared/rule-text.ts';
import type { RuleView } from '../../../shared/rules.ts';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/formats.ts';
import { notify } from '../../lib/notify.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { RuleDialog } from './RuleDialog.tsx';

const columns: TableColumn<RuleView>[] = [
  {
    key: 'name',
    header: '规则名称',
    width: 150,
    value: (r) => r.name,
    cell: (r) => (
      <>
        <div>{r.name}</div>
        <small className="rule-sub">{channelLabel(r.acpl)}</small>
      </>
    ),
  },
  { key: 'customer', header: '客户', width: 170, oneLine: true, value: (r) => r.customer },
  {
    key: 'summary',
    header: '规则内容',
    cell: (r) => (
      <>
        <div className="rule-summary">{r.summary}</div>
        <small className="rule-sub">{scheduleText(r.schedule)}</small>
      </>
    ),
  },
  {
    key: 'state',
    header: '状态',
    width: 70,
    cell: (r) => (
      <span className={`rule-state ${r.enabled ? 'on' : 'off'}`}>{r.enabled ? (r.notify_only ? '仅通知' : '启用') : '停用'}</span>
    ),
  },
  { key: 'today', header: '今日执行', width: 76, align: 'right', value: (r) => r.actions_today },
  {
    key: 'last',
    header: '最近结果',
    width: 190,
    cell: (r) =>
      r.last_run_at ? (
        <span className="rule-last" title={r.last_result}>{`${formatTime(r.last_run_at, 'MM-DD HH:mm')} ${r.last_result}`}</span>
      ) : (
        '尚未执行'
      ),
  },
];

/** The rules list: create from a template or from scratch, edit with a live dry run, enable/disable, delete. */
export function RulesPanel({ onHistory }: { onHistory: (id: number) => void }): React.JSX.Element {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<{ rule?: RuleView } | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const list = useQuery(ruleIndex, { page, pagesize: size });
  const toggle = async (r: RuleView) => {
    await call(ruleToggle, { id: r.id, enabled: !r.enabled });
    notify.success(r.enabled ? '已停用' : '已启用');
    await invalidate(ruleIndex);
  };
  const remove = (r: RuleView) =>
    confirm({
      title: '删除规则',
      message: `确定删除规则“${r.name}”吗？执行记录会保留。`,
      acceptLabel: '删除',
      danger: true,
      onAccept: () => call(ruleDelete, { id: r.id }).then(() => (notify.success('已删除'), invalidate(ruleIndex))),
    });
  return (
    <>
      <ResourceTable<RuleView>
        ariaLabel="自动规则列表"
        rows={list.data?.list}
        rowKey={(r) => r.id}
        columns={columns}
        loading={list.isLoading || list.isValidating}
        error={list.error}
        emptyText="还没有规则，点击“新建规则”从模板开始"
        actions={[
          { label: '编辑', onClick: (r) => setEditing({ rule: r }) },
          { label: '停用', visible: (r) => r.enabled, onClick: toggle },
          { label: '启用', visible: (r) => !r.enabled, onClick: toggle },
          { label: '记录', onClick: (r) => onHistory(r.id) },
          { label: '删除', danger: true, onClick: remove },
        ]}
        actionsWidth={170}
        paging={{ total: list.data?.total ?? 0, page, pageSize: size, onChange: (p, s) => (setPage(p), setSize(s)) }}
        toolbar={<Button label="新建规则" icon="pi pi-plus" onClick={() => setEditing({})} />}
      />
      {editing ? <RuleDialog rule={editing.rule} onClose={() => setEditing(null)} /> : null}
      {confirmDialog}
    </>
  );
}
