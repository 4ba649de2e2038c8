import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/** Frozen 2026-11-21: promotion links (spec §3 link entity) and their change log. */
export function links(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(engine, db.schema.createTable('links'))
        .addColumn('pageid', 'text', (c) => c.notNull().unique())
        .addColumn('customerid', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', notNullDefault(''))
        .addColumn('itemid', 'text', notNullDefault(''))
        .addColumn('item_title', 'text', notNullDefault(''))
        .addColumn('item_image', 'text', notNullDefault(''))
        .addColumn('item_price', 'bigint', notNullDefault(0))
        .addColumn('ispro', 'integer', notNullDefault(0))
        .addColumn('isdirect', 'integer', notNullDefault(1))
        .addColumn('jumptype', 'text', notNullDefault('detail'))
        .addColumn('detaillink', 'text', notNullDefault(''))
        .addColumn('smartlink', 'text', notNullDefault(''))
        .addColumn('taojimulink', 'text', notNullDefault(''))
        .addColumn('couponlink', 'text', notNullDefault(''))
        .addColumn('transedlink', 'text', notNullDefault(''))
        .addColumn('monitor_touch_url', 'text', notNullDefault(''))
        .addColumn('monitor_show_url', 'text', notNullDefault(''))
        .addColumn('social_id', 'text', notNullDefault(''))
        .addColumn('type', 'integer', notNullDefault(1))
        .addColumn('report_type', 'integer', notNullDefault(1))
        .addColumn('page_type', 'integer', notNullDefault(1))
        .addColumn('relate_advertiser_ids', 'text', notNullDefault(''))
        .addColumn('appid', 'text', notNullDefault(''))
        .addColumn('pagepath', 'text', notNullDefault(''))
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema.createIndex('links_customer').on('links').columns(['customerid', 'deleted_at']).execute();

      await withId(engine, db.schema.createTable('link_log'))
        .addColumn('pageid', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('before', 'text', notNullDefault(''))
        .addColumn('after', 'text', notNullDefault(''))
        .execute();
      await db.schema.createIndex('link_log_page').on('link_log').columns(['pageid', 'at']).execute();
    },
  };
}
