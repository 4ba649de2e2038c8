import { useState } from 'react';
import { EXPORT_FORMATS, type ExportView } from '../../../shared/exports.ts';
import { formatBytes } from '../../lib/download.ts';
import { formatTime } from '../../lib/formats.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { ExportProgress } from './ExportProgress.tsx';
import { downloadExport, useExportList } from './useExports.ts';

const columns: TableColumn<ExportView>[] = [
  {
    key: 'filename',
    header: '文件',
    cell: (e) => (
      <div className="export-file">
        {e.filename}
        <div className="muted">{`${e.kind_label} · ${EXPORT_FORMATS[e.format].split('（')[0]}`}</div>
      </div>
    ),
  },
  { key: 'state', header: '状态 / 进度', width: 210, cell: (e) => <ExportProgress job={e} compact /> },
  { key: 'rows', header: '行数', width: 90, align: 'right', value: (e) => e.rows_total.toLocaleString('zh-CN') },
  { key: 'bytes', header: '大小', width: 90, align: 'right', cell: (e) => (e.bytes ? formatBytes(e.bytes) : '--') },
  { key: 'created_at', header: '导出时间', width: 140, nowrap: true, cell: (e) => formatTime(e.created_at, 'YYYY-MM-DD HH:mm') },
  { key: 'expires_at', header: '保留至', width: 140, nowrap: true, cell: (e) => formatTime(e.expires_at, 'YYYY-MM-DD HH:mm') },
];

/** 导出记录: the user's exports, newest first, with progress while they run and 下载 once done (until they expire). */
export function ExportRecordsPanel(): React.JSX.Element {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useExportList(page, size);
  return (
    <ResourceTable<ExportView>
      ariaLabel="导出记录"
      rows={list.data?.list}
      rowKey={(e) => e.id}
      columns={columns}
      loading={list.isLoading}
      error={list.error}
      emptyText="还没有导出记录：在各列表页点击“导出”"
      actions={[{ label: '下载', visible: (e) => e.state === 'done', onClick: (e) => void downloadExport(e.id).catch(() => {}) }]}
      actionsWidth={80}
      paging={{
        total: list.data?.total ?? 0,
        page,
        pageSize: size,
        onChange: (p, s) => {
          setPage(p);
          setSize(s);
        },
      }}
    />
  );
}
