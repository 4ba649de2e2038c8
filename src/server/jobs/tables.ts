import type { Generated } from 'kysely';

/**
 * One recorded run of a job (or of one key of it, e.g. one ad account). Frequent jobs coalesce consecutive
 * successful runs into one row (`runs` counts them); a failure always gets its own row.
 */
export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  /** '' for the run as a whole; an account id or similar for a keyed part of it. */
  key: string;
  /** The lease holder (node) that ran it. */
  node: string;
  started_at: number;
  /** Null while running (or when the node died mid-run). */
  finished_at: number | null;
  /** Rows the run handled (job-defined). */
  rows: number;
  runs: number;
  /** '' on success. */
  error: string;
}

/** A job's stored position (cursor, watermark) per key, so it resumes after a restart or on another node. */
export interface JobCursorsTable {
  job: string;
  key: string;
  value: string;
  updated_at: number;
}

export interface JobsTables {
  job_runs: JobRunsTable;
  job_cursors: JobCursorsTable;
}
