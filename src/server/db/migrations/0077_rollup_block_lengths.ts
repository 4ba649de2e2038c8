import { type Kysely, sql } from 'kysely';

const DAY = 86_400;
/** The lengths this migration adds to 0071's 8 and 64. */
const ADDED = [16, 32] as const;
const COUNTS = ['shows', 'clicks', 'visits', 'invalid_shows', 'invalid_clicks', 'invalid_visits'] as const;

/**
 * Frozen 2026-11-29: the link rollups' day blocks of 16 and 32 days beside 0071's 8 and 64 (`ads/day-pieces.ts`
 * `ROLLUP_BLOCK_DAYS`, issue 21: an agent's 90 days of its links' visits read 11 blocks of 8 days per link, account and
 * plan), back-filled from every daily rollup row as 0071 did (a block of `len` days starts at a day number divisible by
 * `len`; day number n starts at n × 86 400 − 28 800), each block taking the customer its daily rows hold. Rows of these
 * lengths already there (none, unless something outside the product wrote them) are replaced. From here on the
 * tracking processor adds every count to the blocks of all four lengths in its transaction (tracking/rollup-blocks.ts).
 */
export function rollupBlockLengths() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`delete from rollup_blocks where days in (${sql.join(ADDED.map((n) => sql.lit(n)))})`.execute(db);
      const counts = sql.join(COUNTS.map((c) => sql.ref(c)));
      const sums = sql.join(COUNTS.map((c) => sql`sum(${sql.ref(c)})`));
      for (const len of ADDED) {
        const start = sql`day - ((day + 28800) % ${sql.lit(len * DAY)})`;
        await sql`insert into rollup_blocks (days, day, pageid, adv, aid, customerid, ${counts})
          select ${sql.lit(len)}, ${start}, pageid, adv, aid, customerid, ${sums}
          from rollup_daily
          group by ${start}, pageid, adv, aid, customerid`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from rollup_blocks where days in (${sql.join(ADDED.map((n) => sql.lit(n)))})`.execute(db);
    },
  };
}
