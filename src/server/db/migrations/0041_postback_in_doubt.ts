import type { Kysely } from 'kysely';
import { notNullDefault } from '../dialect.ts';

/**
 * Frozen 2026-11-24: a conversion postback can be 待确认 (state `in_doubt`: sent to a platform that does not drop
 * repeats, and interrupted before the answer came), and is settled by a person: when it became in doubt, who settled
 * it, when, and how (received · resend).
 */
export function postbackInDoubt() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('postbacks').addColumn('in_doubt_at', 'bigint', notNullDefault(0)).execute();
      await db.schema.alterTable('postbacks').addColumn('settled_by', 'bigint', notNullDefault(0)).execute();
      await db.schema.alterTable('postbacks').addColumn('settled_at', 'bigint', notNullDefault(0)).execute();
      await db.schema.alterTable('postbacks').addColumn('resolution', 'text', notNullDefault('')).execute();
      await db.schema.createIndex('postbacks_state').on('postbacks').columns(['state', 'in_doubt_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('postbacks_state').execute();
      for (const col of ['in_doubt_at', 'settled_by', 'settled_at', 'resolution'])
        await db.schema.alterTable('postbacks').dropColumn(col).execute();
    },
  };
}
