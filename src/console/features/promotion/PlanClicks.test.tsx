import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanClicks } from './PlanClicks.tsx';

describe('a plan’s monitored clicks on its detail (issue 23)', () => {
  it('shows the valid and invalid clicks, the invalid share and each reason with its count', () => {
    render(
      <PlanClicks
        traffic={{
          valid: 60,
          invalid: 19,
          reasons: [
            { reason: 'flood_ip', label: 'IP 频繁', count: 10 },
            { reason: 'flood_device', label: '设备频繁', count: 6 },
            { reason: 'bot', label: '爬虫/无头浏览器', count: 3 },
          ],
          flagged: true,
        }}
      />,
    );
    const text = screen.getByLabelText('监测点击').textContent ?? '';
    expect(text).toContain('有效点击 60');
    expect(text).toContain('无效点击 19');
    // 19 / (60 + 19), as the promotion list's badge
    expect(text).toContain('无效占比 24.1% 偏高');
    const reasons = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(reasons).toEqual(['IP 频繁 10', '设备频繁 6', '爬虫/无头浏览器 3']);
  });
  it('reads 0.0% and lists no reason when every click was valid', () => {
    render(<PlanClicks traffic={{ valid: 5, invalid: 0, reasons: [], flagged: false }} />);
    expect(screen.getByLabelText('监测点击').textContent).toContain('无效占比 0.0%');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByLabelText('监测点击').textContent).not.toContain('偏高');
  });
  it('says no click was monitored when there was none', () => {
    render(<PlanClicks traffic={null} />);
    expect(screen.getByLabelText('监测点击').textContent).toContain('没有收到这个计划的点击监测');
  });
});
