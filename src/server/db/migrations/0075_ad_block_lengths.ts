import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

const DAY = 86_400;
/** The lengths this migration adds to 0060's 8 and 64. */
const ADDED = [2, 4, 16, 32] as const;
/** What the boards and lists read of a block besides the customer, length and first day (as 0060's index). */
const COVERED = ['platform', 'advertiser_id', 'campaign_id', 'plan_id', 'pageid', 'cost_fen', 'shows', 'clicks', 'conversions'] as const;

/** A covering index of the blocks led by `lead` (PostgreSQL: the rest as INCLUDE columns). */
async function coveringIndex(
  db: Kysely<unknown>,
  engine: Engine,
  name: 'ad_facts_blocks_board' | 'ad_facts_blocks_span',
  lead: readonly string[],
  covered: readonly string[],
): Promise<void> {
  await sql`drop index if exists ${sql.raw(name)}`.execute(db);
  if (engine === 'postgres') {
    const include = sql.join(covered.map((c) => sql.ref(c)));
    await sql`create index ${sql.raw(name)} on ad_facts_blocks (${sql.join(lead.map((c) => sql.ref(c)))}) include (${include})`.execute(db);
  } else
    await db.schema
      .createIndex(name)
      .on('ad_facts_blocks')
      .columns([...lead, ...covered])
      .execute();
}

/**
 * Frozen 2026-11-28: the ad facts' day blocks of 2, 4, 16 and 32 days beside 0060's 8 and 64 (`ads/day-pieces.ts`
 * `BLOCK_DAYS`, issue 21: an agent's plan list read ≈ 14 rows per plan over 90 days, 6 over 7), back-filled from every
 * daily row as 0060 did (a block of `len` days starts at a day number divisible by `len`; day number n starts at
 * n × 86 400 − 28 800). Rows of these lengths already there (none, unless a bulk rebuild wrote them) are replaced.
 * The boards' covering index is led by (customerid, days, day) instead of 0060's (customerid, day): with six lengths,
 * a range of first days held every shorter length's blocks too (PostgreSQL filtered 28 000 rows to keep 2 000). And a
 * (days, day) index for the reads of every customer (an admin's boards; covering on PostgreSQL): each of their blocks'
 * branches was a scan of the whole table, and there are now up to six branches over a table ≈ 6.5 times as long.
 */
export function adBlockLengths(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`drop index if exists ad_facts_blocks_board`.execute(db);
      await sql`delete from ad_facts_blocks where days in (${sql.join(ADDED.map((n) => sql.lit(n)))})`.execute(db);
      for (const len of ADDED) {
        const start = sql`day - ((day + 28800) % ${sql.lit(len * DAY)})`;
        await sql`insert into ad_facts_blocks
            (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, days, day, cost_fen, shows, clicks, conversions)
          select platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${sql.lit(len)}, ${start},
            sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
          from ad_facts_daily
          group by platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${start}`.execute(db);
      }
      // the indexes after the rows: built once instead of kept up by every insert
      await coveringIndex(db, engine, 'ad_facts_blocks_board', ['customerid', 'days', 'day'], COVERED);
      // covering on PostgreSQL only: on SQLite (no statistics) a covering (days, day) index won over the primary key for
      // the writer's own reads of two blocks per plan, which then read every plan's blocks of those days
      if (engine === 'postgres') await coveringIndex(db, engine, 'ad_facts_blocks_span', ['days', 'day'], ['customerid', ...COVERED]);
      else await db.schema.createIndex('ad_facts_blocks_span').on('ad_facts_blocks').columns(['days', 'day']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`drop index if exists ad_facts_blocks_span`.execute(db);
      await coveringIndex(
        db,
        engine,
        'ad_facts_blocks_board',
        ['customerid', 'day'],
        [...COVERED.slice(0, 5), 'days', ...COVERED.slice(5)],
      );
      await sql`delete from ad_facts_blocks where days in (${sql.join(ADDED.map((n) => sql.lit(n)))})`.execute(db);
    },
  };
}
