import { describe, expect, it } from 'vitest';
import { invalidBadge } from './invalid-badge.ts';

describe('a plan row’s invalid share', () => {
  it('names the share and, in its title, every reason with its count', () => {
    const b = invalidBadge({
      valid: 60,
      invalid: 19,
      reasons: [
        { reason: 'flood_ip', label: 'IP 频繁', count: 10 },
        { reason: 'flood_device', label: '设备频繁', count: 6 },
        { reason: 'bot', label: '爬虫/无头浏览器', count: 3 },
      ],
      flagged: false,
    });
    expect(b.text).toBe('无效 24.1%');
    expect(b.flagged).toBe(false);
    expect(b.title).toBe(
      '我们监测到的点击中 19 次无效，未计入有效点击 60 次（无效占比 24.1%）：IP 频繁 10、设备频繁 6、爬虫/无头浏览器 3。无效点击不归因订单、不回传',
    );
  });
  it('shows nothing without invalid clicks or above plan level', () => {
    expect(invalidBadge(null).text).toBe('');
    expect(invalidBadge({ valid: 5, invalid: 0, reasons: [], flagged: false }).text).toBe('');
  });
  it('says 偏高 when the share passes the alert, first thing in its title', () => {
    const b = invalidBadge({ valid: 60, invalid: 19, reasons: [{ reason: 'bot', label: '爬虫/无头浏览器', count: 19 }], flagged: true });
    expect(b.text).toBe('无效 24.1% 偏高');
    expect(b.flagged).toBe(true);
    expect(b.title.startsWith('无效占比已超过提醒阈值，请检查这个计划的流量来源。我们监测到的点击中 19 次无效')).toBe(true);
  });
});
