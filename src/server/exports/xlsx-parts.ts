import type { ColumnType } from '../../shared/exports.ts';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import type { CellValue, KindColumn } from './kind.ts';

/**
 * The OOXML parts of a minimal SpreadsheetML package and the XML of one row. Sources: ECMA-376 5th edition
 * Part 1 (Fundamentals and Markup Language Reference, §18 SpreadsheetML) and Part 2 (Open Packaging Conventions).
 */

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Custom number formats (ECMA-376 Part 1 §18.8.30 numFmt; ids from 164 up are the file's own, §18.8.31), one per
 * column type that has one — the same format codes the exceljs writer used, so files look as they did.
 */
const NUM_FMT: ReadonlyArray<[ColumnType, string]> = [
  ['integer', '0'],
  ['number', '0.######'],
  ['decimal2', '0.00'],
  ['money', '#,##0.00'],
  ['percent', '0.00%'],
  ['datetime', 'yyyy-mm-dd hh:mm:ss'],
];

/** Index in cellXfs (§18.8.10) of the style a cell of a type gets: 0 is the default, 1 the bold header. */
export const STYLE_OF: Readonly<Record<ColumnType, number>> = {
  text: 0,
  integer: 2,
  number: 3,
  decimal2: 4,
  money: 5,
  percent: 6,
  datetime: 7,
};
export const HEADER_STYLE = 1;

/** [Content_Types].xml (Part 2 §10.1.2): defaults by extension, overrides for the workbook, sheets, styles. */
export function contentTypes(sheets: number): string {
  let overrides = '';
  for (let n = 1; n <= sheets; n++)
    overrides += `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  return `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`;
}

/** _rels/.rels (Part 2 §9.3): the package's one relationship, officeDocument → the workbook (Part 1 §15.2.12.3). */
export const ROOT_RELS = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/** xl/workbook.xml (Part 1 §18.2.27 workbook, §18.2.19 sheet: name ≤ 31 characters, unique, sheetId and r:id). */
export function workbook(names: readonly string[]): string {
  const sheets = names.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  return `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`;
}

/** xl/_rels/workbook.xml.rels: a worksheet relationship per sheet (Part 1 §12.3.24), then styles (§12.3.20). */
export function workbookRels(sheets: number): string {
  let rels = '';
  for (let n = 1; n <= sheets; n++) rels += `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`;
  return `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">${rels}<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
}

/**
 * xl/styles.xml (Part 1 §18.8.39 styleSheet, children in the schema's order): the custom formats, a regular and a
 * bold font (§18.8.22, §18.8.2 b), the two fills every file carries (none, gray125: §18.8.20), one empty border,
 * the Normal cell style, and cellXfs: 0 default, 1 bold header, 2… one per NUM_FMT in STYLE_OF's order.
 */
export function styles(): string {
  const fmts = NUM_FMT.map(([, code], i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(code)}"/>`).join('');
  const font = (bold: boolean) => `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
  const xfs = [xf(0, 0), xf(0, 1), ...NUM_FMT.map((_, i) => xf(164 + i, 0))];
  return `${XML_DECL}<styleSheet xmlns="${MAIN_NS}"><numFmts count="${NUM_FMT.length}">${fmts}</numFmts><fonts count="2">${font(false)}${font(true)}</fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
}

/**
 * The start of a worksheet (Part 1 §18.3.1.99, children in the schema's order): the header row frozen
 * (§18.3.1.66 pane: ySplit 1, state frozen, the scrolling pane bottomLeft), column widths in characters
 * (§18.3.1.13 col, customWidth), then sheetData (§18.3.1.80) with the bold header row.
 */
export function sheetStart(columns: readonly KindColumn[]): string {
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  const header = columns
    .map((c, i) => `<c r="${columnName(i)}1" s="${HEADER_STYLE}" t="inlineStr"><is><t>${escapeXml(c.label)}</t></is></c>`)
    .join('');
  return `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><cols>${cols}</cols><sheetData><row r="1" s="${HEADER_STYLE}" customFormat="1">${header}</row>`;
}

export const SHEET_END = '</sheetData></worksheet>';

/** Days from Excel's 1900 epoch to 1970-01-01 (Part 1 §18.17.4.1: serial 25569 is 1970-01-01 in the 1900 system). */
const UNIX_EPOCH_SERIAL = 25569;

/**
 * One row (§18.3.1.73 row, §18.3.1.4 c). Every cell carries its reference (`r`): the schema makes it optional,
 * but readers such as exceljs's need it. An empty cell is not written. Numbers carry no `t` (ST_CellType's
 * default is n, §18.18.11) and a style with the type's number format; datetimes are serial days showing China
 * wall time; text is an inline string (§18.3.1.53 is, §18.4.12 t).
 */
export function rowXml(rowNumber: number, layout: RowLayout, row: readonly CellValue[]): string {
  const { types, refs } = layout;
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < types.length; i++) {
    const v = row[i];
    const type = types[i];
    if (type === 'text') {
      if (v !== null && v !== undefined && v !== '')
        xml += `${refs[i]}${rowNumber}" t="inlineStr"><is><t${textBody(String(v))}</t></is></c>`;
    } else if (typeof v === 'number' && Number.isFinite(v)) {
      if (type !== 'datetime') xml += `${refs[i]}${rowNumber}"${STYLE_ATTR[type ?? 'number']}><v>${v}</v></c>`;
      else if (v > 0) xml += `${refs[i]}${rowNumber}"${STYLE_ATTR.datetime}><v>${dateSerial(v)}</v></c>`;
    }
  }
  return `${xml}</row>`;
}

/** What a file's rows share: each column's type and the start of its cells (`<c r="B`), computed once. */
export interface RowLayout {
  types: readonly ColumnType[];
  refs: readonly string[];
}

export const rowLayout = (types: readonly ColumnType[]): RowLayout => ({ types, refs: types.map((_, i) => `<c r="${columnName(i)}`) });

const STYLE_ATTR = Object.fromEntries(Object.entries(STYLE_OF).map(([t, s]) => [t, s ? ` s="${s}"` : ''])) as Record<ColumnType, string>;

/** Decimal fraction of the day per second of the day, made on first use (at most 86 400 short strings). */
const DAY_FRACTION: string[] = [];

/**
 * Epoch seconds → the serial date of that China wall time: whole days since the epoch plus the fraction of the
 * day. Printing a full double costs ~1 µs a cell; whole seconds reuse the day's number and a cached fraction
 * with 10 decimals (4 µs, far below the second the format shows).
 */
export function dateSerial(sec: number): string {
  const local = sec + CHINA_OFFSET_SECONDS;
  if (!Number.isInteger(local)) return String(local / 86400 + UNIX_EPOCH_SERIAL);
  const day = Math.floor(local / 86400);
  const s = local - day * 86400;
  let fraction = DAY_FRACTION[s];
  if (fraction === undefined) {
    fraction = s === 0 ? '' : (s / 86400).toFixed(10).slice(1).replace(/0+$/, '');
    DAY_FRACTION[s] = fraction;
  }
  return `${day + UNIX_EPOCH_SERIAL}${fraction}`;
}

/** 0 → A, 25 → Z, 26 → AA (§18.3.1.4 r: an A1-style reference). */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/**
 * Characters XML 1.0 does not allow (§2.2 Char: controls other than tab, LF, CR; U+FFFE, U+FFFF; unpaired
 * surrogates) are dropped; `_xHHHH_` sequences get their underscore escaped as `_x005F_` because Excel reads
 * them as escaped characters (Part 1 §22.9.2.19 ST_Xstring).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters XML 1.0 forbids is the point
const ILLEGAL = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const NEEDS_WORK = /[<>&"'\0-\x08\x0B-\x1F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
const ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;', '\r': '&#13;' };

export function escapeXml(s: string): string {
  if (!NEEDS_WORK.test(s)) return s;
  return s
    .replace(ILLEGAL, '')
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
    .replace(/[<>&"'\r]/g, (c) => ENTITY[c] ?? c);
}

/** What follows `<t` for a text: xml:space="preserve" when it starts or ends with white space (§18.4.12), `>`, the escaped text. */
function textBody(s: string): string {
  const e = escapeXml(s);
  const edge = e.charCodeAt(0);
  const last = e.charCodeAt(e.length - 1);
  const keep = edge === 32 || edge === 9 || edge === 10 || last === 32 || last === 9 || last === 10;
  return keep ? ` xml:space="preserve">${e}` : `>${e}`;
}
