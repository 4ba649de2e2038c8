import { describe, expect, it } from 'vitest';
import { axisLabel, chartOptions, hourTicks } from './chart-options.ts';
import { metricChange } from './metric-change.ts';
import { nextSort, sortRows } from './table-sort.ts';

describe('chart axis and formats', () => {
  it('shortens day labels', () => {
    expect(axisLabel('2026-11-18', 'day')).toBe('11-18');
    expect(axisLabel('2026-11-18 14:00', 'hour')).toBe('11-18 14:00');
    expect(axisLabel('抖音', 'category')).toBe('抖音');
  });
  const hours = (days: number): string[] =>
    Array.from(
      { length: days * 24 },
      (_, i) => `2026-11-${String(1 + Math.floor(i / 24)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00`,
    );
  it('labels one day of hours every third hour', () => {
    const t = hourTicks(hours(1));
    expect(t.filter(Boolean)).toEqual(['11-01 00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00']);
  });
  it('labels a week of hours by the day where each day starts, and thins a month to about ten labels', () => {
    expect(hourTicks(hours(7)).filter(Boolean)).toEqual(['11-01', '11-02', '11-03', '11-04', '11-05', '11-06', '11-07']);
    const month = hourTicks(hours(30)).filter(Boolean);
    expect(month.length).toBeLessThanOrEqual(10);
    expect(month[0]).toBe('11-01');
    expect(month[1]).toBe('11-04');
  });
  it('formats y ticks and tooltips with the spec formats and never rotates x labels', () => {
    const o = chartOptions({ format: 2, axis: 'day', dark: false, labels: ['2026-11-18'] });
    expect(o.scales.y.ticks.callback(1234.5)).toBe('¥1,234.50');
    expect(o.scales.x.ticks.maxRotation).toBe(0);
    expect(o.scales.x.ticks.callback(0, 0)).toBe('11-18');
    expect(o.plugins.tooltip.callbacks.label({ dataset: { label: '消耗' }, parsed: { y: 2 } })).toBe('消耗：¥2.00');
  });
  it('uses light text on the dark theme', () => {
    const dark = chartOptions({ format: 1, axis: 'category', dark: true, labels: [] });
    const light = chartOptions({ format: 1, axis: 'category', dark: false, labels: [] });
    expect(dark.scales.x.ticks.color).not.toBe(light.scales.x.ticks.color);
  });
});

describe('metric change', () => {
  it('is a ratio ×100 with two decimals and a sign', () => {
    expect(metricChange(150, 100)).toEqual({ text: '+50.00%', trend: 'up' });
    expect(metricChange(50, 100)).toEqual({ text: '-50.00%', trend: 'down' });
    expect(metricChange(0, 0)).toEqual({ text: '0.00%', trend: 'flat' });
    expect(metricChange(3, 0)).toEqual({ text: '--', trend: 'up' });
    expect(metricChange(null, 1)).toBeNull();
  });
});

describe('table sorting', () => {
  it('sorts numbers, Chinese text and puts empty values last', () => {
    const rows = [{ v: 3 }, { v: null }, { v: 1 }];
    expect(sortRows(rows, (r) => r.v, 1).map((r) => r.v)).toEqual([1, 3, null]);
    expect(sortRows(rows, (r) => r.v, -1).map((r) => r.v)).toEqual([3, 1, null]);
    expect(sortRows([{ v: 'b10' }, { v: 'b9' }], (r) => r.v, 1).map((r) => r.v)).toEqual(['b9', 'b10']);
  });
  it('cycles ascending, descending, none', () => {
    expect(nextSort(null, 'a')).toEqual({ key: 'a', order: 1 });
    expect(nextSort({ key: 'a', order: 1 }, 'a')).toEqual({ key: 'a', order: -1 });
    expect(nextSort({ key: 'a', order: -1 }, 'a')).toBeNull();
    expect(nextSort({ key: 'a', order: -1 }, 'b')).toEqual({ key: 'b', order: 1 });
  });
});
