import { Button } from 'primereact/button';
import { useState } from 'react';
import type { KindView, TemplateView } from '../../../shared/exports.ts';
import { formatTime } from '../../lib/formats.ts';
import { notify } from '../../lib/notify.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { TemplateDialog } from './TemplateDialog.tsx';
import { deleteTemplate, useTemplates } from './useExports.ts';

const columns: TableColumn<TemplateView>[] = [
  { key: 'name', header: '模板名称', width: 180, value: (t) => t.name },
  { key: 'kind', header: '数据类型', width: 110, value: (t) => t.kind_label },
  { key: 'count', header: '列数', width: 70, align: 'right', value: (t) => t.columns.length },
  {
    key: 'labels',
    header: '表头预览',
    cell: (t) => (
      <span className="template-labels" title={t.labels.join(' | ')}>
        {t.labels.join(' | ')}
      </span>
    ),
  },
  {
    key: 'updated_at',
    header: '更新时间',
    width: 160,
    nowrap: true,
    value: (t) => t.updated_at,
    cell: (t) => formatTime(t.updated_at, 'YYYY-MM-DD HH:mm'),
  },
];

type Editing = { template?: TemplateView } | null;

/** The user's templates: filter by kind, create, edit, delete. */
export function TemplatesPanel({ kinds }: { kinds: readonly KindView[] }): React.JSX.Element {
  const [kind, setKind] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmDialog, confirm] = useConfirm();
  const list = useTemplates(kind, page, size);
  const remove = (t: TemplateView): void =>
    confirm({
      title: '删除模板',
      message: `确定删除模板“${t.name}”吗？`,
      acceptLabel: '删除',
      danger: true,
      onAccept: () => deleteTemplate(t.id).then(() => notify.success('删除成功')),
    });
  const toolbar = (
    <>
      <Select<string>
        ariaLabel="数据类型"
        value={kind}
        allLabel="全部数据类型"
        placeholder="全部数据类型"
        options={kinds.map((k) => ({ label: k.label, value: k.kind }))}
        onChange={(k) => {
          setKind(k);
          setPage(1);
        }}
      />
      <Button label="新建模板" icon="pi pi-plus" onClick={() => setEditing({})} disabled={kinds.length === 0} />
    </>
  );
  return (
    <>
      <ResourceTable<TemplateView>
        ariaLabel="导出模板列表"
        rows={list.data?.list}
        rowKey={(t) => t.id}
        columns={columns}
        loading={list.isLoading || list.isValidating}
        error={list.error}
        emptyText="还没有模板，点击“新建模板”选择要导出的列"
        actions={[
          { label: '编辑', onClick: (t) => setEditing({ template: t }) },
          { label: '删除', danger: true, onClick: remove },
        ]}
        actionsWidth={110}
        paging={{
          total: list.data?.total ?? 0,
          page,
          pageSize: size,
          onChange: (p, s) => {
            setPage(p);
            setSize(s);
          },
        }}
        toolbar={toolbar}
      />
      {editing ? <TemplateDialog kinds={kinds} template={editing.template} onClose={() => setEditing(null)} /> : null}
      {confirmDialog}
    </>
  );
}
