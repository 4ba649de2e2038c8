import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-24: indexes the data lifecycle and the boards need (docs/data-lifecycle.md): click keys by first
 * sight, and hourly facts by hour (the retention job deletes the oldest hour; admin boards over every customer read
 * a time range).
 */
export function lifecycle(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('click_keys_first').on('click_keys').columns(['first_at']).execute();
      await db.schema.createIndex('ad_facts_hourly_hour').on('ad_facts_hourly').columns(['hour']).execute();
      await db.schema.createIndex('order_facts_hourly_hour').on('order_facts_hourly').columns(['hour']).execute();
    },
  };
}
