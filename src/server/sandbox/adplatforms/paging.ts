/** Small readers shared by the platform files: ints from query/body, JSON-in-query params, lossless ids. */

import { createHash } from 'node:crypto';
import { chinaDateTime } from '../../../shared/china-clock.ts';
import { parseJson, rawId } from '../../../shared/lossless-json.ts';

/** A positive integer, the default when absent, or null when malformed. */
export function intParam(v: unknown, fallback: number): number | null {
  if (v === undefined || v === null || v === '') return fallback;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) ? n : null;
}

/** A query parameter holding JSON (巨量 `filtering`, 腾讯 `date_range` …): undefined when absent, null when malformed. */
export function jsonParam(v: string | undefined): unknown {
  if (v === undefined || v === '') return undefined;
  try {
    return parseJson(v);
  } catch {
    return null;
  }
}

export const idList = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => (typeof x === 'number' || typeof x === 'string') && /^\d+$/.test(String(x))) ? v.map(String) : null;

export const idField = (v: unknown): string | null =>
  (typeof v === 'number' || typeof v === 'string') && /^\d{1,20}$/.test(String(v)) ? String(v) : null;

export const wireId = (id: string | null | undefined): unknown => (id ? rawId(id) : 0);
export const yuan = (fen: number | null | undefined): number => Math.round(fen ?? 0) / 100;
export const stamp = (epoch: number): string => chinaDateTime(epoch);

export function pageOf<T>(rows: T[], page: number, pageSize: number): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

/** An id standing for a set of ids (an organisation's, an agency's): `prefix` then `digits` digits, stable for the set. */
export function idOfSet(prefix: string, digits: number, ids: string[]): string {
  const h = Number.parseInt(
    createHash('sha256')
      .update([...ids].sort().join(','))
      .digest('hex')
      .slice(0, 12),
    16,
  );
  return `${prefix}${String(h % 10 ** digits).padStart(digits, '0')}`;
}
