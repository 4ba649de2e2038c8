import type { Insertable } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { MailOutboxTable } from './tables.ts';

/** The mail outbox: every message the product sends, with its delivery status and attempts. */
export async function insertMessage(db: Executor, row: Insertable<MailOutboxTable>): Promise<number> {
  const r = await db.insertInto('mail_outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Delivery status of these messages (the hourly report's last send). */
export const messageStatuses = (db: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('mail_outbox').select(['id', 'status', 'sent_at', 'error']).where('id', 'in', ids).execute();

/** Queued messages whose next attempt is due, oldest first. */
export const dueMessages = (db: Executor, now: number, limit: number) =>
  db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();

export async function markSent(db: Executor, id: number, at: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sent', sent_at: at, error: '', attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: try again at `nextAt`, or give up (`nextAt` null → 'failed'). */
export async function markAttemptFailed(db: Executor, id: number, error: string, nextAt: number | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: nextAt === null ? 'failed' : 'queued',
      error: error.slice(0, 500),
      next_attempt_at: nextAt ?? 0,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

/** The newest messages first (the operator's `mail:list`). */
export const recentMessages = (db: Executor, limit: number) =>
  db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
