import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { KindColumn } from './kind.ts';
import { xlsxWriter } from './xlsx.ts';
import { columnName, dateSerial } from './xlsx-parts.ts';

// Files are read back with exceljs's reader (a devDependency: the product no longer writes with it).

const COLUMNS: KindColumn[] = [
  { key: 'name', label: '名称', type: 'text', width: 20 },
  { key: 'n', label: '数量', type: 'integer', width: 8 },
  { key: 'cost', label: '消耗', type: 'money', width: 12 },
  { key: 'ctr', label: '点击率', type: 'percent', width: 10 },
  { key: 'roi', label: 'ROI', type: 'number', width: 10 },
  { key: 'avg', label: '均价', type: 'decimal2', width: 10 },
  { key: 'at', label: '时间', type: 'datetime', width: 20 },
];
const ROW = ['卫衣', 12, 1234.5, 0.01234, 2.3456789, 3.5, 1763692200];

async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const body = buffer(out);
  await write(out);
  if (!out.writableEnded) out.end();
  return body;
}

async function produce(
  columns: KindColumn[],
  pages: (string | number | null)[][][],
  rowsPerSheet?: number,
  zip64 = false,
): Promise<ExcelJS.Workbook> {
  const body = await collect(async (out) => {
    const w = await xlsxWriter(out, columns, '投放/链接', rowsPerSheet, zip64);
    for (const page of pages) await w.write(page);
    await w.finish();
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

describe('xlsxWriter', () => {
  it('writes typed cells, number formats, a frozen bold header, widths, and continues on a new sheet past the limit', async () => {
    const wb = await produce(COLUMNS, [Array.from({ length: 4 }, () => ROW), [ROW, ['最后', 1, null, null, null, null, null]]], 3);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['投放 链接', '投放 链接 2']);
    const [first, second] = wb.worksheets;
    expect(first!.rowCount).toBe(4);
    expect(second!.rowCount).toBe(4);
    expect(first!.getRow(1).values).toEqual([undefined, '名称', '数量', '消耗', '点击率', 'ROI', '均价', '时间']);
    expect(first!.getRow(1).font?.bold).toBe(true);
    expect(first!.getRow(1).getCell(7).font?.bold).toBe(true);
    expect(first!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(COLUMNS.map((_, i) => first!.getColumn(i + 1).width)).toEqual([20, 8, 12, 10, 10, 10, 20]);
    const row = first!.getRow(2);
    // the datetime is China wall time (10:30 in Beijing is 02:30 UTC), stored as a date serial
    expect(row.values).toEqual([undefined, '卫衣', 12, 1234.5, 0.01234, 2.3456789, 3.5, new Date(Date.UTC(2025, 10, 21, 10, 30, 0))]);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect([2, 3, 4, 5, 6].map((c) => row.getCell(c).type)).toEqual(Array(5).fill(ExcelJS.ValueType.Number));
    expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Date);
    expect([2, 3, 4, 5, 6, 7].map((c) => row.getCell(c).numFmt)).toEqual([
      '0',
      '#,##0.00',
      '0.00%',
      '0.######',
      '0.00',
      'yyyy-mm-dd hh:mm:ss',
    ]);
    expect(second!.getRow(4).values).toEqual([undefined, '最后', 1]);
  });

  it('leaves empty, non-finite and zero-time cells empty and keeps the later cells in their columns', async () => {
    const wb = await produce(COLUMNS, [
      [
        [null, null, 5, Number.NaN, Infinity, null, 0],
        ['', 7, null, null, null, null, 1763692200],
        ['甲', null, null, null, null, 1.25, null],
      ],
    ]);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(2).values).toEqual([undefined, undefined, undefined, 5]);
    expect(ws.getRow(3).values).toEqual([
      undefined,
      undefined,
      7,
      undefined,
      undefined,
      undefined,
      undefined,
      new Date(Date.UTC(2025, 10, 21, 10, 30)),
    ]);
    expect(ws.getRow(4).values).toEqual([undefined, '甲', undefined, undefined, undefined, undefined, 1.25]);
  });

  it('escapes markup, drops characters XML 1.0 forbids, keeps emoji, CJK, spaces, line breaks and _xHHHH_ text', async () => {
    const texts = [
      `<b>&"'</b> a < b && c > d`,
      'bell\u0007 nul\u0000 esc\u001b vt\u000b ok',
      '表情 😀👍🏽 𠮷野家',
      '  两端空格  ',
      'tab\there\nnew line\r\nCRLF',
      'lone \uD800 high and \uDC00 low, \uFFFE\uFFFF',
      '_x0041_ stays as typed',
      '=SUM(A1:A2)',
    ];
    const wb = await produce([COLUMNS[0]!], [texts.map((t) => [t])]);
    const got = wb.worksheets[0]!.getColumn(1).values.slice(2);
    expect(got).toEqual([
      `<b>&"'</b> a < b && c > d`,
      'bell nul esc vt ok',
      '表情 😀👍🏽 𠮷野家',
      '  两端空格  ',
      'tab\there\nnew line\r\nCRLF',
      'lone  high and  low, ',
      // written as _x005F_x0041_ (ST_Xstring, ECMA-376 Part 1 §22.9.2.19): Excel shows the text as typed;
      // exceljs's reader does not undo the escape in inline strings, so it shows the escaped form
      '_x005F_x0041_ stays as typed',
      '=SUM(A1:A2)',
    ]);
    // text is text, never a formula
    expect(wb.worksheets[0]!.getCell('A9').type).toBe(ExcelJS.ValueType.String);
  });

  it('writes the Zip64 records a file past 4 GiB needs in a form readers take (forced on a small file)', async () => {
    const wb = await produce(COLUMNS, [[ROW, ROW], [ROW]], 2, true);
    expect(wb.worksheets.map((s) => s.rowCount)).toEqual([3, 2]);
    expect(wb.worksheets[1]!.getRow(2).values).toEqual([
      undefined,
      '卫衣',
      12,
      1234.5,
      0.01234,
      2.3456789,
      3.5,
      new Date(Date.UTC(2025, 10, 21, 10, 30, 0)),
    ]);
  });

  it('writes the header alone for an empty export', async () => {
    const wb = await produce(COLUMNS, []);
    expect(wb.worksheets).toHaveLength(1);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(1);
    expect(ws.getRow(1).values).toEqual([undefined, '名称', '数量', '消耗', '点击率', 'ROI', '均价', '时间']);
  });

  it('writes 100 000 rows a page at a time, every row in order', async () => {
    const pages = Array.from({ length: 100 }, (_, p) =>
      Array.from({ length: 1000 }, (_, i) => {
        const n = p * 1000 + i;
        return [`订单 ${n}`, n, n / 100, null, null, null, 1763692200 + n];
      }),
    );
    const wb = await produce(COLUMNS, pages);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(100_001);
    for (const n of [0, 1, 54_321, 99_999]) {
      const r = ws.getRow(n + 2);
      expect(r.values).toEqual([
        undefined,
        `订单 ${n}`,
        n,
        n / 100,
        undefined,
        undefined,
        undefined,
        new Date((1763692200 + n + 8 * 3600) * 1000),
      ]);
    }
  }, 120_000);

  it('waits for the destination: a page is not taken while nobody reads the file', async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const w = await xlsxWriter(out, COLUMNS, '订单');
    // text that does not compress (a fixed-seed LCG), so the zip's buffers cannot swallow the page
    let seed = 12345;
    const noise = (): string => {
      let s = '';
      for (let i = 0; i < 8; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        s += seed.toString(36);
      }
      return s;
    };
    const page = Array.from({ length: 5000 }, (_, n) => [noise(), n, n, 0.5, n, n, 1763692200 + n]);
    let written = false;
    const writing = w.write(page).then(() => {
      written = true;
    });
    for (let i = 0; i < 100; i++) await new Promise((r) => setImmediate(r));
    expect(written).toBe(false);
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writing;
    await w.finish();
    expect(written).toBe(true);
    expect(Buffer.concat(chunks).length).toBeGreaterThan(0);
  });
});

describe('columnName', () => {
  it('names columns as A1 references do', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('dateSerial', () => {
  it('is the China wall time as days since 1899-12-30, to well under a second', () => {
    expect(dateSerial(0)).toBe('25569.3333333333');
    expect(dateSerial(57_600)).toBe('25570');
    for (const t of [1, 1763692200, 1763692200.25, 1767196799, 4102444799]) {
      const serial = Number(dateSerial(t));
      expect(Math.abs((serial - 25569) * 86400 - (t + 8 * 3600))).toBeLessThan(0.001);
    }
  });
});
