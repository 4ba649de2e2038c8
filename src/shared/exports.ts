import { intInput, pageInput, pagesizeInput } from './paging.ts';
import { z } from './zod.ts';

/**
 * Export templates and exports (spec §2 /exportTemplate, §7 /napi/exporttemplate/*): request and answer shapes
 * shared by the server and the console. Which kinds exist and which columns each offers is the server's
 * registry (`src/server/exports/kinds/`), read by the console through `exporttemplate/full`.
 */

/** How a column's values are written: typed cells in XLSX, formatted text in CSV. */
export const COLUMN_TYPES = {
  text: '文本',
  integer: '整数',
  number: '数值',
  decimal2: '数值（两位小数）',
  money: '金额（元）',
  percent: '百分比',
  datetime: '日期时间',
} as const;
export type ColumnType = keyof typeof COLUMN_TYPES;

export const EXPORT_FORMATS = { xlsx: 'Excel（XLSX）', csv: 'CSV（UTF-8）' } as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

export const EXPORT_STATES = { queued: '排队中', running: '导出中', done: '已完成', failed: '失败', expired: '已过期' } as const;
export type ExportState = keyof typeof EXPORT_STATES;

/** Most columns a template may hold (no kind offers more). */
export const MAX_TEMPLATE_COLUMNS = 80;

const idInput = (label: string) => intInput(`${label}必须是整数`).refine((n) => n > 0, `${label}必须是正整数`);

export const kindSchema = z
  .string({ error: '请选择导出的数据类型' })
  .trim()
  .regex(/^[a-z][A-Za-z]{1,39}$/, '导出的数据类型不存在');

const columnKey = z.string({ error: '列名必须是文本' }).regex(/^[a-z][a-z0-9_]{0,39}$/, '列名不合法');

export const templateColumns = z
  .array(columnKey, { error: '请选择要导出的列' })
  .min(1, '请至少选择一列')
  .max(MAX_TEMPLATE_COLUMNS, `最多选择 ${MAX_TEMPLATE_COLUMNS} 列`)
  .refine((cols) => new Set(cols).size === cols.length, '同一列不能选择两次');

export const templateName = z.string({ error: '请输入模板名称' }).trim().min(1, '请输入模板名称').max(40, '模板名称不能超过 40 个字符');

export const templateIndexInput = z.object({ kind: kindSchema.optional(), page: pageInput, pagesize: pagesizeInput });
export const templateCreateInput = z.object({ name: templateName, kind: kindSchema, columns: templateColumns });
export const templateUpdateInput = z.object({
  id: idInput('模板编号'),
  name: templateName.optional(),
  columns: templateColumns.optional(),
});
export const templateIdInput = z.object({ id: idInput('模板编号') });
export const fullInput = z.object({ kind: kindSchema.optional() });

export const columnView = z.object({ key: z.string(), label: z.string(), type: z.enum(Object.keys(COLUMN_TYPES) as [ColumnType]) });
export type ColumnView = z.output<typeof columnView>;

export const kindView = z.object({ kind: z.string(), label: z.string(), columns: z.array(columnView) });
export type KindView = z.output<typeof kindView>;

export const templateView = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  name: z.string(),
  /** Column keys in file order, and their Chinese headers (the header row). */
  columns: z.array(z.string()),
  labels: z.array(z.string()),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type TemplateView = z.output<typeof templateView>;

export const exportCreateInput = z.object({
  kind: kindSchema,
  format: z.enum(['xlsx', 'csv'], { error: '导出格式只能是 xlsx 或 csv' }).default('xlsx'),
  /** A template of the caller for this kind; absent or 0 = every column. */
  template_id: intInput('模板编号必须是整数')
    .refine((n) => n >= 0, '模板编号必须是正整数')
    .optional(),
  /** The list's current filters, as its own list endpoint takes them (paging left out). */
  filters: z.record(z.string(), z.unknown(), { error: '筛选条件必须是对象' }).default({}),
});
export type ExportCreateInput = z.input<typeof exportCreateInput>;

export const exportIdInput = z.object({ id: idInput('导出编号') });
export const exportIndexInput = z.object({ page: pageInput, pagesize: pagesizeInput });

export const exportView = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  format: z.enum(['xlsx', 'csv']),
  /** The download's file name. */
  filename: z.string(),
  template_id: z.number().int(),
  state: z.enum(Object.keys(EXPORT_STATES) as [ExportState]),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  /** 0–100. */
  percent: z.number(),
  bytes: z.number().int(),
  error: z.string(),
  created_at: z.number().int(),
  finished_at: z.number().int(),
  /** When the file is deleted (0 while not done). */
  expires_at: z.number().int(),
});
export type ExportView = z.output<typeof exportView>;

export const exportLink = z.object({
  /** Signed, expiring URL of the file; only for the owner (or an admin). */
  url: z.string(),
  expires_at: z.number().int(),
  filename: z.string(),
});

/** `/api/oss/certificate`: a short-lived credential to upload one file under `dir` (OSS PostObject policy style). */
export const certificateInput = z.object({
  /** What the upload is for; decides the folder. */
  purpose: z.enum(['file', 'image'], { error: '上传用途只能是 file 或 image' }).default('file'),
});
export const certificateView = z.object({
  /** POST the form here: fields key, policy, signature, OSSAccessKeyId, success_action_status, then file. */
  host: z.string(),
  accessid: z.string(),
  /** Base64 JSON: expiration, the key prefix and the size range the upload must keep to. */
  policy: z.string(),
  signature: z.string(),
  /** Key prefix every upload with this credential must start with. */
  dir: z.string(),
  /** Epoch seconds. */
  expire: z.number().int(),
  max_bytes: z.number().int(),
});
export type Certificate = z.output<typeof certificateView>;
