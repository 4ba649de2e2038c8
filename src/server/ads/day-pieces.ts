/** Whole China days as aligned blocks of 8 and 64 days plus daily edges (`ad_facts_blocks`, blocks.ts). */

const DAY = 86_400;
/** China days start at 16:00 UTC: day number n starts at n × DAY − CHINA. */
const CHINA = 8 * 3600;
/** Block lengths in days, longest first. */
export const BLOCK_DAYS = [64, 8] as const;

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
