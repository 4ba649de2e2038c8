import { formatNumber } from '../lib/formats.ts';

export type Trend = 'up' | 'down' | 'flat';

export interface MetricChange {
  /** '+12.50%', '-3.00%', '0.00%', or '--' when the previous period had nothing to compare with */
  text: string;
  trend: Trend;
}

/** Change of a metric against the previous period, as a ratio ×100 with two decimals (spec §9 format 4). */
export function metricChange(value: number | null | undefined, previous: number | null | undefined): MetricChange | null {
  if (value === null || value === undefined || previous === null || previous === undefined) return null;
  if (!Number.isFinite(value) || !Number.isFinite(previous)) return null;
  const trend: Trend = value > previous ? 'up' : value < previous ? 'down' : 'flat';
  if (previous === 0) return { text: value === 0 ? '0.00%' : '--', trend };
  const ratio = (value - previous) / Math.abs(previous);
  const text = formatNumber(ratio, 4);
  return { text: ratio > 0 ? `+${text}` : text, trend };
}
