import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrackingLagNotice, waitedText } from './TrackingLagNotice.tsx';

describe('the tracking lag notice of the admin home', () => {
  it('says how many rows wait and how long the oldest has waited, only past the threshold', () => {
    const { container, rerender } = render(<TrackingLagNotice lag={{ backlog_rows: 5, lag_seconds: 3, lagging: false }} />);
    expect(container.textContent).toBe('');
    rerender(<TrackingLagNotice lag={{ backlog_rows: 1_234_567, lag_seconds: 200, lagging: true }} />);
    expect(screen.getByRole('status').textContent).toContain('1234567 条监测与访问记录待处理，最早一条已等待 3 分 20 秒');
  });

  it('writes waiting times in seconds, minutes and hours', () => {
    expect([waitedText(45), waitedText(60), waitedText(200), waitedText(3600), waitedText(7500)]).toEqual([
      '45 秒',
      '1 分',
      '3 分 20 秒',
      '1 小时',
      '2 小时 5 分',
    ]);
  });
});
