/** Business time is China Standard Time (UTC+8, no daylight saving). Times travel as epoch seconds. */
export const CHINA_OFFSET_SECONDS = 8 * 3600;

/** Epoch seconds → 'YYYY-MM-DD' in China time; 0 or empty → ''. */
export function chinaDate(epochSeconds: number | null | undefined): string {
  if (!epochSeconds) return '';
  return new Date((epochSeconds + CHINA_OFFSET_SECONDS) * 1000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' (China time) → epoch seconds at the end of that day (23:59:59). */
export function endOfChinaDay(date: string): number {
  const start = Date.parse(`${date}T00:00:00+08:00`) / 1000;
  if (Number.isNaN(start)) throw new Error(`not a date: ${date}`);
  return start + 86400 - 1;
}
