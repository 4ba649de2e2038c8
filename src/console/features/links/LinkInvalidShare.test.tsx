import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkInvalidShare } from './LinkInvalidShare.tsx';

const numbers = {
  monitor_clicks: 60,
  invalid_clicks: 19,
  invalid_flagged: true,
  invalid_reasons: [
    { reason: 'flood_ip', label: 'IP 频繁', count: 10 },
    { reason: 'flood_device', label: '设备频繁', count: 6 },
    { reason: 'bot', label: '爬虫/无头浏览器', count: 3 },
  ],
};

describe('a link row’s invalid share with its reasons (issue 23)', () => {
  it('shows the share, flagged, and opens on a click to each reason with its count, most first', () => {
    const { container } = render(<LinkInvalidShare numbers={numbers} />);
    const details = container.querySelector('details')!;
    // 19 / (60 + 19)
    expect(screen.getByText('无效 24.1% 偏高')).toBeTruthy();
    expect(details.className).toContain('invalid-flagged');
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText('无效 24.1% 偏高'));
    expect(details.open).toBe(true);
    const reasons = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(reasons).toEqual(['IP 频繁 10', '设备频繁 6', '爬虫/无头浏览器 3']);
    // the same reasons on hover
    expect(details.title).toBe(
      '无效占比已超过提醒阈值，请检查这条链接的流量来源。19 次无效点击未计入有效点击 60 次：IP 频繁 10、设备频繁 6、爬虫/无头浏览器 3。无效点击不归因订单、不回传',
    );
  });
  it('is muted, without 偏高, under the alert', () => {
    const { container } = render(
      <LinkInvalidShare
        numbers={{
          ...numbers,
          monitor_clicks: 97,
          invalid_clicks: 3,
          invalid_flagged: false,
          invalid_reasons: [numbers.invalid_reasons[2]!],
        }}
      />,
    );
    expect(screen.getByText('无效 3.0%')).toBeTruthy();
    expect(container.querySelector('details')!.className).toContain('muted');
    expect(container.querySelector('details')!.title).toBe(
      '3 次无效点击未计入有效点击 97 次：爬虫/无头浏览器 3。无效点击不归因订单、不回传',
    );
  });
  it('shows nothing for a link without invalid clicks or before its numbers arrive', () => {
    expect(render(<LinkInvalidShare numbers={{ ...numbers, invalid_clicks: 0, invalid_reasons: [] }} />).container.innerHTML).toBe('');
    expect(render(<LinkInvalidShare numbers={undefined} />).container.innerHTML).toBe('');
  });
});
