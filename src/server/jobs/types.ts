/** What a job is and what it sees while it runs. */

/** Every `everyMs` after the last run ended, or at the times of a cron pattern (China time). */
export type Schedule = { everyMs: number } | { cron: string };

export interface JobResult {
  /** Rows handled (job-defined: messages sent, raw rows processed, facts upserted …). */
  rows?: number;
  /** A failure the job handled itself (it did not throw), recorded with the run. */
  error?: string;
}

export interface JobContext {
  /** Aborted when the process stops or this node lost the job's lease: finish the current slice and return. */
  readonly signal: AbortSignal;
  /** Epoch seconds when the run started (the deps clock). */
  readonly startedAt: number;
  /** Call between slices: gives the event loop back and waits while monitor ingestion is busy (bounded). */
  yield(): Promise<void>;
  /** The stored cursor/watermark of this job (per key), null when none yet. */
  cursor(key?: string): Promise<string | null>;
  setCursor(value: string, key?: string): Promise<void>;
  /** Run one keyed part (e.g. one account) as its own recorded run; its failure is recorded and does not end this run. */
  forKey(key: string, part: () => Promise<JobResult>): Promise<JobResult>;
}

export interface JobDef {
  /** Unique; also the lease name `job:<name>` and the `job` column of its runs. */
  name: string;
  schedule: Schedule;
  run(ctx: JobContext): Promise<JobResult>;
  /** Fold consecutive successful runs within this window into one recorded row (jobs that run every few seconds). */
  coalesceMs?: number;
  /** The job lease's lifetime, renewed every third of it while running (default 60 s). */
  leaseSeconds?: number;
}
