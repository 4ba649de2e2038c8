import type { Kysely } from 'kysely';
import { notNullDefault } from '../dialect.ts';

/**
 * Frozen 2026-11-24: 拼多多 pid + uid 备案 as last checked with 多多进宝 (`pdd.ddk.member.authority.query`), per pair a
 * link's custom_parameters named, with the customer using it and the binding link to open while it is unbound.
 */
export function pddAuthority() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('pdd_authorities')
        .addColumn('pid', 'text', (c) => c.notNull())
        .addColumn('uid', 'text', (c) => c.notNull())
        .addColumn('customerid', 'bigint', notNullDefault(0))
        .addColumn('bound', 'integer', notNullDefault(0))
        .addColumn('bind_url', 'text', notNullDefault(''))
        .addColumn('checked_at', 'bigint', notNullDefault(0))
        .addColumn('error', 'text', notNullDefault(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pdd_authorities_pk', ['pid', 'uid'])
        .execute();
      await db.schema.createIndex('pdd_authorities_customer').on('pdd_authorities').columns(['customerid', 'bound']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('pdd_authorities').execute();
    },
  };
}
