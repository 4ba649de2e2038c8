import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/**
 * Frozen 2026-11-23 (amended by the orders feature before it shipped): affiliate orders with their attribution,
 * their status history, conversion postbacks, per-link postback settings, hourly/daily order facts.
 */
export function orders(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const text = notNullDefault('');
      const zero = notNullDefault(0);
      await withId(engine, db.schema.createTable('orders'))
        .addColumn('union_name', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('parent_order_id', 'text', text)
        .addColumn('item_id', 'text', text)
        .addColumn('item_title', 'text', text)
        .addColumn('item_image', 'text', text)
        .addColumn('item_num', 'integer', notNullDefault(1))
        .addColumn('shop_name', 'text', text)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('raw_status', 'text', text)
        .addColumn('presell', 'integer', zero)
        .addColumn('deposit_fen', 'bigint', zero)
        .addColumn('order_fen', 'bigint', zero)
        .addColumn('paid_fen', 'bigint', zero)
        .addColumn('commission_fen', 'bigint', zero)
        .addColumn('commission_bp', 'integer', zero)
        .addColumn('created_at', 'bigint', zero)
        .addColumn('paid_at', 'bigint', zero)
        .addColumn('deposit_paid_at', 'bigint', zero)
        .addColumn('received_at', 'bigint', zero)
        .addColumn('settled_at', 'bigint', zero)
        .addColumn('refunded_at', 'bigint', zero)
        .addColumn('click_at', 'bigint', zero)
        .addColumn('modified_at', 'bigint', zero)
        .addColumn('tracking', 'text', notNullDefault('{}'))
        .addColumn('tracking_key', 'text', text)
        .addColumn('union_click', 'text', notNullDefault('{}'))
        .addColumn('pageid', 'text', text)
        .addColumn('customerid', 'integer', zero)
        .addColumn('link_platform', 'integer', zero)
        .addColumn('link_isdirect', 'integer', zero)
        .addColumn('attribution_rule', 'text', text)
        .addColumn('visit_event_id', 'bigint', zero)
        .addColumn('click_event_id', 'bigint', zero)
        .addColumn('click_ref', 'text', text)
        .addColumn('channel', 'integer', zero)
        .addColumn('advertiser_id', 'text', text)
        .addColumn('campaign_id', 'text', text)
        .addColumn('plan_id', 'text', text)
        .addColumn('creative_id', 'text', text)
        .addColumn('callback', 'text', text)
        .addColumn('postback_state', 'text', notNullDefault('none'))
        .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('orders_key', ['union_name', 'order_id'])
        .execute();
      // One index per date filter of the lists (spec §7: pay, deposit and click time; creation for unpaid) and per
      // scope (customer, link, plan). Status, postback and platform filters narrow these ranges.
      for (const [name, cols] of [
        ['orders_customer_paid', ['customerid', 'paid_at']],
        ['orders_customer_created', ['customerid', 'created_at']],
        ['orders_customer_click', ['customerid', 'click_at']],
        ['orders_page', ['pageid', 'created_at']],
        ['orders_plan', ['plan_id', 'paid_at']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('orders')
          .columns([...cols])
          .execute();
      }
      // presell orders only: the deposit filter (deposit = 1) reads it; other orders never write to it
      await db.schema
        .createIndex('orders_customer_deposit')
        .on('orders')
        .columns(['customerid', 'deposit_paid_at'])
        .where('deposit_paid_at', '>', 0)
        .execute();

      await withId(engine, db.schema.createTable('order_status_log'))
        .addColumn('union_name', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('from_status', 'text', text)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('raw_status', 'text', text)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_status_log_order').on('order_status_log').columns(['union_name', 'order_id', 'id']).execute();

      await withId(engine, db.schema.createTable('postbacks'))
        .addColumn('union_name', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('route', 'text', notNullDefault('ad'))
        .addColumn('event', 'text', notNullDefault('pay'))
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('state', 'text', notNullDefault('pending'))
        .addColumn('attempts', 'integer', zero)
        .addColumn('next_at', 'bigint', zero)
        .addColumn('claimed_by', 'text', text)
        .addColumn('claim_until', 'bigint', zero)
        .addColumn('last_error', 'text', text)
        .addColumn('sent_at', 'bigint', zero)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('postbacks_key', ['union_name', 'order_id'])
        .execute();
      await db.schema.createIndex('postbacks_due').on('postbacks').columns(['state', 'next_at']).execute();

      await db.schema
        .createTable('order_link_settings')
        .addColumn('pageid', 'text', (c) => c.primaryKey())
        .addColumn('postback_on', 'text', notNullDefault('paid'))
        .addColumn('updated_by', 'integer', zero)
        .addColumn('updated_at', 'bigint', zero)
        .execute();

      for (const [table, bucket] of [
        ['order_facts_hourly', 'hour'],
        ['order_facts_daily', 'day'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('customerid', 'integer', (c) => c.notNull())
          .addColumn('pageid', 'text', text)
          .addColumn('item_id', 'text', text)
          .addColumn('channel', 'integer', zero)
          .addColumn('advertiser_id', 'text', text)
          .addColumn('campaign_id', 'text', text)
          .addColumn('plan_id', 'text', text)
          .addColumn(bucket, 'bigint', (c) => c.notNull())
          .addColumn('orders', 'bigint', zero)
          .addColumn('order_fen', 'bigint', zero)
          .addColumn('paid_orders', 'bigint', zero)
          .addColumn('paid_fen', 'bigint', zero)
          .addColumn('commission_fen', 'bigint', zero)
          .addPrimaryKeyConstraint(`${table}_pk`, [
            'customerid',
            'pageid',
            'item_id',
            'channel',
            'advertiser_id',
            'campaign_id',
            'plan_id',
            bucket,
          ])
          .execute();
        await db.schema.createIndex(`${table}_customer`).on(table).columns(['customerid', bucket]).execute();
        await db.schema.createIndex(`${table}_page`).on(table).columns(['pageid', bucket]).execute();
        await db.schema.createIndex(`${table}_plan`).on(table).columns(['plan_id', bucket]).execute();
      }
    },
  };
}
