/**
 * China-time (UTC+8) calendar helpers for hourly ad data: platforms name hours and days in China time,
 * the product stores epoch seconds. Hours are whole, so an hour start is the same instant in any zone.
 */
import { CHINA_OFFSET_SECONDS } from './time.ts';

const iso = (epochSeconds: number) => new Date((epochSeconds + CHINA_OFFSET_SECONDS) * 1000).toISOString();

export const hourStart = (epochSeconds: number): number => epochSeconds - (((epochSeconds % 3600) + 3600) % 3600);
export const chinaDayStart = (epochSeconds: number): number =>
  epochSeconds - ((((epochSeconds + CHINA_OFFSET_SECONDS) % 86400) + 86400) % 86400);
/** 'YYYY-MM-DD'. */
export const chinaDay = (epochSeconds: number): string => iso(epochSeconds).slice(0, 10);
/** 'YYYY-MM-DD HH:mm:ss'. */
export const chinaDateTime = (epochSeconds: number): string => iso(epochSeconds).slice(0, 19).replace('T', ' ');
/** Hour of the China day, 0–23. */
export const chinaHour = (epochSeconds: number): number => Number(iso(epochSeconds).slice(11, 13));

/** 'YYYY-MM-DD', 'YYYY-MM-DD HH', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' (China time) → epoch seconds; NaN when malformed. */
export function parseChinaTime(text: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [, day, h = '0', min = '00', sec = '00'] = m;
  const t = Date.parse(`${day}T${h.padStart(2, '0')}:${min}:${sec}+08:00`);
  return Number.isNaN(t) ? Number.NaN : t / 1000;
}

/** Every China day ('YYYY-MM-DD') touched by [from, to] (epoch seconds), in order. */
export function chinaDaysBetween(from: number, to: number): string[] {
  const days: string[] = [];
  for (let d = chinaDayStart(from); d <= to; d += 86400) days.push(chinaDay(d));
  return days;
}
