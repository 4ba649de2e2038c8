/**
 * Background work yields to monitor ingestion. The tracking wiring tells this object how many rows the event
 * batch has committed so far; while they arrive faster than `busyRate` per second, `yield()` waits (in 50 ms
 * steps, at most 10 s per call) unless the background backlog passed `maxLag` rows (bounded lag). Without a
 * source (CLI, tests) `yield()` only gives the event loop back. Measured effect: bench/README.md.
 */
export interface PressureOptions {
  busyRate: number;
  maxLag: number;
}

export class IngestPressure {
  private source: (() => number) | null = null;
  private lastCount = 0;
  private lastAt = 0;
  private readonly opts: PressureOptions;
  /** Rows waiting for background processing (set by the tracking processor; also a gauge). */
  backlog = 0;

  constructor(opts: PressureOptions = { busyRate: 2000, maxLag: 200_000 }) {
    this.opts = opts;
  }

  /** Count ingestion by this monotonically growing counter (committed rows). */
  watch(committed: () => number): void {
    this.source = committed;
    this.lastCount = committed();
    this.lastAt = performance.now();
  }

  async yield(signal?: AbortSignal): Promise<void> {
    await new Promise((r) => setImmediate(r));
    const source = this.source;
    if (!source) return;
    for (let waited = 0; !signal?.aborted && waited < 10_000; waited += 50) {
      const now = performance.now();
      const count = source();
      const rate = ((count - this.lastCount) / Math.max(1, now - this.lastAt)) * 1000;
      this.lastCount = count;
      this.lastAt = now;
      if (rate < this.opts.busyRate || this.backlog > this.opts.maxLag) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
