import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-29: the hourly ad facts added up per (channel, account, customer, hour) — `ad_customer_hours`
 * (`ads/customer-hours.ts`, issue 21: an admin's board card of today grouped every customer's hourly facts by hour,
 * 80 000 rows at a tenth of the promised volumes, 28 of its 47 ms on SQLite), the hourly side of 0066's
 * `ad_customer_days`, with the same key but the hour. Back-filled here from every hourly row that exists (retention
 * has already deleted the old ones; it deletes these with them). Readers of some customers take (customerid, hour)
 * ranges, readers of every customer an hour range; both indexes hold every summed column.
 */
export function adCustomerHours(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ad_customer_hours')
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('hour', 'bigint', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('cost_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('shows', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('conversions', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ad_customer_hours_pk', ['platform', 'advertiser_id', 'hour', 'customerid'])
        .execute();
      const sums = ['cost_fen', 'shows', 'clicks', 'conversions'];
      for (const [name, lead, rest] of [
        ['ad_customer_hours_board', ['customerid', 'hour'], ['platform', 'advertiser_id', ...sums]],
        ['ad_customer_hours_hour', ['hour', 'customerid'], ['platform', 'advertiser_id', ...sums]],
      ] as const) {
        if (engine === 'postgres') {
          const include = sql.join(rest.map((c) => sql.ref(c)));
          await sql`create index ${sql.id(name)} on ad_customer_hours (${sql.join(lead.map((c) => sql.ref(c)))}) include (${include})`.execute(
            db,
          );
        } else
          await db.schema
            .createIndex(name)
            .on('ad_customer_hours')
            .columns([...lead, ...rest])
            .execute();
      }
      await sql`insert into ad_customer_hours (platform, advertiser_id, hour, customerid, cost_fen, shows, clicks, conversions)
        select platform, advertiser_id, hour, customerid, sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
        from ad_facts_hourly
        group by platform, advertiser_id, hour, customerid`.execute(db);
    },
  };
}
