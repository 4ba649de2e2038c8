import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { ExportsTable, ExportTemplatesTable } from './tables.ts';

export type TemplateRow = Selectable<ExportTemplatesTable>;
export type ExportRow = Selectable<ExportsTable>;

/* Templates: always read and written with their owner in the query (another user's id is simply not found). */

export async function listTemplates(db: Executor, userId: number, kinds: readonly string[], limit: number, offset: number) {
  const base = db
    .selectFrom('export_templates')
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds.length ? kinds : ['-']);
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total };
}

export const findTemplate = (db: Executor, userId: number, id: number): Promise<TemplateRow | undefined> =>
  db.selectFrom('export_templates').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const insertTemplate = (db: Executor, row: Insertable<ExportTemplatesTable>): Promise<TemplateRow> =>
  db.insertInto('export_templates').values(row).returningAll().executeTakeFirstOrThrow();

export async function updateTemplate(db: Executor, userId: number, id: number, patch: Updateable<ExportTemplatesTable>): Promise<void> {
  await db.updateTable('export_templates').set(patch).where('id', '=', id).where('user_id', '=', userId).execute();
}

export async function deleteTemplate(db: Executor, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('export_templates').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/* Exports. */

export const insertExport = (db: Executor, row: Insertable<ExportsTable>): Promise<ExportRow> =>
  db.insertInto('exports').values(row).returningAll().executeTakeFirstOrThrow();

export const findExport = (db: Executor, id: number): Promise<ExportRow | undefined> =>
  db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();

export async function listExports(db: Executor, userId: number, limit: number, offset: number) {
  const base = db.selectFrom('exports').where('user_id', '=', userId);
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total };
}

/** Exports of this user still waiting or being written. */
export const countUnfinished = async (db: Executor, userId: number): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('exports')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function updateExport(db: Executor, id: number, patch: Updateable<ExportsTable>): Promise<void> {
  await db.updateTable('exports').set(patch).where('id', '=', id).execute();
}

/** Take the oldest queued export for this run; null when none (or another node took it first). */
export async function claimNextQueued(db: Executor, now: number): Promise<ExportRow | null> {
  const next = await db.selectFrom('exports').select('id').where('state', '=', 'queued').orderBy('id').limit(1).executeTakeFirst();
  if (!next) return null;
  const r = await db
    .updateTable('exports')
    .set({ state: 'running', started_at: now, heartbeat_at: now, rows_done: 0 })
    .where('id', '=', next.id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? ((await findExport(db, next.id)) ?? null) : null;
}

/** Running exports whose writer stopped renewing (its node died): queue them again. */
export async function requeueStale(db: Executor, staleBefore: number): Promise<number> {
  const r = await db
    .updateTable('exports')
    .set({ state: 'queued', rows_done: 0 })
    .where('state', '=', 'running')
    .where('heartbeat_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Finished files past their keeping time. */
export const expiredFiles = (db: Executor, now: number, limit: number) =>
  db
    .selectFrom('exports')
    .select(['id', 'storage_key'])
    .where('state', '=', 'done')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Forget export records (expired or failed) older than `before`. */
export async function deleteOldRecords(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('exports').where('state', 'in', ['expired', 'failed']).where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
