import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { UnlinkedNotice } from './UnlinkedNotice.tsx';

const metrics = (cost: number, shows: number, clicks: number) =>
  ({ sum_cost: cost, sum_show_cnt: shows, sum_click: clicks }) as PromoteRow['metrics'];
const row = (over: Partial<PromoteRow>): PromoteRow =>
  ({ id: '30001', name: '腾讯新账户', type: 'adver', metrics: metrics(0, 0, 0), unlinked: null, ...over }) as PromoteRow;

describe('an account whose plans drive none of our links (issue 18)', () => {
  it('says so with the account’s own cost, shows and clicks', () => {
    render(
      <UnlinkedNotice rows={[row({ unlinked: { plans: 12, metrics: metrics(1234.5, 67890, 321) } }), row({ id: '2', name: '老账户' })]} />,
    );
    const text = screen.getByRole('status').textContent ?? '';
    expect(text).toContain('账户「腾讯新账户」的 12 个计划未使用本平台的推广链接');
    expect(text).toContain('消耗 ¥1,234.50');
    expect(text).toContain('展示 67890');
    expect(text).toContain('点击 321');
    expect(text).not.toContain('老账户');
  });
  it('is absent when every account drives our links', () => {
    const { container } = render(<UnlinkedNotice rows={[row({})]} />);
    expect(container.textContent).toBe('');
  });
});
