import { Code } from '../../shared/codes.ts';
import type { ExportFormat, ExportState, ExportView } from '../../shared/exports.ts';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, invalid, notFound } from '../kernel/errors.ts';
import { seesAll, signedDownloadUrl } from './download.ts';
import { kindFor, kindNamed } from './kinds/index.ts';
import { produceExport } from './produce.ts';
import * as store from './store.ts';
import { templateColumns } from './template-columns.ts';
import { ownTemplate } from './templates.ts';

/** The export job (background exports); kicked when a large export is queued. */
export const EXPORT_JOB = 'exports';
/** Background exports one user may have waiting or running at once. */
export const MAX_UNFINISHED_PER_USER = 3;

const fileSafe = (s: string): string => s.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim();

/** 'YYYYMMDD-HHmm' in China time. */
const stamp = (sec: number): string =>
  new Date((sec + CHINA_OFFSET_SECONDS) * 1000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

export function toExportView(row: store.ExportRow): ExportView {
  const total = Number(row.rows_total);
  const done = Number(row.rows_done);
  const state = row.state as ExportState;
  const percent = state === 'done' ? 100 : total > 0 ? Math.min(99.9, Math.floor((done / total) * 1000) / 10) : 0;
  return {
    id: row.id,
    kind: row.kind,
    kind_label: kindNamed(row.kind)?.label ?? row.kind,
    format: row.format as ExportFormat,
    filename: `${row.title}.${row.format}`,
    template_id: row.template_id,
    state,
    rows_total: total,
    rows_done: done,
    percent,
    bytes: Number(row.bytes),
    error: row.error,
    created_at: Number(row.created_at),
    finished_at: Number(row.finished_at),
    expires_at: Number(row.expires_at),
  };
}

/**
 * Export a list with the caller's filters and a template (or every column). The rows are counted first (the
 * caller's scope): a small export is written now and answered `done`; a large one is queued for the export
 * job, which reports progress as it goes.
 */
export async function createExport(
  deps: Deps,
  actor: Actor,
  input: { kind: string; format: ExportFormat; template_id?: number; filters: Record<string, unknown> },
): Promise<ExportView> {
  const kind = kindFor(input.kind, actor.role);
  const filters = kind.parseFilters(input.filters);
  let columns = kind.columns.map((c) => c.key);
  let title = kind.label;
  let templateId = 0;
  if (input.template_id) {
    const t = await ownTemplate(deps, actor, input.template_id);
    if (t.kind !== kind.kind) throw invalid('该模板不是这种数据的模板', { field: 'template_id' });
    columns = templateColumns(kind, t.columns);
    if (columns.length === 0) throw invalid('模板中的列已不再提供，请编辑模板');
    title = `${kind.label}-${t.name}`;
    templateId = t.id;
  }
  const total = await kind.count(deps, actor, filters);
  const max = deps.config.EXPORT_MAX_ROWS;
  if (total > max) throw invalid(`共 ${total} 行，超过单次导出上限 ${max} 行，请缩小筛选范围`);
  const inline = total <= deps.config.EXPORT_INLINE_ROWS;
  if (!inline && (await store.countUnfinished(deps.db, actor.userId)) >= MAX_UNFINISHED_PER_USER) {
    throw new AppError(Code.rateLimited, `已有 ${MAX_UNFINISHED_PER_USER} 个导出在进行中，请完成后再导出`);
  }
  const now = deps.clock.now();
  const row = await store.insertExport(deps.db, {
    user_id: actor.userId,
    kind: kind.kind,
    format: input.format,
    template_id: templateId,
    title: fileSafe(`${title}-${stamp(now)}`),
    columns: JSON.stringify(columns),
    filters: JSON.stringify(filters),
    state: inline ? 'running' : 'queued',
    rows_total: total,
    created_at: now,
    started_at: inline ? now : 0,
    heartbeat_at: now,
  });
  if (!inline) {
    deps.jobs.kick(EXPORT_JOB); // may start at once: answer the row as queued, not whatever the job made of it since
    return toExportView(row);
  }
  await produceExport(deps, row);
  return toExportView((await store.findExport(deps.db, row.id)) ?? row);
}

/** An export the caller may see: their own, or any for an admin; anything else reads like a missing one. */
async function visibleExport(deps: Deps, actor: Actor, id: number): Promise<store.ExportRow> {
  const row = await store.findExport(deps.db, id);
  if (!row || (row.user_id !== actor.userId && !seesAll(actor))) throw notFound('导出记录不存在');
  return row;
}

export const exportStatus = async (deps: Deps, actor: Actor, id: number): Promise<ExportView> =>
  toExportView(await visibleExport(deps, actor, id));

export async function listExports(
  deps: Deps,
  actor: Actor,
  input: { page: number; pagesize: number },
): Promise<{ list: ExportView[]; total: number }> {
  const { rows, total } = await store.listExports(deps.db, actor.userId, input.pagesize, (input.page - 1) * input.pagesize);
  return { list: rows.map(toExportView), total };
}

/** A signed download link for a finished export, valid a few minutes, for the caller only (the owner or an admin). */
export async function exportLink(deps: Deps, actor: Actor, id: number): Promise<{ url: string; expires_at: number; filename: string }> {
  const row = await visibleExport(deps, actor, id);
  if (row.state === 'expired') throw notFound('文件已过期删除，请重新导出');
  if (row.state === 'failed') throw new AppError(Code.conflict, `导出失败：${row.error}`);
  if (row.state !== 'done') throw new AppError(Code.conflict, '导出尚未完成，请稍后再下载');
  const expiresAt = deps.clock.now() + deps.config.EXPORT_LINK_MINUTES * 60;
  return { url: signedDownloadUrl(deps, row.id, actor.userId, expiresAt), expires_at: expiresAt, filename: toExportView(row).filename };
}
