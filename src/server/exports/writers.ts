import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ColumnType } from '../../shared/exports.ts';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import type { CellValue, KindColumn } from './kind.ts';

/** Writes one export file: rows arrive a page at a time; `finish` completes the file (the caller closes `out`). */
export interface SheetWriter {
  write(rows: readonly CellValue[][]): Promise<void>;
  finish(): Promise<void>;
}

const finite = (v: CellValue): v is number => typeof v === 'number' && Number.isFinite(v);

/** Epoch seconds → 'YYYY-MM-DD HH:mm:ss' in China time. */
export const chinaDateTime = (sec: number): string =>
  new Date((sec + CHINA_OFFSET_SECONDS) * 1000).toISOString().slice(0, 19).replace('T', ' ');

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
let lastDay = Number.NaN;
let lastDayText = '';

/**
 * chinaDateTime without a Date and three strings per cell: the day's text is kept while rows stay on the same
 * China day (lists come in time order), the time of day is arithmetic. Equal to chinaDateTime (a test checks).
 */
export function csvDateTime(sec: number): string {
  const local = Math.floor(sec) + CHINA_OFFSET_SECONDS;
  const day = Math.floor(local / 86400);
  if (day !== lastDay) {
    lastDay = day;
    lastDayText = new Date(day * 86_400_000).toISOString().slice(0, 10);
  }
  const s = local - day * 86400;
  return `${lastDayText} ${TWO_DIGITS[Math.floor(s / 3600)]}:${TWO_DIGITS[Math.floor((s % 3600) / 60)]}:${TWO_DIGITS[s % 60]}`;
}

/** CSV text is handed to the stream in pieces of about this size (small strings die young: less heap). */
const CSV_CHUNK_CHARS = 32 * 1024;

/** Cells Excel would read as a formula get a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvText(type: ColumnType, v: CellValue): string {
  if (v === null || v === '') return '';
  if (type === 'text') {
    const s = String(v);
    const safe = FORMULA_START.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  }
  if (!finite(v)) return '';
  switch (type) {
    case 'datetime':
      return v > 0 ? csvDateTime(v) : '';
    case 'money':
    case 'decimal2':
      return v.toFixed(2);
    case 'percent':
      return `${(v * 100).toFixed(2)}%`;
    case 'integer':
      return String(Math.round(v));
    default:
      return String(Math.round(v * 1e6) / 1e6);
  }
}

/** CSV for Excel: UTF-8 with a BOM (so Chinese shows), CRLF lines, RFC 4180 quoting, China-time dates, yuan with two decimals. */
export function csvWriter(out: Writable, columns: readonly KindColumn[]): SheetWriter {
  const types = columns.map((c) => c.type);
  const put = async (chunk: string): Promise<void> => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  let started = false;
  const start = async (): Promise<void> => {
    if (started) return;
    started = true;
    await put(`\uFEFF${columns.map((c) => csvText('text', c.label)).join(',')}\r\n`);
  };
  return {
    async write(rows) {
      await start();
      let chunk = '';
      for (const row of rows) {
        // one string per row, no array of cells to join
        let line = '';
        for (let i = 0; i < row.length; i++)
          line += i ? `,${csvText(types[i] ?? 'text', row[i] ?? null)}` : csvText(types[i] ?? 'text', row[i] ?? null);
        chunk += `${line}\r\n`;
        if (chunk.length >= CSV_CHUNK_CHARS) {
          await put(chunk);
          chunk = '';
        }
      }
      if (chunk) await put(chunk);
    },
    async finish() {
      await start();
    },
  };
}
