import dayjs from 'dayjs';
import { inBusinessTime } from './clock.ts';

/** Spec §9 number formats: the one formatter in src/shared (screens, exports and e-mail read numbers alike). */
export { formatNumber, type NumberFormat } from '../../shared/number-format.ts';

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
