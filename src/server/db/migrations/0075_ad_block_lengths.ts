import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

const DAY = 86_400;
/** The lengths this migration adds to 0060's 8 and 64. */
const ADDED = [2, 4, 16, 32] as const;
/** What the boards and lists read of a block besides the customer, length and first day (as 0060's index). */
const COVERED = ['platform', 'advertiser_id', 'campaign_id', 'plan_id', 'pageid', 'cost_fen', 'shows', 'clicks', 'conversions'] as const;

/** The boards' index led by (customerid, days, day): a read of one length is one range, not every length's rows filtered. */
async function boardIndex(db: Kysely<unknown>, engine: Engine, lead: readonly string[], covered: readonly string[]): Promise<void> {
  await sql`drop index if exists ad_facts_blocks_board`.execute(db);
  if (engine === 'postgres') {
    const include = sql.join(covered.map((c) => sql.ref(c)));
    await sql`create index ad_facts_blocks_board on ad_facts_blocks (${sql.join(lead.map((c) => sql.ref(c)))}) include (${include})`.execute(
      db,
    );
  } else
    await db.schema
      .createIndex('ad_facts_blocks_board')
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
 * a range of first days held every shorter length's blocks too (PostgreSQL filtered 28 000 rows to keep 2 000).
 */
export function adBlockLengths(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await boardIndex(db, engine, ['customerid', 'days', 'day'], COVERED);
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
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await boardIndex(db, engine, ['customerid', 'day'], [...COVERED.slice(0, 5), 'days', ...COVERED.slice(5)]);
      await sql`delete from ad_facts_blocks where days in (${sql.join(ADDED.map((n) => sql.lit(n)))})`.execute(db);
    },
  };
}
