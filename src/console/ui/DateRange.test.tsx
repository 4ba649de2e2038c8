import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessNow } from '../lib/clock.ts';
import { quickRange } from '../lib/dates.ts';
import { DateRange } from './DateRange.tsx';

describe('DateRange', () => {
  it('shows the whole range and picks quick ranges in business dates', () => {
    const onChange = vi.fn();
    render(<DateRange value={['2024-05-09', '2024-05-15']} onChange={onChange} quick />);
    expect((screen.getByLabelText('日期范围') as HTMLInputElement).value).toBe('2024-05-09 - 2024-05-15');
    fireEvent.click(screen.getByRole('button', { name: '近15天' }));
    expect(onChange).toHaveBeenCalledWith(quickRange(15));
    expect(onChange.mock.calls[0]?.[0]?.[1]).toBe(businessNow().format('YYYY-MM-DD'));
  });
  it('marks the quick range that matches the value', () => {
    render(<DateRange value={quickRange(7)} onChange={() => undefined} quick />);
    expect(screen.getByRole('button', { name: '近7天' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '近30天' }).getAttribute('aria-pressed')).toBe('false');
  });
  it('clamps quick ranges into explicit min/max', () => {
    const onChange = vi.fn();
    const today = businessNow();
    const min = today.subtract(3, 'day').format('YYYY-MM-DD');
    render(<DateRange value={null} onChange={onChange} quick min={min} />);
    fireEvent.click(screen.getByRole('button', { name: '近30天' }));
    expect(onChange).toHaveBeenCalledWith([min, today.format('YYYY-MM-DD')]);
  });
});
