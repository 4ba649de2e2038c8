import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/** Frozen 2026-11-23: ad platforms — authorisations, accounts, entities, hourly/daily report facts, changes, OAuth states. */
export function ads(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const text = notNullDefault('');
      const zero = notNullDefault(0);
      await withId(engine, db.schema.createTable('ad_auths'))
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('platform_user_id', 'text', text)
        .addColumn('access_token_enc', 'text', text)
        .addColumn('refresh_token_enc', 'text', text)
        .addColumn('access_expires_at', 'bigint', zero)
        .addColumn('refresh_expires_at', 'bigint', zero)
        .addColumn('credentials_enc', 'text', text)
        .addColumn('scope', 'text', text)
        .addColumn('state', 'text', notNullDefault('active'))
        .addColumn('last_error', 'text', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ad_auths_customer').on('ad_auths').columns(['customerid', 'platform']).execute();
      await db.schema.createIndex('ad_auths_expiry').on('ad_auths').columns(['state', 'access_expires_at']).execute();

      await withId(engine, db.schema.createTable('ad_accounts'))
        .addColumn('auth_id', 'integer', (c) => c.notNull())
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', text)
        .addColumn('active', 'integer', notNullDefault(1))
        .addColumn('last_sync_at', 'bigint', zero)
        .addColumn('last_sync_error', 'text', text)
        .addColumn('report_synced_to', 'bigint', zero)
        .addColumn('entity_synced_at', 'bigint', zero)
        .addColumn('miniapp', 'integer', notNullDefault(2))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ad_accounts_platform_advertiser', ['platform', 'advertiser_id'])
        .execute();
      await db.schema.createIndex('ad_accounts_customer').on('ad_accounts').columns(['customerid', 'platform']).execute();
      await db.schema.createIndex('ad_accounts_auth').on('ad_accounts').columns(['auth_id']).execute();

      await withId(engine, db.schema.createTable('ad_entities'))
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text', text)
        .addColumn('campaign_id', 'text', text)
        .addColumn('name', 'text', text)
        .addColumn('raw_status', 'text', text)
        .addColumn('status', 'text', text)
        .addColumn('enabled', 'integer', zero)
        .addColumn('budget_fen', 'bigint')
        .addColumn('bid_fen', 'bigint')
        .addColumn('click_monitor_url', 'text', text)
        .addColumn('show_monitor_url', 'text', text)
        .addColumn('landing_url', 'text', text)
        .addColumn('pageid', 'text', text)
        .addColumn('material_type', 'text', text)
        .addColumn('created_at', 'bigint', zero)
        .addColumn('updated_at', 'bigint', zero)
        .addColumn('synced_at', 'bigint', zero)
        .addUniqueConstraint('ad_entities_key', ['platform', 'level', 'entity_id'])
        .execute();
      await db.schema
        .createIndex('ad_entities_tree')
        .on('ad_entities')
        .columns(['platform', 'advertiser_id', 'level', 'parent_id'])
        .execute();
      await db.schema.createIndex('ad_entities_customer').on('ad_entities').columns(['customerid', 'platform', 'level']).execute();
      await db.schema.createIndex('ad_entities_page').on('ad_entities').columns(['pageid']).execute();

      for (const [table, bucket] of [
        ['ad_facts_hourly', 'hour'],
        ['ad_facts_daily', 'day'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('platform', 'integer', (c) => c.notNull())
          .addColumn('advertiser_id', 'text', (c) => c.notNull())
          .addColumn('customerid', 'integer', (c) => c.notNull())
          .addColumn('campaign_id', 'text', text)
          .addColumn('plan_id', 'text', (c) => c.notNull())
          .addColumn('pageid', 'text', text)
          .addColumn(bucket, 'bigint', (c) => c.notNull())
          .addColumn('cost_fen', 'bigint', zero)
          .addColumn('shows', 'bigint', zero)
          .addColumn('clicks', 'bigint', zero)
          .addColumn('conversions', 'bigint', zero)
          .addColumn('synced_at', 'bigint', zero)
          .addPrimaryKeyConstraint(`${table}_pk`, ['platform', 'plan_id', bucket])
          .execute();
        await db.schema.createIndex(`${table}_customer`).on(table).columns(['customerid', bucket]).execute();
        await db.schema.createIndex(`${table}_advertiser`).on(table).columns(['platform', 'advertiser_id', bucket]).execute();
        await db.schema.createIndex(`${table}_page`).on(table).columns(['pageid', bucket]).execute();
      }

      await withId(engine, db.schema.createTable('ad_changes'))
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('before', 'text', text)
        .addColumn('after', 'text', text)
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('task_id', 'integer', zero)
        .addColumn('result', 'text', notNullDefault('pending'))
        .addColumn('message', 'text', text)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', zero)
        .execute();
      await db.schema.createIndex('ad_changes_entity').on('ad_changes').columns(['platform', 'level', 'entity_id', 'id']).execute();
      await db.schema.createIndex('ad_changes_task').on('ad_changes').columns(['task_id']).execute();

      await db.schema
        .createTable('oauth_states')
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('auth_id', 'integer', zero)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
    },
  };
}
