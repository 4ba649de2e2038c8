/**
 * Test support for exports: many link rows at once (progress and paging need more rows than the services make
 * quickly), downloads through the app, and reading files back with exceljs's reader (an independent check of
 * what the streaming writer produced).
 */
import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import type { Db } from '../../src/server/kernel/executor.ts';
import type { LinksTable } from '../../src/server/links/tables.ts';
import { LINK_DEFAULTS } from '../../src/shared/links.ts';
import type { TestApp } from './app.ts';
import { testNow } from './clock.ts';

/** `n` live links of `customerid` with pageids `prefix`0001…, written in chunks (one statement per 200 rows). */
export async function insertLinkRows(db: Db, customerid: number, n: number, prefix = '7'): Promise<void> {
  const now = testNow();
  const rows: Insertable<LinksTable>[] = [];
  for (let i = 1; i <= n; i++) {
    rows.push({
      ...LINK_DEFAULTS,
      pageid: `${prefix}${String(i).padStart(8, '0')}`,
      customerid,
      platform: 2,
      state: 2,
      isdirect: 1,
      title: `批量链接${i}`,
      itemid: String(600000000000 + i),
      item_title: `商品${i}`,
      item_image: '',
      item_price: 1000 + i,
      detaillink: '',
      transedlink: '',
      monitor_touch_url: '',
      monitor_show_url: '',
      created_by: customerid,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('links')
      .values(rows.slice(i, i + 200))
      .execute();
}

export interface Download {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** GET a download URL through the app, with a session token (Authorization header) or a console cookie. */
export async function download(t: TestApp, url: string, auth: { token?: string; cookie?: string } = {}): Promise<Download> {
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = auth.token;
  if (auth.cookie) headers.cookie = auth.cookie;
  const res = await t.app.request(url, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

export interface ReadSheet {
  name: string;
  header: string[];
  rows: unknown[][];
  /** Frozen rows at the top (ySplit of the first view). */
  frozenRows: number;
  widths: number[];
  numFmts: string[];
}

/** Every sheet of an XLSX file as exceljs's (non-streaming) reader sees it. */
export async function readXlsx(body: Buffer): Promise<ReadSheet[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const values: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const v = row.values as unknown[];
      values.push(v.slice(1));
    });
    const [header = [], ...rows] = values;
    const view = ws.views[0] as { state?: string; ySplit?: number } | undefined;
    const count = header.length;
    return {
      name: ws.name,
      header: header.map(String),
      rows,
      frozenRows: view?.state === 'frozen' ? (view.ySplit ?? 0) : 0,
      widths: Array.from({ length: count }, (_, i) => ws.getColumn(i + 1).width ?? 0),
      numFmts: Array.from({ length: count }, (_, i) => (rows.length ? (ws.getRow(2).getCell(i + 1).numFmt ?? '') : '')),
    };
  });
}
