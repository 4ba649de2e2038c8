import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ExportView } from '../../../shared/exports.ts';
import { ColumnPicker } from './ColumnPicker.tsx';
import { ExportProgress } from './ExportProgress.tsx';

const job = (over: Partial<ExportView>): ExportView => ({
  id: 1,
  kind: 'links',
  kind_label: '推广链接',
  format: 'csv',
  filename: '推广链接-20261121-1030.csv',
  template_id: 0,
  state: 'running',
  rows_total: 1_000_000,
  rows_done: 387_000,
  percent: 38.7,
  bytes: 0,
  error: '',
  created_at: 1,
  finished_at: 0,
  expires_at: 0,
  ...over,
});

describe('ExportProgress', () => {
  it('shows rows done / total and the percent while it runs', () => {
    render(<ExportProgress job={job({})} />);
    expect(screen.getByText('38.7% · 387,000 / 1,000,000 行')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '导出进度' }).getAttribute('aria-valuenow')).toBe('38.7');
  });

  it('says queued with the total, done, and why it failed', () => {
    const { rerender } = render(<ExportProgress job={job({ state: 'queued', rows_done: 0, percent: 0 })} />);
    expect(screen.getByText('排队中 · 共 1,000,000 行')).toBeTruthy();
    rerender(<ExportProgress job={job({ state: 'done', percent: 100 })} />);
    expect(screen.getByText('已完成')).toBeTruthy();
    rerender(<ExportProgress job={job({ state: 'failed', error: '账号已停用，导出已取消' })} />);
    expect(screen.getByText('失败：账号已停用，导出已取消')).toBeTruthy();
  });
});

function Picker(): React.JSX.Element {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <ColumnPicker
        offered={[
          { key: 'pageid', label: '链接编号', type: 'text' },
          { key: 'title', label: '链接名称', type: 'text' },
          { key: 'created_at', label: '创建时间', type: 'datetime' },
        ]}
        value={value}
        onChange={setValue}
      />
      <output>{value.join(',')}</output>
    </>
  );
}

describe('ColumnPicker', () => {
  it('adds ticked columns in order, moves them with the arrows, removes them', () => {
    render(<Picker />);
    fireEvent.click(screen.getByText('链接名称'));
    fireEvent.click(screen.getByText('链接编号'));
    expect(screen.getByRole('status').textContent).toBe('title,pageid');
    fireEvent.click(screen.getByRole('button', { name: '上移 链接编号' }));
    expect(screen.getByRole('status').textContent).toBe('pageid,title');
    fireEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(screen.getByRole('status').textContent).toBe('pageid,title,created_at');
    fireEvent.click(screen.getByRole('button', { name: '移除 链接名称' }));
    expect(screen.getByRole('status').textContent).toBe('pageid,created_at');
  });
});
