/**
 * The one number formatter (spec §9) for every screen, export and e-mail: the console's cells and cards, the
 * CSV/XLSX writers and the hourly report all format through here, so one number reads the same everywhere.
 *
 * Formats 1–4 are spec §9's: 1 plain (up to 3 decimals), 2 yuan (thousands, 2 decimals), 3 percent (up to 3
 * decimals), 4 ratio × 100 (2 decimals). Format 5 is ours, for multiples such as ROI: always 2 decimals
 * (2.03, 0.80, 0.74) — format 1 showed 2.028, 0.8 and 0.74 side by side, and the e-mail rounded to 2.
 * Infinity, NaN, null and undefined (an undefined ratio: 0 展示, 0 消耗) show '--'.
 */
export type NumberFormat = 1 | 2 | 3 | 4 | 5;

const yuan = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upTo3 = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3, useGrouping: false });
const fixed2 = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** The text of an undefined value (spec §9: Infinity shows '--'). */
export const NO_VALUE = '--';

export function formatNumber(value: number | string | null | undefined, type: NumberFormat = 1): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return NO_VALUE;
  switch (type) {
    case 1:
      return upTo3.format(n);
    case 2:
      return yuan.format(n);
    case 3:
      return `${upTo3.format(n)}%`;
    case 4:
      return `${(n * 100).toFixed(2)}%`;
    case 5:
      return fixed2.format(n);
  }
}

/** Decimals a format keeps when a file stores the number itself (XLSX number format, CSV text). */
export const FORMAT_DECIMALS: Record<NumberFormat, number | null> = { 1: 3, 2: 2, 3: 3, 4: 2, 5: 2 };
