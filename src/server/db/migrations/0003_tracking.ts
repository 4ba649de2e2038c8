import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/**
 * Frozen 2026-11-21: tracking. Raw tables take batched writes from the hot path (monitor pings,
 * landing visits) and are parsed off it into events, rejects and hourly/daily rollups.
 */
export function tracking(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Raw monitor pings, exactly as received. kind: 'c' click, 's' show.
      await withId(engine, db.schema.createTable('monitor_raw'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('pageid', 'text', (c) => c.notNull())
        .addColumn('query', 'text', notNullDefault(''))
        .addColumn('ip', 'text', notNullDefault(''))
        .addColumn('ua', 'text', notNullDefault(''))
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('processed', 'integer', notNullDefault(0))
        .execute();
      await db.schema.createIndex('monitor_raw_todo').on('monitor_raw').columns(['processed', 'id']).execute();

      // Raw landing-page visits.
      await withId(engine, db.schema.createTable('landing_visits'))
        .addColumn('pageid', 'text', (c) => c.notNull())
        .addColumn('query', 'text', notNullDefault(''))
        .addColumn('ip', 'text', notNullDefault(''))
        .addColumn('ua', 'text', notNullDefault(''))
        .addColumn('referer', 'text', notNullDefault(''))
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('processed', 'integer', notNullDefault(0))
        .execute();
      await db.schema.createIndex('landing_visits_todo').on('landing_visits').columns(['processed', 'id']).execute();

      // Parsed monitor events (one per accepted raw ping). dup = 1: a repeated click (same pageid and click key), not counted.
      await withId(engine, db.schema.createTable('monitor_events'))
        .addColumn('raw_id', 'bigint', (c) => c.notNull())
        .addColumn('pageid', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('adv', 'text', notNullDefault(''))
        .addColumn('camp', 'text', notNullDefault(''))
        .addColumn('aid', 'text', notNullDefault(''))
        .addColumn('cid', 'text', notNullDefault(''))
        .addColumn('clickid', 'text', notNullDefault(''))
        .addColumn('callback', 'text', notNullDefault(''))
        .addColumn('os', 'text', notNullDefault(''))
        .addColumn('ip', 'text', notNullDefault(''))
        .addColumn('ua', 'text', notNullDefault(''))
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('dup', 'integer', notNullDefault(0))
        .execute();
      await db.schema.createIndex('monitor_events_page').on('monitor_events').columns(['pageid', 'received_at']).execute();
      await db.schema.createIndex('monitor_events_clickid').on('monitor_events').columns(['clickid']).execute();

      // One row per counted click key: (pageid, clickid or callback).
      await db.schema
        .createTable('click_keys')
        .addColumn('pageid', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('first_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('click_keys_pk', ['pageid', 'key'])
        .execute();

      // Parsed landing visits (click id for conversion attribution later).
      await withId(engine, db.schema.createTable('visit_events'))
        .addColumn('raw_id', 'bigint', (c) => c.notNull())
        .addColumn('pageid', 'text', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('click_param', 'text', notNullDefault(''))
        .addColumn('clickid', 'text', notNullDefault(''))
        .addColumn('ip', 'text', notNullDefault(''))
        .addColumn('ua', 'text', notNullDefault(''))
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('visit_events_page').on('visit_events').columns(['pageid', 'received_at']).execute();
      await db.schema.createIndex('visit_events_clickid').on('visit_events').columns(['clickid']).execute();

      // Refused raw rows with a reason (source: 'monitor' or 'visit').
      await withId(engine, db.schema.createTable('monitor_rejects'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('raw_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', notNullDefault(''))
        .addColumn('pageid', 'text', notNullDefault(''))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', notNullDefault(''))
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('monitor_rejects_at').on('monitor_rejects').columns(['received_at']).execute();

      for (const [name, bucket] of [
        ['rollup_hourly', 'hour'],
        ['rollup_daily', 'day'],
      ] as const) {
        await db.schema
          .createTable(name)
          .addColumn(bucket, 'bigint', (c) => c.notNull())
          .addColumn('pageid', 'text', (c) => c.notNull())
          .addColumn('customerid', 'integer', (c) => c.notNull())
          .addColumn('adv', 'text', notNullDefault(''))
          .addColumn('aid', 'text', notNullDefault(''))
          .addColumn('shows', 'bigint', notNullDefault(0))
          .addColumn('clicks', 'bigint', notNullDefault(0))
          .addColumn('visits', 'bigint', notNullDefault(0))
          .addPrimaryKeyConstraint(`${name}_pk`, [bucket, 'pageid', 'adv', 'aid'])
          .execute();
        await db.schema.createIndex(`${name}_page`).on(name).columns(['pageid', bucket]).execute();
        await db.schema.createIndex(`${name}_customer`).on(name).columns(['customerid', bucket]).execute();
      }
    },
  };
}
