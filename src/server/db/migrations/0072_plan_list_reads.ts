import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/** What the boards read of the daily order facts: every column they group by, narrow by or add (facts/query.ts). */
const COVERED = [
  'channel',
  'advertiser_id',
  'campaign_id',
  'plan_id',
  'pageid',
  'item_id',
  'orders',
  'order_fen',
  'paid_orders',
  'paid_fen',
  'commission_fen',
] as const;

/**
 * Frozen 2026-11-28, two things an agent's plan list reads at every range (issue 21):
 * - `ad_facts_daily.exact_to` (ads/tables.ts): up to which end of its day a daily row equals its hourly rows, so that
 *   today up to the current hour is read from ~1 daily row per plan instead of one per plan and hour (facts/days.ts
 *   `cutDay`), with an index (day, exact_to) that finds a day's exceptions. 0 = not known: the reader takes those
 *   plans' hours. Back-filled for the newest day only (the one a reader cuts; older days are read whole), where each
 *   plan's hours agree on account, customer, campaign and link and add up to the row.
 * - The daily order facts' board index (0012) made again with `commission_fen`, which every order read adds
 *   (facts/query.ts): without it each order-fact day of a range was looked up in the table. INCLUDE columns on
 *   PostgreSQL, trailing key columns on SQLite, as in 0012. `order_facts_daily_customer (customerid, day)` (0006) is
 *   dropped: it is a prefix of the board index, and one index fewer for the order sync to keep (bench/README.md
 *   "Orders").
 */
export function planListReads(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('ad_facts_daily')
        .addColumn('exact_to', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('ad_facts_daily_exact').on('ad_facts_daily').columns(['day', 'exact_to']).execute();
      await sql`update ad_facts_daily set exact_to = coalesce((
          select case when min(h.advertiser_id) = max(h.advertiser_id) and min(h.customerid) = max(h.customerid)
            and min(h.campaign_id) = max(h.campaign_id) and min(h.pageid) = max(h.pageid)
            and sum(h.cost_fen) = ad_facts_daily.cost_fen and sum(h.shows) = ad_facts_daily.shows
            and sum(h.clicks) = ad_facts_daily.clicks and sum(h.conversions) = ad_facts_daily.conversions
            and max(h.advertiser_id) = ad_facts_daily.advertiser_id and max(h.customerid) = ad_facts_daily.customerid
            then max(h.hour) + 3600 else 0 end
          from ad_facts_hourly h
          where h.platform = ad_facts_daily.platform and h.plan_id = ad_facts_daily.plan_id
            and h.hour >= ad_facts_daily.day and h.hour < ad_facts_daily.day + 86400), 0)
        where day = (select max(day) from ad_facts_daily)`.execute(db);
      await sql`drop index order_facts_daily_board`.execute(db);
      await sql`drop index order_facts_daily_customer`.execute(db);
      if (engine === 'postgres') {
        const include = sql.join(COVERED.map((c) => sql.ref(c)));
        await sql`create index order_facts_daily_board on order_facts_daily (customerid, day) include (${include})`.execute(db);
      } else {
        await db.schema
          .createIndex('order_facts_daily_board')
          .on('order_facts_daily')
          .columns(['customerid', 'day', ...COVERED])
          .execute();
      }
    },
  };
}
