import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

const DAY = 86_400;
/** The lengths this migration adds to 0060's 8 and 64. */
const ADDED = [2, 4, 16, 32] as const;

/**
 * Frozen 2026-11-28: the ad facts' day blocks of 2, 4, 16 and 32 days beside 0060's 8 and 64 (`ads/day-pieces.ts`
 * `BLOCK_DAYS`, issue 21: an agent's plan list read ≈ 14 rows per plan over 90 days, 6 over 7), back-filled from every
 * daily row as 0060 did (a block of `len` days starts at a day number divisible by `len`; day number n starts at
 * n × 86 400 − 28 800). Rows of these lengths already there (none, unless a bulk rebuild wrote them) are replaced.
 */
export function adBlockLengths(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
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
      await sql`delete from ad_facts_blocks where days in (${sql.join(ADDED.map((n) => sql.lit(n)))})`.execute(db);
    },
  };
}
