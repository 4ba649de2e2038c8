import { describe, expect, it } from 'vitest';
import { formatNumber, formatTime, toDate } from './formats.ts';

describe('formatNumber', () => {
  it('type 1: up to 3 decimals', () => {
    expect(formatNumber(1.23456, 1)).toBe('1.235');
    expect(formatNumber(2, 1)).toBe('2');
    expect(formatNumber('3.10', 1)).toBe('3.1');
    expect(formatNumber(12345.5, 1)).toBe('12345.5');
  });
  it('type 2: yuan with thousands and two decimals', () => {
    expect(formatNumber(1234567.891, 2)).toBe('¥1,234,567.89');
    expect(formatNumber(0, 2)).toBe('¥0.00');
  });
  it('type 3: percent up to 3 decimals', () => {
    expect(formatNumber(12.34567, 3)).toBe('12.346%');
    expect(formatNumber(5, 3)).toBe('5%');
  });
  it('type 4: ratio times 100 with 2 decimals', () => {
    expect(formatNumber(0.12345, 4)).toBe('12.35%');
    expect(formatNumber(1, 4)).toBe('100.00%');
  });
  it('Infinity and non-numbers show --', () => {
    for (const t of [1, 2, 3, 4] as const) {
      expect(formatNumber(Infinity, t)).toBe('--');
      expect(formatNumber(-Infinity, t)).toBe('--');
      expect(formatNumber(NaN, t)).toBe('--');
      expect(formatNumber(null, t)).toBe('--');
      expect(formatNumber('abc', t)).toBe('--');
    }
  });
});

describe('timestamps', () => {
  it('ten digits are seconds', () => {
    expect(toDate(1700000000).getTime()).toBe(1700000000000);
    expect(toDate('1700000000').getTime()).toBe(1700000000000);
  });
  it('thirteen digits are milliseconds', () => {
    expect(toDate(1700000000123).getTime()).toBe(1700000000123);
  });
  it('formats', () => {
    expect(formatTime(1700000000, 'YYYY')).toBe('2023');
    expect(formatTime(null)).toBe('--');
  });
});

describe('format 5: multiples such as ROI keep two decimals everywhere', () => {
  it('2.028, 0.8 and 0.74 read 2.03, 0.80 and 0.74', () => {
    expect([2.028, 0.8, 0.74].map((v) => formatNumber(v, 5))).toEqual(['2.03', '0.80', '0.74']);
    expect(formatNumber(12345.678, 5)).toBe('12345.68');
    expect(formatNumber(Infinity, 5)).toBe('--');
    expect(formatNumber(null, 5)).toBe('--');
  });
});
