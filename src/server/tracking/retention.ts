/**
 * Retention of the raw event tables. Raw pings and visits are only the write-ahead form of the parsed events
 * and rollups; once processed, they are kept `RAW_RETENTION_DAYS` for audits and re-processing, then deleted
 * by the `tracking-retention` job. Deletion walks the oldest processed rows (ids up to the processor's mark) in id
 * order in slices, deletes each slice as one id range and stops at the first row younger than the cutoff, so a run
 * costs what it deletes, never a table scan. On PostgreSQL the raw tables are partitioned by China day (migration
 * 0068): the `partitions` job drops a day once it has aged wholly and been processed, so rows are deleted here only in
 * the upgrade's legacy part and the DEFAULT one (lifecycle/partition-job.ts).
 */
import type { Engine } from '../db/dialect.ts';
import type { Db } from '../kernel/executor.ts';
import { partitionsOf } from '../lifecycle/partitions.ts';
import { pruneProcessedRange, type RawTable, readMarks } from './progress.ts';

const SLICE = 2000;
const MAX_SLICES_PER_RUN = 500;

/** Where rows are deleted one by one: the table, or only the legacy and DEFAULT parts of a partitioned one. */
async function rowAgedParts(db: Db, engine: Engine, table: RawTable): Promise<string[]> {
  if (engine !== 'postgres') return [table];
  const parts = await partitionsOf(db, table);
  if (parts.length === 0) return [table];
  return parts.filter((p) => p.isDefault || p.from === Number.NEGATIVE_INFINITY).map((p) => p.name);
}

async function pruneTable(db: Db, engine: Engine, table: RawTable, cutoff: number, pause?: () => Promise<void>): Promise<number> {
  let deleted = 0;
  let slices = 0;
  for (const part of await rowAgedParts(db, engine, table)) {
    for (; slices < MAX_SLICES_PER_RUN; slices++) {
      if (pause && slices > 0) await pause();
      const mark = (await readMarks(db))[table];
      const [n, reachedYounger] = await pruneProcessedRange(db, part, mark, cutoff, SLICE);
      deleted += n;
      if (reachedYounger) break; // reached rows younger than the cutoff, or the mark
    }
  }
  return deleted;
}

/** Delete processed raw rows received before `now - days` (`days` 0 keeps them). Returns how many went, per table. */
export async function pruneRawEvents(
  db: Db,
  engine: Engine,
  days: number,
  now: number,
  pause?: () => Promise<void>,
): Promise<{ monitor: number; visits: number }> {
  if (days <= 0) return { monitor: 0, visits: 0 };
  const cutoff = now - days * 86400;
  return {
    monitor: await pruneTable(db, engine, 'monitor_raw', cutoff, pause),
    visits: await pruneTable(db, engine, 'landing_visits', cutoff, pause),
  };
}
