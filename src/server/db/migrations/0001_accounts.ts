import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/** Frozen 2026-11-21: users (customers and administrators), sessions, reset codes, audit log, mail outbox. */
export function accounts(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(engine, db.schema.createTable('users'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('username', 'text', notNullDefault(''))
        .addColumn('company', 'text', notNullDefault(''))
        .addColumn('phone', 'text', notNullDefault(''))
        .addColumn('usertype', 'text', notNullDefault(''))
        .addColumn('parent_id', 'integer', (c) => c.references('users.id'))
        .addColumn('super', 'integer', notNullDefault(0))
        .addColumn('udsmart', 'integer', notNullDefault(0))
        .addColumn('is_sub', 'integer', notNullDefault(0))
        .addColumn('status', 'integer', notNullDefault(1))
        .addColumn('expire_time', 'bigint', notNullDefault(0))
        .addColumn('promote_type', 'integer', notNullDefault(1))
        .addColumn('version', 'text', notNullDefault('ver2'))
        .addColumn('email_status', 'integer', notNullDefault(2))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_parent').on('users').column('parent_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('ip', 'text', notNullDefault(''))
        .addColumn('user_agent', 'text', notNullDefault(''))
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await withId(engine, db.schema.createTable('reset_codes'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', notNullDefault(0))
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('reset_codes_email').on('reset_codes').columns(['email', 'created_at']).execute();

      await withId(engine, db.schema.createTable('audit_log'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('actor_id', 'integer')
        .addColumn('email', 'text', notNullDefault(''))
        .addColumn('ip', 'text', notNullDefault(''))
        .addColumn('detail', 'text', notNullDefault(''))
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

      await withId(engine, db.schema.createTable('mail_outbox'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('to_addr', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text', notNullDefault(''))
        .execute();
    },
  };
}
