/**
 * Money crosses the connector interface as integer fen. Platforms use yuan (巨量, 快手 reports, 小红书 reports,
 * 微博), fen (腾讯, 小红书 budgets and bids) or 厘 = 0.001 yuan (快手 budgets and bids). Yuan ↔ fen is the product's one
 * conversion (`src/shared/money.ts`); this module holds only the connectors' other units.
 */

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
