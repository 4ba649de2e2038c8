import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/**
 * Frozen 2026-11-24: promotion management — batch tasks, mini-app plan bindings, entity status history, report sums
 * per account and day, and the indexes the promotion tree reads the ad facts by (per campaign, by sync time).
 */
export function promotion(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const text = notNullDefault('');
      const zero = notNullDefault(0);
      await withId(engine, db.schema.createTable('promote_tasks'))
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', zero)
        .addColumn('applied', 'integer', zero)
        .addColumn('refused', 'integer', zero)
        .addColumn('state', 'text', notNullDefault('running'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', zero)
        .execute();

      await withId(engine, db.schema.createTable('promote_bindings'))
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('pageid', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('promote_bindings_plan', ['platform', 'plan_id'])
        .execute();
      await db.schema.createIndex('promote_bindings_page').on('promote_bindings').columns(['pageid']).execute();

      await withId(engine, db.schema.createTable('promote_status_log'))
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('raw_status', 'text', text)
        .addColumn('status', 'text', text)
        .addColumn('enabled', 'integer', zero)
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('promote_status_log_entity')
        .on('promote_status_log')
        .columns(['platform', 'level', 'entity_id', 'id'])
        .execute();

      await db.schema
        .createTable('promote_account_daily')
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('pl', 'integer', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('cost_fen', 'bigint', zero)
        .addColumn('shows', 'bigint', zero)
        .addColumn('clicks', 'bigint', zero)
        .addColumn('conversions', 'bigint', zero)
        .addColumn('updated_at', 'bigint', zero)
        .addPrimaryKeyConstraint('promote_account_daily_pk', ['platform', 'advertiser_id', 'pl', 'day'])
        .execute();
      await db.schema.createIndex('promote_account_daily_day').on('promote_account_daily').columns(['platform', 'pl', 'day']).execute();
      await db.schema
        .createIndex('promote_account_daily_customer')
        .on('promote_account_daily')
        .columns(['customerid', 'platform', 'pl', 'day'])
        .execute();
      await db.schema.createIndex('ad_facts_daily_synced').on('ad_facts_daily').columns(['synced_at']).execute();
      // lists without a customer or account (admins) read a range of days of every account
      await db.schema.createIndex('ad_facts_daily_day').on('ad_facts_daily').columns(['platform', 'day']).execute();
      await db.schema.createIndex('ad_entities_created').on('ad_entities').columns(['platform', 'level', 'created_at']).execute();

      for (const [table, bucket] of [
        ['ad_facts_daily', 'day'],
        ['ad_facts_hourly', 'hour'],
      ] as const) {
        await db.schema.createIndex(`${table}_campaign`).on(table).columns(['platform', 'campaign_id', bucket]).execute();
      }
      await db.schema.createIndex('ad_entities_campaign').on('ad_entities').columns(['platform', 'level', 'campaign_id']).execute();
      await db.schema.createIndex('ad_entities_synced').on('ad_entities').columns(['synced_at', 'id']).execute();
    },
  };
}
