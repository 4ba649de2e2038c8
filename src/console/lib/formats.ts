import dayjs from 'dayjs';
import { inBusinessTime } from './clock.ts';

/** Spec §9 number formats: 1 plain (≤3 decimals), 2 yuan, 3 percent (≤3 decimals), 4 ratio×100 (2 decimals). */
export type NumberFormat = 1 | 2 | 3 | 4;

const yuan = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upTo3 = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3, useGrouping: false });

/** Format a metric. Infinity (and anything not a finite number) shows '--'. */
export function formatNumber(value: number | string | null | undefined, type: NumberFormat = 1): string {
  if (value === null || value === undefined || value === '') return '--';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '--';
  switch (type) {
    case 1:
      return upTo3.format(n);
    case 2:
      return yuan.format(n);
    case 3:
      return upTo3.format(n) + '%';
    case 4:
      return (n * 100).toFixed(2) + '%';
  }
}

/** Timestamps: ten-digit numbers are seconds, longer ones milliseconds (spec §9). */
export function toDate(ts: number | string): Date {
  const s = String(ts).trim();
  if (/^\d{10}$/.test(s)) return new Date(Number(s) * 1000);
  if (/^\d{11,}$/.test(s)) return new Date(Number(s));
  return dayjs(s).toDate();
}

/**
 * An instant in business time (China, lib/clock.ts) whatever the browser's zone. Epoch numbers (or digit
 * strings) are instants; a date-time text without a zone is already business time and is only re-formatted.
 */
export function formatTime(ts: number | string | null | undefined, fmt = 'YYYY-MM-DD HH:mm:ss'): string {
  if (ts === null || ts === undefined || ts === '' || ts === 0) return '--';
  const instant = typeof ts === 'number' || /^\d{10,}$/.test(ts.trim());
  const d = instant ? inBusinessTime(toDate(ts)) : dayjs(ts);
  return d.isValid() ? d.format(fmt) : '--';
}
