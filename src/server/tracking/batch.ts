/**
 * Group commit for event writes. The hot path appends a row and a callback; a batch is written in ONE
 * transaction when it reaches `maxRows` or `delayMs` after its first row, and every callback hears the
 * outcome only after COMMIT (or the failure). While one batch commits the next one fills, so batches grow
 * with load. A bounded queue refuses (returns false) instead of growing without limit.
 */

import type { Insertable } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Db } from '../kernel/executor.ts';
import { errorFields, log } from '../kernel/log.ts';
import { insertRawBatch } from './store.ts';
import type { LandingVisitsTable, MonitorRawTable } from './tables.ts';

export type RawRow =
  | { table: 'monitor_raw'; row: Insertable<MonitorRawTable> }
  | { table: 'landing_visits'; row: Insertable<LandingVisitsTable> };
export type Done = (ok: boolean) => void;

export interface BatchOptions {
  /** Commit when this many rows are waiting. */
  maxRows: number;
  /**
   * …or this long after the first waiting row. 0 = at the end of the current event-loop turn (setImmediate):
   * every request read in that turn joins the batch, and while one batch commits the next one fills.
   */
  delayMs: number;
  /** Refuse new rows when this many are waiting (in the open batch plus the committing one). */
  maxPending: number;
}

export const defaultBatchOptions: BatchOptions = { maxRows: 500, delayMs: 0, maxPending: 20_000 };

export class EventBatcher {
  private monitor: Array<Insertable<MonitorRawTable>> = [];
  private visits: Array<Insertable<LandingVisitsTable>> = [];
  private callbacks: Done[] = [];
  private committing = 0;
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Totals for metrics and tests. */
  readonly stats = { committed: 0, failed: 0, refused: 0, batches: 0 };

  private readonly db: Db;
  private readonly engine: Engine;
  private readonly opts: BatchOptions;

  constructor(db: Db, engine: Engine, opts: BatchOptions = defaultBatchOptions) {
    this.db = db;
    this.engine = engine;
    this.opts = opts;
  }

  /** Rows waiting (open batch + the one committing). */
  pending(): number {
    return this.callbacks.length + this.committing;
  }

  /** Queue one row; false when the queue is full or the writer is closed (answer 503). */
  add(item: RawRow, done: Done): boolean {
    if (this.closed || this.pending() >= this.opts.maxPending) {
      this.stats.refused += 1;
      return false;
    }
    if (item.table === 'monitor_raw') this.monitor.push(item.row);
    else this.visits.push(item.row);
    this.callbacks.push(done);
    if (this.callbacks.length >= this.opts.maxRows) this.kick();
    else if (!this.running) this.schedule();
    return true;
  }

  private kick(): void {
    this.clearTimer();
    if (this.running) return; // the loop picks the rows up when the current commit ends
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.callbacks.length > 0) this.schedule(); // rows added after the loop's last check
    });
  }

  private async loop(): Promise<void> {
    while (this.callbacks.length > 0) {
      const monitor = this.monitor;
      const visits = this.visits;
      const callbacks = this.callbacks;
      this.monitor = [];
      this.visits = [];
      this.callbacks = [];
      this.committing = callbacks.length;
      let ok = true;
      try {
        await insertRawBatch(this.db, this.engine, monitor, visits);
        this.stats.committed += callbacks.length;
        this.stats.batches += 1;
      } catch (err) {
        ok = false;
        this.stats.failed += callbacks.length;
        log.error('event batch commit failed', { rows: callbacks.length, ...errorFields(err) });
      }
      this.committing = 0;
      this.lastRows = callbacks.length;
      this.lastCommitAt = performance.now();
      for (const cb of callbacks) {
        try {
          cb(ok);
        } catch {
          /* a closed socket must not stop the others */
        }
      }
      this.clearTimer();
    }
  }

  private lastRows = 0;
  private lastCommitAt = 0;

  /**
   * delayMs > 0: a fixed timer. delayMs = 0: the end of this event-loop turn, except when the previous
   * batches were small and frequent (connection-per-request load: each turn reads only a few requests),
   * where waiting 1 ms gathers many more rows per transaction (measured: ~3× the throughput there).
   */
  private schedule(): void {
    if (this.timer) return;
    if (this.opts.delayMs > 0) this.timer = setTimeout(() => this.kick(), this.opts.delayMs);
    else if (this.lastRows < 32 && performance.now() - this.lastCommitAt < 5) this.timer = setTimeout(() => this.kick(), 1);
    else this.timer = setImmediate(() => this.kick());
  }

  private clearTimer(): void {
    if (!this.timer) return;
    if ('hasRef' in this.timer && typeof (this.timer as NodeJS.Timeout).refresh === 'function') clearTimeout(this.timer as NodeJS.Timeout);
    else clearImmediate(this.timer as NodeJS.Immediate);
    this.timer = null;
  }

  /** Commit everything queued now (shutdown, tests). */
  async flush(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  /** Refuse new rows, then commit what is queued. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
