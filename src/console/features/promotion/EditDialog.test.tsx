import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { EditDialog } from './EditDialog.tsx';

const row = {
  id: '101',
  name: '双十一爆款',
  type: 'plan',
  level: 'plan',
  level_name: '广告计划',
  channel: 2,
  channel_name: '巨量引擎',
  budget: 500,
  bid: 1.5,
  can: { status: true, budget: true, bid: true, preview: true, unlimited: false },
} as unknown as PromoteRow;

function typeAndSubmit(text: string, field: 'budget' | 'bid' = 'budget') {
  const onSubmit = vi.fn(() => Promise.resolve());
  render(<EditDialog row={row} field={field} onSubmit={onSubmit} onClose={() => undefined} />);
  fireEvent.change(screen.getByLabelText(field === 'budget' ? '日预算（元）' : '出价（元）'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '提交到平台' }));
  return onSubmit;
}

describe('budget and bid editor: what is sent is what was typed, or the form names the limit', () => {
  it.each([
    ['-1', '日预算不能为负数'],
    ['-100', '日预算不能为负数'],
    ['999999999999', '日预算不能高于 99999999 元（巨量引擎·广告计划）'],
    ['200', '日预算不能低于 300 元（巨量引擎·广告计划）'],
    ['12.345', '日预算最多两位小数'],
  ])('refuses %s: %s', async (typed, message) => {
    const onSubmit = typeAndSubmit(typed);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
  it('sends 1234.5 as 1234.5', () => {
    expect(typeAndSubmit('1234.5')).toHaveBeenCalledWith(1234.5);
  });
});
