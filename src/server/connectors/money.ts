/**
 * Money crosses the connector interface as integer fen. Platforms use yuan (巨量, 快手 reports, 小红书 reports,
 * 微博), fen (腾讯, 小红书 budgets and bids) or 厘 = 0.001 yuan (快手 budgets and bids).
 */

/** Yuan as sent (number or decimal string) → fen, rounded half away from zero; non-numbers → 0. */
export function yuanToFen(yuan: unknown): number {
  const n = typeof yuan === 'number' ? yuan : typeof yuan === 'string' && yuan.trim() !== '' ? Number(yuan) : Number.NaN;
  if (!Number.isFinite(n)) return 0;
  return Math.sign(n) * Math.round(Math.abs(n) * 100 + 1e-6);
}

/** Fen → yuan with two decimals, as a JSON number. */
export const fenToYuan = (fen: number): number => Math.round(fen) / 100;

/** 厘 (0.001 yuan) → fen. */
export const liToFen = (li: unknown): number => {
  const n = Number(li);
  return Number.isFinite(n) ? Math.round(n / 10) : 0;
};
export const fenToLi = (fen: number): number => Math.round(fen) * 10;

/** Counts sent as numbers or strings → integer (0 when absent or malformed). */
export const count = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n) : 0;
};
