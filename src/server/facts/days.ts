/**
 * Whole China days of ad facts as one row source: the span's edge days from `ad_facts_daily` and the aligned blocks of
 * 8 and 64 days inside it from `ad_facts_blocks` (ads/blocks.ts), one `union all` branch per piece so that each
 * branch is an index range and the reader's conditions reach every branch. Same columns as the daily facts, `day`
 * being a block's first day: only for sums that are not grouped by day.
 */
import { type RawBuilder, sql } from 'kysely';
import { dayPieces } from '../ads/blocks.ts';
import type { AdFactsBlocksTable } from '../ads/tables.ts';

/** A row of the source: a daily row, or a block's sums with its first day as `day`. */
export type AdDayRow = Omit<AdFactsBlocksTable, 'days'>;

const COLUMNS = sql.raw('platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day, cost_fen, shows, clicks, conversions');

/**
 * Whether whole days are read from the blocks (always, in the product). Only the boards benchmark turns it off, to time
 * the same database without them in the same run (bench/README.md "Boards").
 */
export const dayBlocks = { on: true };

/** `(select … union all select …)` over the whole days [from, to); use as `from ${adDays(…)} f`. */
export function adDays(from: number, to: number): RawBuilder<AdDayRow> {
  const pieces = dayBlocks.on ? dayPieces(from, to) : dayPieces(from, to, []);
  if (pieces.length === 0) return sql<AdDayRow>`(select ${COLUMNS} from ad_facts_daily where 1 = 0)`;
  const branches = pieces.map((p) =>
    p.len === 1
      ? sql`select ${COLUMNS} from ad_facts_daily where day >= ${p.from} and day < ${p.to}`
      : sql`select ${COLUMNS} from ad_facts_blocks where days = ${p.len} and day >= ${p.from} and day < ${p.to}`,
  );
  return sql<AdDayRow>`(${sql.join(branches, sql` union all `)})`;
}
