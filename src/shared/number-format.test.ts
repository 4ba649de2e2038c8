import { describe, expect, it } from 'vitest';
import { METRIC_META, metricsOf, ZERO_SUMS } from './metrics.ts';
import { formatNumber } from './number-format.ts';

const show = (k: keyof typeof METRIC_META, v: number) => formatNumber(v, METRIC_META[k].format);

describe('one number, one text (screens, exports, e-mail)', () => {
  it('ROI and 付款 ROI show two decimals, never 2.028 beside 0.8', () => {
    expect(show('roi', 2.028)).toBe('2.03');
    expect(show('roi', 0.8)).toBe('0.80');
    expect(show('pay_roi', 0.74)).toBe('0.74');
  });
  it('an undefined ratio is "--" (spec §9): 点击率 with 0 展示, ROI with 0 消耗', () => {
    const m = metricsOf({ ...ZERO_SUMS, clicks: 0, shows: 0 });
    expect(show('ctr', m.ctr)).toBe('--');
    expect(show('roi', m.roi)).toBe('--');
    expect(show('ctr', metricsOf({ ...ZERO_SUMS, clicks: 0, shows: 10 }).ctr)).toBe('0.00%');
  });
});
