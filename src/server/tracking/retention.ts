/**
 * Retention of the raw event tables. Raw pings and visits are only the write-ahead form of the parsed events
 * and rollups; once processed, they are kept `RAW_RETENTION_DAYS` for audits and re-processing, then deleted
 * by the `tracking-retention` job. Deletion walks the oldest processed rows (ids up to the processor's mark) in id
 * order in slices, deletes each slice as one id range and stops at the first row younger than the cutoff, so a run
 * costs what it deletes, never a table scan.
 */
import type { Db } from '../kernel/executor.ts';
import { pruneProcessedRange, type RawTable, readMarks } from './progress.ts';

const SLICE = 2000;
const MAX_SLICES_PER_RUN = 500;

async function pruneTable(db: Db, table: RawTable, cutoff: number, pause?: () => Promise<void>): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < MAX_SLICES_PER_RUN; i++) {
    if (pause && i > 0) await pause();
    const mark = (await readMarks(db))[table];
    const [n, reachedYounger] = await pruneProcessedRange(db, table, mark, cutoff, SLICE);
    deleted += n;
    if (reachedYounger) break; // reached rows younger than the cutoff, or the mark
  }
  return deleted;
}

/** Delete processed raw rows received before `now - days` (`days` 0 keeps them). Returns how many went, per table. */
export async function pruneRawEvents(
  db: Db,
  days: number,
  now: number,
  pause?: () => Promise<void>,
): Promise<{ monitor: number; visits: number }> {
  if (days <= 0) return { monitor: 0, visits: 0 };
  const cutoff = now - days * 86400;
  return { monitor: await pruneTable(db, 'monitor_raw', cutoff, pause), visits: await pruneTable(db, 'landing_visits', cutoff, pause) };
}
