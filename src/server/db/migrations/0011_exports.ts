import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/**
 * Frozen 2026-11-23: export templates (a user's named, ordered choice of columns for one kind of list), exports
 * (one file each: state, progress, where it is stored and until when), the hourly report's sent-log (one row per
 * user and hour, so a report goes out once across nodes and restarts), and an HTML part and extra headers (List-Unsubscribe) for outgoing mail.
 */
export function exportsAndReports(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(engine, db.schema.createTable('export_templates'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('columns', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('export_templates_name').unique().on('export_templates').columns(['user_id', 'kind', 'name']).execute();

      await withId(engine, db.schema.createTable('exports'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('template_id', 'integer', notNullDefault(0))
        .addColumn('title', 'text', notNullDefault(''))
        .addColumn('columns', 'text', (c) => c.notNull())
        .addColumn('filters', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('rows_total', 'bigint', notNullDefault(0))
        .addColumn('rows_done', 'bigint', notNullDefault(0))
        .addColumn('bytes', 'bigint', notNullDefault(0))
        .addColumn('storage_key', 'text', notNullDefault(''))
        .addColumn('error', 'text', notNullDefault(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint', notNullDefault(0))
        .addColumn('heartbeat_at', 'bigint', notNullDefault(0))
        .addColumn('finished_at', 'bigint', notNullDefault(0))
        .addColumn('expires_at', 'bigint', notNullDefault(0))
        .execute();
      await db.schema.createIndex('exports_user').on('exports').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('exports_state').on('exports').columns(['state', 'id']).execute();

      await db.schema
        .createTable('report_sends')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('hour', 'bigint', (c) => c.notNull())
        .addColumn('mail_id', 'bigint', notNullDefault(0))
        .addColumn('to_addr', 'text', notNullDefault(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_sends_pk', ['user_id', 'hour'])
        .execute();

      await db.schema.alterTable('mail_outbox').addColumn('html', 'text', notNullDefault('')).execute();
      await db.schema.alterTable('mail_outbox').addColumn('headers', 'text', notNullDefault('{}')).execute();
    },
  };
}
