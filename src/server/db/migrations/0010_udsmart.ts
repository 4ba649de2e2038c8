import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/** Frozen 2026-11-24: UDSmart brands, their ad accounts, and sub-account assignments (docs/udsmart.md). */
export function udsmart(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const text = notNullDefault('');
      await withId(engine, db.schema.createTable('ud_brands'))
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('logo_text', 'text', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ud_brands_owner_name', ['owner_id', 'name'])
        .execute();

      await db.schema
        .createTable('ud_brand_accounts')
        .addColumn('ad_account_id', 'integer', (c) => c.primaryKey())
        .addColumn('brand_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ud_brand_accounts_brand').on('ud_brand_accounts').columns(['brand_id']).execute();

      await withId(engine, db.schema.createTable('ud_assignments'))
        .addColumn('sub_id', 'integer', (c) => c.notNull())
        .addColumn('brand_id', 'integer', notNullDefault(0))
        .addColumn('ad_account_id', 'integer', notNullDefault(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ud_assignments_target', ['sub_id', 'brand_id', 'ad_account_id'])
        .execute();
      await db.schema.createIndex('ud_assignments_brand').on('ud_assignments').columns(['brand_id']).execute();
    },
  };
}
