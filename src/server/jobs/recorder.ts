import type { Db } from '../kernel/executor.ts';
import * as store from './store.ts';
import type { JobDef } from './types.ts';

/**
 * Writes a job's runs to `job_runs`. A run is inserted when it starts (visible while it runs; a node dying
 * mid-run leaves `finished_at` empty) and completed when it ends. A job with `coalesceMs` (one that runs every
 * few hundred milliseconds) is written when it ends instead, folding consecutive successful runs within the
 * window into one row (`runs` counts them); a failure always gets its own row.
 */
export class RunRecorder {
  private open: { id: number; startedMs: number } | null = null;
  private readonly db: Db;
  private readonly def: JobDef;
  private readonly node: string;

  constructor(db: Db, def: JobDef, node: string) {
    this.db = db;
    this.def = def;
    this.node = node;
  }

  /** The row id of a started run, or null for a coalescing job (written at the end). */
  async begin(startedMs: number): Promise<number | null> {
    if (this.def.coalesceMs) return null;
    return store.insertRun(this.db, {
      job: this.def.name,
      key: '',
      node: this.node,
      started_at: Math.floor(startedMs / 1000),
      finished_at: null,
      rows: 0,
      error: '',
    });
  }

  async finish(id: number | null, startedMs: number, endedMs: number, rows: number, error: string): Promise<void> {
    const finishedAt = Math.floor(endedMs / 1000);
    if (id !== null) return store.finishRun(this.db, id, finishedAt, rows, error);
    const window = this.def.coalesceMs ?? 0;
    if (!error && this.open && startedMs - this.open.startedMs < window) return store.addToRun(this.db, this.open.id, finishedAt, rows);
    const row = {
      job: this.def.name,
      key: '',
      node: this.node,
      started_at: Math.floor(startedMs / 1000),
      finished_at: finishedAt,
      rows,
      error,
    };
    const newId = await store.insertRun(this.db, row);
    this.open = error ? null : { id: newId, startedMs };
  }
}
