/**
 * The processor as the benchmarks drive it, in one place, so a benchmark runs unchanged against an older version of
 * the code (bench/README.md "Tracking processor": before/after in one run).
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../../src/server/db/dialect.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import { rawBacklog } from '../../src/server/tracking/store.ts';

/** Rows per slice of the processor job. */
export const SLICE_FOR_BENCH = 500;

/** Process everything waiting, the way the job does (its slice size, one transaction per slice). */
export const drainForBench = (db: Kysely<Database>, engine: Engine) => processAll(db, engine, SLICE_FOR_BENCH);

/** What the backlog gauge costs to read (and reads). */
export async function gaugeReadForBench(db: Kysely<Database>): Promise<{ rows: number; ms: number }> {
  const t = performance.now();
  const rows = await rawBacklog(db);
  return { rows, ms: performance.now() - t };
}

/** Rows flagged processed by SQL are done: this version reads the flag itself. */
export async function markPrefixForBench(_db: Kysely<Database>): Promise<void> {}
