import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { linkCreateInput } from '../../shared/links.ts';
import { checkForm } from '../lib/form-errors.ts';
import { useConfirm } from './ConfirmDialog.tsx';
import { ExportButton } from './ExportButton.tsx';
import { Field, FieldSet } from './FormField.tsx';
import { MetricCard } from './MetricCard.tsx';

function LinkForm({ onValid }: { onValid: (platform: number) => void }): React.JSX.Element {
  const [item, setItem] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (): void => {
    const r = checkForm(linkCreateInput, { platform: 2, state: 2, isdirect: 1, item });
    if (r.ok) onValid(r.data.platform);
    else setErrors(r.errors);
  };
  return (
    <FieldSet onSubmit={submit}>
      <Field label="商品" htmlFor="item" required error={errors.item}>
        <input id="item" value={item} onChange={(e) => setItem(e.target.value)} />
      </Field>
    </FieldSet>
  );
}

function Harness({ onAccept }: { onAccept: () => Promise<void> }): React.JSX.Element {
  const [dialog, confirm] = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() => confirm({ title: '删除推广链接', message: '确定删除吗？', acceptLabel: '删除', danger: true, onAccept })}
      >
        删除它
      </button>
      {dialog}
    </>
  );
}

describe('MetricCard', () => {
  it('shows the value in its spec format and the change against the previous period', () => {
    render(<MetricCard label="消耗" value={1234.5} format={2} previous={1000} />);
    const card = screen.getByRole('region', { name: '消耗' });
    expect(card.textContent).toContain('¥1,234.50');
    expect(card.textContent).toContain('较上期');
    expect(card.textContent).toContain('+23.45%');
    expect(card.querySelector('.trend-up')).not.toBeNull();
  });
  it('shows -- for a change from nothing and no change row without a previous period', () => {
    const { rerender } = render(<MetricCard label="点击" value={5} previous={0} />);
    expect(screen.getByRole('region', { name: '点击' }).textContent).toContain('--');
    rerender(<MetricCard label="点击" value={5} />);
    expect(screen.getByRole('region', { name: '点击' }).textContent).not.toContain('较上期');
  });
  it('shows -- rather than -100% when the period has no whole hour to compare yet (00:00 of today)', () => {
    render(<MetricCard label="消耗" value={0} format={2} previous={120} comparable={false} />);
    const card = screen.getByRole('region', { name: '消耗' });
    expect(card.textContent).toContain('较上期');
    expect(card.textContent).toContain('--');
    expect(card.textContent).not.toContain('-100');
    expect(card.querySelector('.trend-down')).toBeNull();
  });
});

describe('form fields with zod errors', () => {
  it('shows the schema’s Chinese message next to its field, and passes the parsed value when valid', () => {
    const onValid = vi.fn();
    render(<LinkForm onValid={onValid} />);
    const input = screen.getByLabelText('商品');
    fireEvent.submit(input.closest('form') ?? input);
    expect(screen.getByRole('alert').textContent).toBe('请输入商品 ID 或商品链接');
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '612345678901' } });
    fireEvent.submit(input.closest('form') ?? input);
    expect(onValid).toHaveBeenCalledWith(2);
  });
  it('checkForm keys messages by field and keeps the first one', () => {
    const r = checkForm(linkCreateInput, { platform: 99, state: 'x', isdirect: 1, item: '' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.platform).toContain('商品平台只能是');
      expect(r.errors.state).toBe('请选择投放渠道');
      expect(r.errors.item).toBe('请输入商品 ID 或商品链接');
    }
  });
});

describe('confirm dialog', () => {
  it('asks, runs the action on accept and closes; 取消 runs nothing', async () => {
    const onAccept = vi.fn(() => Promise.resolve());
    render(<Harness onAccept={onAccept} />);
    fireEvent.click(screen.getByRole('button', { name: '删除它' }));
    expect(screen.getByRole('dialog', { name: '删除推广链接' }).textContent).toContain('确定删除吗？');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onAccept).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '删除它' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '删除' }));
    });
    expect(onAccept).toHaveBeenCalledTimes(1);
  });
});

describe('ExportButton', () => {
  it('runs the export once while it is busy', async () => {
    let finish = (): void => undefined;
    const onExport = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ExportButton onExport={onExport} />);
    const button = screen.getByRole('button', { name: /导出/ });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onExport).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('disabled')).toBe(true);
    await act(async () => finish());
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});
