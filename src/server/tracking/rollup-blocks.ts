/**
 * The daily link rollups over aligned blocks of 8 and 64 China days (`rollup_blocks`, migration 0071): the same counts
 * per (link, account, plan, customer) — every column a rollup reader narrows by — so that a span of whole days is its
 * edge days from `rollup_daily` and the blocks inside it (facts/days.ts `rollupDays`): an agent's 90 days of visits
 * read ≈ 12 rows per link and plan instead of 90. The same blocks as the ad facts' (ads/day-pieces.ts).
 *
 * Exact by construction: the rollups only ever grow by counts added in the processor's transaction (`addRollups`; no
 * reader, retention or verdict rewrites or deletes a daily row), and the same transaction adds the same counts to the
 * two blocks holding the day. A block row takes the customer the daily row holds after the upsert (the daily row keeps
 * the customer of its first count when the link has moved to another customer since), so per customer too the blocks
 * are the sums of the daily rows.
 */
import { type Insertable, type RawBuilder, sql } from 'kysely';
import { blockStart, ROLLUP_BLOCK_DAYS } from '../ads/day-pieces.ts';
import type { Executor } from '../kernel/executor.ts';
import type { RollupBlocksTable, RollupDailyTable } from './tables.ts';

const COUNTS = ['shows', 'clicks', 'visits', 'invalid_shows', 'invalid_clicks', 'invalid_visits'] as const;

/** An upsert's update of every count: the stored row's plus the one inserted (the rollups and their blocks). */
export const addedCounts = (table: 'rollup_hourly' | 'rollup_daily' | 'rollup_blocks') =>
  Object.fromEntries(COUNTS.map((c) => [c, sql.raw(`${table}.${c} + excluded.${c}`)])) as Record<
    (typeof COUNTS)[number],
    RawBuilder<number>
  >;
/** Rows per upsert: 12 bound values each, well under SQLite's limit. */
const CHUNK = 250;

/** A daily rollup row's key as the upsert returns it (PostgreSQL returns bigint as text). */
export interface StoredDay {
  day: number | string;
  pageid: string;
  adv: string;
  aid: string;
  customerid: number | string;
}

const dayKey = (r: { day: number | string; pageid: string; adv?: string; aid?: string }) =>
  `${Number(r.day)}|${r.pageid}|${r.adv ?? ''}|${r.aid ?? ''}`;

/**
 * Add the counts just added to the daily rows (`daily`, each with its row as stored: `stored`) to the 8- and 64-day
 * blocks holding their days, in the caller's transaction.
 */
export async function addRollupBlocks(
  tx: Executor,
  daily: readonly Insertable<RollupDailyTable>[],
  stored: readonly StoredDay[],
): Promise<void> {
  const customerOf = new Map(stored.map((r) => [dayKey(r), Number(r.customerid)]));
  const blocks = new Map<string, Insertable<RollupBlocksTable> & Record<(typeof COUNTS)[number], number>>();
  for (const d of daily)
    for (const days of ROLLUP_BLOCK_DAYS) {
      const customerid = customerOf.get(dayKey(d)) ?? d.customerid;
      const day = blockStart(Number(d.day), days);
      const k = `${days}|${day}|${d.pageid}|${d.adv ?? ''}|${d.aid ?? ''}|${customerid}`;
      const b = blocks.get(k) ?? {
        ...{ days, day, pageid: d.pageid, adv: d.adv ?? '', aid: d.aid ?? '', customerid },
        ...{ shows: 0, clicks: 0, visits: 0, invalid_shows: 0, invalid_clicks: 0, invalid_visits: 0 },
      };
      for (const c of COUNTS) b[c] += Number(d[c] ?? 0);
      blocks.set(k, b);
    }
  const rows = [...blocks.values()];
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx
      .insertInto('rollup_blocks')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['days', 'day', 'pageid', 'adv', 'aid', 'customerid']).doUpdateSet(addedCounts('rollup_blocks')))
      .execute();
}
