/**
 * Whole China days as aligned blocks plus daily edges: of 2, 4, 8, 16, 32 and 64 days for the ad facts
 * (`ad_facts_blocks`, blocks.ts), of 8 and 64 days for our monitor's link rollups (`rollup_blocks`).
 */

const DAY = 86_400;
/** China days start at 16:00 UTC: day number n starts at n × DAY − CHINA. */
const CHINA = 8 * 3600;
/**
 * Block lengths of the ad facts in days, longest first: every power of two up to 64 (migration 0075 added 2, 4, 16
 * and 32 to 0060's 8 and 64), so that any span is at most two pieces of each length — 7, 30 and 90 days read ≈ 3, 5
 * and 6 rows per plan instead of 6, 10 and 14 (bench/README.md "Day blocks of every power of two"). Each length costs
 * its writer (`refreshBlocks`) a delete and a two-row sum per plan.
 */
export const BLOCK_DAYS = [64, 32, 16, 8, 4, 2] as const;
/**
 * Block lengths of the link rollups: only 8 and 64 (migration 0071) — their blocks are written in the tracking
 * processor's transaction, one upsert per length for every daily row it touches.
 */
export const ROLLUP_BLOCK_DAYS = [64, 8] as const;

/** The first day (epoch seconds, China-day start) of the `len`-day block holding `day`. */
export const blockStart = (day: number, len: number): number => day - ((((day + CHINA) % (len * DAY)) + len * DAY) % (len * DAY));

/** A run of whole days read from one table: `len` 1 = daily rows, else blocks of `len` days; [from, to) epoch seconds. */
export interface DayPiece {
  len: number;
  from: number;
  to: number;
}

/** Whole China days [from, to) as the fewest aligned blocks plus daily edges (each piece non-empty). */
export function dayPieces(from: number, to: number, lens: readonly number[] = BLOCK_DAYS): DayPiece[] {
  if (!(to > from)) return [];
  const [len, ...shorter] = lens;
  if (len === undefined) return [{ len: 1, from, to }];
  const first = blockStart(from, len) === from ? from : blockStart(from, len) + len * DAY;
  const last = blockStart(to, len);
  if (last <= first) return dayPieces(from, to, shorter);
  return [...dayPieces(from, first, shorter), { len, from: first, to: last }, ...dayPieces(last, to, shorter)];
}
