import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConditionRows } from './ConditionRows.tsx';

describe('the rule editor’s metric picker (issue 23)', () => {
  it('offers 无效点击占比, a percent, and gives back its key', () => {
    const onChange = vi.fn();
    const { container } = render(
      <ConditionRows value={[{ metric: 'roi', op: 'lt', value: 1, min_cost: 200, min_clicks: 0 }]} onChange={onChange} />,
    );
    const box = container.querySelector('.p-dropdown');
    if (!(box instanceof HTMLElement)) throw new Error('no metric picker');
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('option', { name: '无效点击占比', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith([{ metric: 'invalid_click_share', op: 'lt', value: 1, min_cost: 200, min_clicks: 0 }]);
  });
  it('shows the chosen share with its unit', () => {
    const { container } = render(
      <ConditionRows value={[{ metric: 'invalid_click_share', op: 'gte', value: 20, min_cost: 0, min_clicks: 50 }]} onChange={() => {}} />,
    );
    expect(container.querySelector('.p-dropdown')?.textContent).toContain('无效点击占比');
    const value = screen.getByLabelText('条件 1 值');
    expect(value).toHaveProperty('value', '20');
    expect(value.nextElementSibling?.textContent).toBe('%');
  });
});
