import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-27: the daily ad facts added up per (channel, account, customer, China day) — `ad_customer_days`
 * (`ads/customer-days.ts`, issue 21: an agent's 90-day board series grouped 178 000 plan-days by customer and day).
 * Narrow on purpose: the board's series, totals and lists by channel, customer or account narrow only by customer,
 * channel and account; a filter by link, shop, item, campaign or plan reads the daily facts. Back-filled here from
 * every daily row that exists. Key (platform, advertiser_id, day, customerid): the writer recomputes an account's
 * day; readers take (customerid, day) ranges, with every summed column in the index as 0012 did for the daily facts.
 */
export function adCustomerDays(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ad_customer_days')
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('advertiser_id', 'text', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('customerid', 'integer', (c) => c.notNull())
        .addColumn('cost_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('shows', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('conversions', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ad_customer_days_pk', ['platform', 'advertiser_id', 'day', 'customerid'])
        .execute();
      const covered = ['platform', 'advertiser_id', 'cost_fen', 'shows', 'clicks', 'conversions'];
      if (engine === 'postgres') {
        const include = sql.join(covered.map((c) => sql.ref(c)));
        await sql`create index ad_customer_days_board on ad_customer_days (customerid, day) include (${include})`.execute(db);
      } else {
        await db.schema
          .createIndex('ad_customer_days_board')
          .on('ad_customer_days')
          .columns(['customerid', 'day', ...covered])
          .execute();
      }
      await sql`insert into ad_customer_days (platform, advertiser_id, day, customerid, cost_fen, shows, clicks, conversions)
        select platform, advertiser_id, day, customerid, sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
        from ad_facts_daily
        group by platform, advertiser_id, day, customerid`.execute(db);
    },
  };
}
