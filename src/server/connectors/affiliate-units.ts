/**
 * Unit conversions the affiliate unions need: decimal yuan strings to integer fen, percent and permille to basis
 * points, and the unions' "yyyy-MM-dd HH:mm:ss" China-time (GMT+8) strings to and from epoch seconds.
 * Decimal strings are converted exactly (no floating-point rounding of "0.29" to 28 fen) by the one money module,
 * `src/shared/money.ts`.
 */
import { chinaDateTime } from '../../shared/china-clock.ts';
import { scaledDecimal } from '../../shared/money.ts';

const OFFSET_MS = 8 * 3600 * 1000;

/** "9.99" percent → 999 basis points. */
export const percentToBp = (value: unknown): number => scaledDecimal(value, 2);
/** 45 permille (拼多多 promotion_rate) → 450 basis points. */
export const permilleToBp = (value: unknown): number => scaledDecimal(value, 1);

/** Epoch milliseconds → "yyyy-MM-dd HH:mm:ss.SSS" in China time (UD's query format). */
export function chinaDateTimeMs(epochMs: number): string {
  return new Date(epochMs + OFFSET_MS).toISOString().slice(0, 23).replace('T', ' ');
}

/** "yyyy-MM-dd HH:mm:ss[.SSS]" China time → epoch seconds (fraction dropped); '' or malformed → null. */
export function parseChinaDateTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (!m) return null;
  const seconds = Math.floor((Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - OFFSET_MS) / 1000);
  // Out-of-range parts (month 13, 25:00) would roll over silently: only a date that reads back the same is one.
  return Number.isNaN(seconds) || chinaDateTime(seconds) !== `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` ? null : seconds;
}

/** Like parseChinaDateTime but keeps the milliseconds; null when malformed. */
export function parseChinaDateTimeMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const s = parseChinaDateTime(value);
  if (s === null) return null;
  const frac = /\.(\d{1,3})$/.exec(value.trim());
  return s * 1000 + (frac ? Number(frac[1]!.padEnd(3, '0')) : 0);
}

/** A unix-seconds field (拼多多) → epoch seconds; 0, '' and absent → null. */
export function epochOrNull(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : null;
}

/** A field as a string ('' when absent); numbers keep their digits. */
export function str(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A field as an integer (0 when absent or not a number). */
export function int(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}
