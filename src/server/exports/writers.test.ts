import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { KindColumn } from './kind.ts';
import { chinaDateTime, csvDateTime, csvWriter } from './writers.ts';

const COLUMNS: KindColumn[] = [
  { key: 'name', label: '名称', type: 'text', width: 20 },
  { key: 'n', label: '数量', type: 'integer', width: 8 },
  { key: 'cost', label: '消耗', type: 'money', width: 12 },
  { key: 'ctr', label: '点击率', type: 'percent', width: 10 },
  { key: 'roi', label: 'ROI', type: 'number', width: 10 },
  { key: 'at', label: '时间', type: 'datetime', width: 20 },
];
const ROW = ['卫衣', 12, 1234.5, 0.01234, 2.3456789, 1763692200];

async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const body = buffer(out);
  await write(out);
  if (!out.writableEnded) out.end();
  return body;
}

describe('csvWriter', () => {
  it('writes a BOM, the Chinese header and each type in its text form (China time, yuan, percent)', async () => {
    const body = await collect(async (out) => {
      const w = csvWriter(out, COLUMNS);
      await w.write([ROW, ['', null, null, Infinity, Number.NaN, 0]]);
      await w.finish();
    });
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.subarray(3).toString('utf8')).toBe(
      '名称,数量,消耗,点击率,ROI,时间\r\n卫衣,12,1234.50,1.23%,2.345679,2025-11-21 10:30:00\r\n,,,,,\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and defuses cells Excel would run as formulas', async () => {
    const body = await collect(async (out) => {
      const w = csvWriter(out, [COLUMNS[0]!]);
      await w.write([['a,b'], ['say "hi"'], ['two\nlines'], ['=1+1'], ['+86 138'], ['-5'], ['@SUM(A1)']]);
      await w.finish();
    });
    expect(body.subarray(3).toString('utf8').split('\r\n')).toEqual([
      '名称',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      "'=1+1",
      "'+86 138",
      "'-5",
      "'@SUM(A1)",
      '',
    ]);
  });

  it('writes only the header for no rows', async () => {
    const body = await collect(async (out) => csvWriter(out, COLUMNS).finish());
    expect(body.subarray(3).toString('utf8')).toBe('名称,数量,消耗,点击率,ROI,时间\r\n');
  });
});

describe('chinaDateTime', () => {
  it('shows epoch seconds in China time', () => {
    expect(chinaDateTime(0)).toBe('1970-01-01 08:00:00');
    expect(chinaDateTime(1763692200)).toBe('2025-11-21 10:30:00');
  });
});

describe('csvDateTime', () => {
  it('equals chinaDateTime across days, midnight, fractions and years', () => {
    const samples = [1, 59.999, 57_600, 57_599, 86_399, 1763692200, 1763692200.5, 1767196799, 1767196800, 4102444799];
    for (let t = 1_700_000_000; t < 1_700_000_000 + 3 * 86400; t += 997) samples.push(t);
    for (const t of samples) expect(csvDateTime(t)).toBe(chinaDateTime(t));
  });
});
