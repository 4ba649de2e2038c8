import type { Kysely } from 'kysely';
import { notNullDefault } from '../dialect.ts';

/**
 * Frozen 2026-11-23: what the affiliate unions issued per promotion link (tracking ids, the 淘宝 adzone it holds, UD's
 * URLs), and the landing visit tied to its ad click (the click's event id and the ad ids and callback of the visit,
 * from the click or from the landing parameters the channel appends), for order attribution.
 */
export function ordersAttribution() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const text = notNullDefault('');
      await db.schema
        .createTable('affiliate_links')
        .addColumn('pageid', 'text', (c) => c.primaryKey())
        .addColumn('union_name', 'text', (c) => c.notNull())
        .addColumn('tracking_key', 'text', (c) => c.notNull())
        .addColumn('tracking', 'text', notNullDefault('{}'))
        .addColumn('adzone_id', 'text', text)
        .addColumn('item_id', 'text', text)
        .addColumn('urls', 'text', notNullDefault('{}'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('affiliate_links_key').on('affiliate_links').columns(['tracking_key']).execute();
      // One link per adzone: the pool hands each adzone to one link at a time.
      await db.schema
        .createIndex('affiliate_links_adzone')
        .on('affiliate_links')
        .columns(['adzone_id'])
        .unique()
        .where('adzone_id', '<>', '')
        .execute();

      for (const col of ['adv', 'camp', 'aid', 'cid', 'callback'] as const) {
        await db.schema.alterTable('visit_events').addColumn(col, 'text', text).execute();
      }
      await db.schema.alterTable('visit_events').addColumn('click_event_id', 'bigint', notNullDefault(0)).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const col of ['adv', 'camp', 'aid', 'cid', 'callback', 'click_event_id'] as const) {
        await db.schema.alterTable('visit_events').dropColumn(col).execute();
      }
      await db.schema.dropTable('affiliate_links').execute();
    },
  };
}
