/**
 * The processor as the benchmarks drive it, in one place, so a benchmark runs unchanged against an older version of
 * the code (bench/README.md "Tracking processor": before/after in one run; the older version's copy of this file
 * calls its own API).
 */
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../src/server/db/dialect.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { SLICE_WHEN_IDLE } from '../../src/server/tracking/jobs.ts';
import { processingLag } from '../../src/server/tracking/lag.ts';
import { processAll } from '../../src/server/tracking/processor.ts';

/** Rows per slice of the processor job with nothing arriving. */
export const SLICE_FOR_BENCH = Number(process.env.BENCH_SLICE ?? SLICE_WHEN_IDLE);

/** Process everything waiting, the way the job does (its slice size, one transaction per slice). */
export const drainForBench = (db: Kysely<Database>, engine: Engine) => processAll(db, engine, { slice: () => SLICE_FOR_BENCH });

/** What the backlog gauge costs to read (and reads). */
export async function gaugeReadForBench(db: Kysely<Database>): Promise<{ rows: number; ms: number }> {
  const t = performance.now();
  const lag = await processingLag(db, Math.floor(Date.now() / 1000));
  return { rows: lag.rows, ms: performance.now() - t };
}

/** Rows flagged processed by SQL are done: the marks move past them (the migration does this for real databases). */
export async function markPrefixForBench(db: Kysely<Database>): Promise<void> {
  for (const table of ['monitor_raw', 'landing_visits'] as const) {
    await sql`update tracking_progress set done_id = coalesce((select max(id) from ${sql.table(table)} where processed = 1), 0)
      where source = ${table}`.execute(db);
  }
}

/**
 * Process everything waiting as the processor job does with nothing arriving: its idle slice, and the lag read from
 * ids after every slice (the gauge). `verdicts` false runs the processor without the invalid-traffic verdicts (the
 * same rows written, every one valid) to measure what they cost.
 */
export const drainLikeJobForBench = (db: Kysely<Database>, engine: Engine, verdicts: boolean, onSlice: (rows: number) => void = () => {}) =>
  processAll(db, engine, {
    slice: () => SLICE_FOR_BENCH,
    verdict: verdicts ? undefined : false,
    onSlice: async (r) => {
      await processingLag(db, Math.floor(Date.now() / 1000));
      onSlice(r.monitor + r.visits);
    },
  });
