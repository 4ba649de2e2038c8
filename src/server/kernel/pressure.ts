/**
 * Background work yields to monitor ingestion, within a bound on the processing lag. The tracking wiring tells this
 * object how many rows the event batch has committed so far (and how many wait in it); while they arrive faster than
 * `busyRate` per second — a burst, beyond the steady load the processor keeps pace with — `yield()` waits (in 50 ms
 * steps, at most 10 s per call) unless the tracking backlog passed `maxLag` rows or its oldest row waited
 * `maxLagSeconds`: then background work goes on, so the lag stays bounded. `arriving()` (any ping in the last moment)
 * tells the processor to keep its slices short.
 * The tracking processor measures the backlog after every slice (`setLag`); between measurements it grows by the
 * rows this node commits and the seconds that pass, so the bound and the gauge hold during a long run too.
 * Without a source (CLI, tests) `yield()` only gives the event loop back. Measured effect: bench/README.md.
 */
export interface PressureOptions {
  busyRate: number;
  maxLag: number;
  maxLagSeconds: number;
}

/** A measurement older than this was made by a processor that no longer runs here (another node leads): report 0. */
const STALE_MS = 30_000;

export class IngestPressure {
  private source: (() => number) | null = null;
  private waiting: () => number = () => 0;
  private lastCount = 0;
  private lastAt = 0;
  private lastRate = 0;
  private measured = { rows: 0, seconds: 0, at: Number.NEGATIVE_INFINITY, committed: 0 };
  private readonly opts: PressureOptions;

  constructor(opts: Partial<PressureOptions> = {}) {
    this.opts = { busyRate: 10_000, maxLag: 200_000, maxLagSeconds: 10, ...opts };
  }

  /** Count ingestion by this monotonically growing counter (committed rows), and the rows waiting to commit. */
  watch(committed: () => number, waiting: () => number = () => 0): void {
    this.source = committed;
    this.waiting = waiting;
    this.lastCount = committed();
    this.lastAt = performance.now();
  }

  /** The processor's measurement: rows waiting and the age of the oldest, in seconds. */
  setLag(rows: number, seconds: number): void {
    this.measured = { rows, seconds, at: performance.now(), committed: this.source?.() ?? 0 };
  }

  /** The lag now: the last measurement plus what this node committed and the time passed since (0 when stale). */
  lag(): { rows: number; seconds: number } {
    const m = this.measured;
    const elapsed = performance.now() - m.at;
    if (!(elapsed < STALE_MS)) return { rows: 0, seconds: 0 };
    const arrived = Math.max(0, (this.source?.() ?? 0) - m.committed);
    const rows = m.rows + arrived;
    const seconds = m.rows > 0 ? m.seconds + elapsed / 1000 : arrived > 0 ? elapsed / 1000 : 0;
    return { rows, seconds: Math.round(seconds * 10) / 10 };
  }

  /** Rows arrived faster than `busyRate` a second when last sampled: a burst, background work waits. */
  busy(): boolean {
    this.sample();
    return this.lastRate >= this.opts.busyRate;
  }

  /** Any row arrived since the last sample or waits to commit. */
  arriving(): boolean {
    this.sample();
    return this.lastRate > 0 || this.waiting() > 0;
  }

  private sample(): void {
    const source = this.source;
    if (!source) return;
    const now = performance.now();
    if (now - this.lastAt < 20) return; // too short to tell a rate
    const count = source();
    this.lastRate = ((count - this.lastCount) / (now - this.lastAt)) * 1000;
    this.lastCount = count;
    this.lastAt = now;
  }

  private overBound(): boolean {
    const lag = this.lag();
    return lag.rows > this.opts.maxLag || lag.seconds > this.opts.maxLagSeconds;
  }

  /** `job`: the job that yields (the job context passes its name; the contended bench holds some jobs by it). */
  async yield(signal?: AbortSignal, _job?: string): Promise<void> {
    await new Promise((r) => setImmediate(r));
    if (!this.source) return;
    for (let waited = 0; !signal?.aborted && waited < 10_000; waited += 50) {
      if (!this.busy() || this.overBound()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
