import { Code } from '../../shared/codes.ts';
import type { KindView, TemplateView } from '../../shared/exports.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, invalid, notFound } from '../kernel/errors.ts';
import type { ExportKind } from './kind.ts';
import { kindFor, kindNamed, kindsFor } from './kinds/index.ts';
import * as store from './store.ts';
import { templateColumns } from './template-columns.ts';

/** Templates one user may keep. */
export const MAX_TEMPLATES_PER_USER = 100;

export function toTemplateView(row: store.TemplateRow): TemplateView {
  const kind = kindNamed(row.kind);
  const columns = templateColumns(kind, row.columns);
  const label = new Map(kind?.columns.map((c) => [c.key, c.label]));
  return {
    id: row.id,
    kind: row.kind,
    kind_label: kind?.label ?? row.kind,
    name: row.name,
    columns,
    labels: columns.map((k) => label.get(k) ?? k),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

function checkColumns(kind: ExportKind, columns: readonly string[]): void {
  const offered = new Set(kind.columns.map((c) => c.key));
  const unknown = columns.find((k) => !offered.has(k));
  if (unknown !== undefined) throw invalid(`${kind.label}没有「${unknown}」这一列`, { field: 'columns' });
}

const nameTaken = () => new AppError(Code.conflict, '同一数据类型下已有同名模板');

/** `full`: the kinds the caller may export, each with every column it offers. */
export function fullKinds(actor: Actor, kind?: string): KindView[] {
  const kinds = kind ? [kindFor(kind, actor.role)] : kindsFor(actor.role);
  return kinds.map((k) => ({ kind: k.kind, label: k.label, columns: k.columns.map(({ key, label, type }) => ({ key, label, type })) }));
}

export async function listTemplates(
  deps: Deps,
  actor: Actor,
  input: { kind?: string; page: number; pagesize: number },
): Promise<{ list: TemplateView[]; total: number }> {
  const kinds = input.kind ? [kindFor(input.kind, actor.role).kind] : kindsFor(actor.role).map((k) => k.kind);
  const { rows, total } = await store.listTemplates(deps.db, actor.userId, kinds, input.pagesize, (input.page - 1) * input.pagesize);
  return { list: rows.map(toTemplateView), total };
}

export async function createTemplate(
  deps: Deps,
  actor: Actor,
  input: { name: string; kind: string; columns: string[] },
): Promise<TemplateView> {
  const kind = kindFor(input.kind, actor.role);
  checkColumns(kind, input.columns);
  const { total } = await store.listTemplates(deps.db, actor.userId, [kind.kind], 1, 0);
  if (total >= MAX_TEMPLATES_PER_USER) throw new AppError(Code.conflict, `每种数据最多保存 ${MAX_TEMPLATES_PER_USER} 个模板`);
  const now = deps.clock.now();
  try {
    const row = await store.insertTemplate(deps.db, {
      user_id: actor.userId,
      kind: kind.kind,
      name: input.name,
      columns: JSON.stringify(input.columns),
      created_at: now,
      updated_at: now,
    });
    return toTemplateView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** A template of the caller; another user's id reads like a missing one. */
export async function ownTemplate(deps: Deps, actor: Actor, id: number): Promise<store.TemplateRow> {
  const row = await store.findTemplate(deps.db, actor.userId, id);
  if (!row) throw notFound('导出模板不存在');
  return row;
}

export async function updateTemplate(
  deps: Deps,
  actor: Actor,
  input: { id: number; name?: string; columns?: string[] },
): Promise<TemplateView> {
  const row = await ownTemplate(deps, actor, input.id);
  const kind = kindFor(row.kind, actor.role);
  if (input.columns) checkColumns(kind, input.columns);
  try {
    await store.updateTemplate(deps.db, actor.userId, row.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.columns ? { columns: JSON.stringify(input.columns) } : {}),
      updated_at: deps.clock.now(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return toTemplateView(await ownTemplate(deps, actor, row.id));
}

export async function deleteTemplate(deps: Deps, actor: Actor, id: number): Promise<void> {
  if (!(await store.deleteTemplate(deps.db, actor.userId, id))) throw notFound('导出模板不存在');
}
