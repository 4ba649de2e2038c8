import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/** The boards read a customer's days: every column they sum or group by rides in the index (an index-only read). */
const BOARD_INDEXES = [
  [
    'ad_facts_daily_board',
    'ad_facts_daily',
    ['platform', 'advertiser_id', 'campaign_id', 'plan_id', 'pageid', 'cost_fen', 'shows', 'clicks', 'conversions'],
  ],
  [
    'order_facts_daily_board',
    'order_facts_daily',
    ['channel', 'advertiser_id', 'campaign_id', 'plan_id', 'pageid', 'item_id', 'orders', 'order_fen', 'paid_orders', 'paid_fen'],
  ],
] as const;

/**
 * Frozen 2026-11-24: indexes of the data lifecycle and the boards (docs/data-lifecycle.md, bench/README.md "Boards"):
 * click keys by first sight and hourly facts by hour (the retention job deletes the oldest); daily facts by customer
 * and day covering what the boards read — on PostgreSQL as INCLUDE columns (index-only scans), on SQLite as
 * trailing key columns.
 */
export function lifecycle(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('click_keys_first').on('click_keys').columns(['first_at']).execute();
      await db.schema.createIndex('ad_facts_hourly_hour').on('ad_facts_hourly').columns(['hour']).execute();
      await db.schema.createIndex('order_facts_hourly_hour').on('order_facts_hourly').columns(['hour']).execute();
      for (const [name, table, covered] of BOARD_INDEXES) {
        if (engine === 'postgres') {
          const include = sql.join(covered.map((c) => sql.ref(c)));
          await sql`create index ${sql.ref(name)} on ${sql.table(table)} (customerid, day) include (${include})`.execute(db);
        } else {
          await db.schema
            .createIndex(name)
            .on(table)
            .columns(['customerid', 'day', ...covered])
            .execute();
        }
      }
    },
  };
}
