import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ZipStream from 'zip-stream';
import type { CellValue, KindColumn } from './kind.ts';
import type { SheetWriter } from './writers.ts';
import { contentTypes, ROOT_RELS, rowLayout, rowXml, SHEET_END, sheetStart, styles, workbook, workbookRels } from './xlsx-parts.ts';

/** Data rows per sheet: Excel's limit is 1 048 576 rows including the header; more rows continue on 数据 2, 数据 3 … */
export const ROWS_PER_SHEET = 1_000_000;
/** Sheet XML is handed to the compressor in pieces of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

/**
 * XLSX written by hand into zip-stream (archiverjs; deflate by Node's zlib, level 1: speed over size): the
 * parts of `xlsx-parts.ts`, one worksheet entry streamed row by row, a bold frozen header row, column widths,
 * typed cells (numbers, money `#,##0.00`, percent `0.00%`, dates `yyyy-mm-dd hh:mm:ss` in China time), text as
 * inline strings (no shared-string table, so nothing grows with the row count). Memory: the page being written
 * and the compressor's buffers; a write waits while the sheet entry's buffer is full (its `drain`), and the
 * zip output is piped into `out`, so a slow destination holds everything back.
 */
export async function xlsxWriter(
  out: Writable,
  columns: readonly KindColumn[],
  sheetName: string,
  rowsPerSheet = ROWS_PER_SHEET,
): Promise<SheetWriter> {
  const zip = new ZipStream({ zlib: { level: 1 } });
  zip.pipe(out);
  const zipFailed = new Promise<never>((_, reject) => zip.once('error', reject));
  zipFailed.catch(() => {});
  const add = (source: string | Readable, name: string): Promise<void> =>
    Promise.race([
      zipFailed,
      new Promise<void>((resolve, reject) => zip.entry(source, { name, date: FIXED_DATE }, (err) => (err ? reject(err) : resolve()))),
    ]);
  // sheet names: no []:*?/\ and at most 31 characters (ECMA-376 Part 1 §18.2.19; Excel rejects others)
  const baseName =
    sheetName
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 26)
      .trim() || '数据';
  const names: string[] = [];
  const layout = rowLayout(columns.map((c) => c.type));
  const head = sheetStart(columns);

  let sheet: PassThrough | null = null;
  let added: Promise<void> = Promise.resolve();
  let rowNumber = 1;
  let chunk = '';
  const put = async (text: string): Promise<void> => {
    if (sheet && !sheet.write(text)) await Promise.race([once(sheet, 'drain'), zipFailed]);
  };
  const openSheet = async (): Promise<void> => {
    names.push(names.length === 0 ? baseName : `${baseName} ${names.length + 1}`);
    sheet = new PassThrough({ highWaterMark: 256 * 1024 });
    added = add(sheet, `xl/worksheets/sheet${names.length}.xml`);
    rowNumber = 1;
    await put(head);
  };
  const closeSheet = async (): Promise<void> => {
    if (chunk) await put(chunk);
    chunk = '';
    sheet?.end(SHEET_END);
    await added;
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
      await add(styles(), 'xl/styles.xml');
      await add(workbook(names), 'xl/workbook.xml');
      await add(workbookRels(names.length), 'xl/_rels/workbook.xml.rels');
      await add(ROOT_RELS, '_rels/.rels');
      await add(contentTypes(names.length), '[Content_Types].xml');
      zip.finalize();
      await Promise.race([once(zip, 'end'), zipFailed]);
    },
  };
}

/** Entry times are the product's, not the wall clock's: a file's bytes depend only on its rows. */
const FIXED_DATE = new Date(Date.UTC(2020, 0, 1));
