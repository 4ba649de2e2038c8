import type { Writable } from 'node:stream';
import type { CellValue, KindColumn } from './kind.ts';
import type { SheetWriter } from './writers.ts';
import { contentTypes, ROOT_RELS, rowLayout, rowXml, SHEET_END, sheetStart, styles, workbook, workbookRels } from './xlsx-parts.ts';
import { type ZipEntry, ZipWriter } from './zip.ts';

/** Data rows per sheet: Excel's limit is 1 048 576 rows including the header; more rows continue on 数据 2, 数据 3 … */
export const ROWS_PER_SHEET = 1_000_000;
/** Sheet XML is handed to the compressor in pieces of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

/**
 * XLSX written by hand into a ZIP package (zip.ts: deflate by Node's zlib, level 1: speed over size): the
 * parts of `xlsx-parts.ts`, one worksheet entry streamed row by row, a bold frozen header row, column widths,
 * typed cells (numbers, money `#,##0.00`, percent `0.00%`, dates `yyyy-mm-dd hh:mm:ss` in China time), text as
 * inline strings (no shared-string table, so nothing grows with the row count). Memory: the page being written
 * and the compressor's buffers; a write waits while the compressor is full, and the compressor waits while `out`
 * is, so a slow destination holds everything back.
 */
export async function xlsxWriter(
  out: Writable,
  columns: readonly KindColumn[],
  sheetName: string,
  rowsPerSheet = ROWS_PER_SHEET,
  zip64 = false,
): Promise<SheetWriter> {
  const zip = new ZipWriter(out, { level: 1, forceZip64: zip64 });
  // sheet names: no []:*?/\ and at most 31 characters (ECMA-376 Part 1 §18.2.19; Excel rejects others)
  const baseName =
    sheetName
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 26)
      .trim() || '数据';
  const names: string[] = [];
  const layout = rowLayout(columns.map((c) => c.type));
  const head = sheetStart(columns);

  let sheet: ZipEntry | null = null;
  let rowNumber = 1;
  let chunk = '';
  const put = async (text: string): Promise<void> => {
    await sheet?.write(text);
  };
  const openSheet = async (): Promise<void> => {
    names.push(names.length === 0 ? baseName : `${baseName} ${names.length + 1}`);
    sheet = await zip.open(`xl/worksheets/sheet${names.length}.xml`);
    rowNumber = 1;
    await put(head);
  };
  const closeSheet = async (): Promise<void> => {
    await put(chunk + SHEET_END);
    chunk = '';
    await sheet?.end();
    sheet = null;
  };
  await openSheet();
  return {
    async write(rows: readonly CellValue[][]) {
      for (const row of rows) {
        if (rowNumber > rowsPerSheet) {
          await closeSheet();
          await openSheet();
        }
        rowNumber += 1;
        chunk += rowXml(rowNumber, layout, row);
        if (chunk.length >= CHUNK_CHARS) {
          await put(chunk);
          chunk = '';
        }
      }
      if (chunk) await put(chunk);
      chunk = '';
    },
    async finish() {
      await closeSheet();
      await zip.add('xl/styles.xml', styles());
      await zip.add('xl/workbook.xml', workbook(names));
      await zip.add('xl/_rels/workbook.xml.rels', workbookRels(names.length));
      await zip.add('_rels/.rels', ROOT_RELS);
      await zip.add('[Content_Types].xml', contentTypes(names.length));
      await zip.finish();
    },
  };
}
