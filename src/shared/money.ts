/**
 * Money in the product is integer **fen** everywhere it is stored, summed and compared; yuan exists only at the
 * edges (API fields, files, platform calls, screens). These are the one conversion each way, used by the server,
 * the connectors and the console alike (docs/metrics.md "Money").
 */

/** Scale a decimal (number or decimal string) by 10^places exactly, rounding half away from zero; non-numbers → 0. */
export function scaledDecimal(value: unknown, places: number): number {
  if (value === null || value === undefined || value === '') return 0;
  const s = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(places + 2) : '0') : String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return 0;
  const sign = m[1] === '-' ? -1 : 1;
  const frac = (m[3] ?? '').padEnd(places + 1, '0');
  const whole = Number(m[2] || '0') * 10 ** places + Number(frac.slice(0, places) || '0');
  const roundUp = Number(frac[places]) >= 5 ? 1 : 0;
  return sign * (whole + roundUp) || 0;
}

/** Yuan (a number or a decimal string such as "0.29") → integer fen, exact: "0.29" is 29 fen, 1.005 is 101. */
export const yuanToFen = (yuan: unknown): number => scaledDecimal(yuan, 2);

/** Fen → yuan as a number with at most two decimals (a fraction of a fen is rounded first). */
export const fenToYuan = (fen: number): number => Math.round(Number(fen)) / 100;

/** The same for a value that may be absent (an unlimited budget, an unknown price): null stays null. */
export const fenToYuanOrNull = (fen: number | null | undefined): number | null =>
  fen === null || fen === undefined ? null : fenToYuan(fen);

const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Fen as people read it in text (e-mails, explanations): "¥1,234.50". */
export const yuanText = (fen: number): string => `¥${grouped.format(fenToYuan(fen))}`;
