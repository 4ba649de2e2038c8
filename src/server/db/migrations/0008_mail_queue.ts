import type { Kysely } from 'kysely';
import { notNullDefault } from '../dialect.ts';

/**
 * Frozen 2026-11-22: mail is queued ('queued') and delivered by the mail job with retries; attempts and the
 * time of the next attempt live on the message. Existing rows keep their status ('stored', 'sent', 'failed').
 */
export function mailQueue() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('mail_outbox').addColumn('attempts', 'integer', notNullDefault(0)).execute();
      await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'bigint', notNullDefault(0)).execute();
      await db.schema.alterTable('mail_outbox').addColumn('sent_at', 'bigint').execute();
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
    },
  };
}
