import type { Insertable } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { MailOutboxTable } from './tables.ts';

/** The mail outbox: every message the product sends, with its delivery status. */
export async function insertMessage(db: Executor, row: Insertable<MailOutboxTable>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

/** The newest messages first (the operator's `mail:list`). */
export const recentMessages = (db: Executor, limit: number) => db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
