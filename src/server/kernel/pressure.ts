/**
 * Background work yields to monitor ingestion, within a bound on the processing lag. The tracking wiring tells this
 * object how many rows the event batch has committed so far (and how many wait in it).
 *
 * Two ways to give way, because the two kinds of background work differ:
 * - `keepPace()` — the tracking processor, whose work is the pings' own and must keep pace with them: it waits only
 *   while rows arrive faster than `busyRate` a second (a burst, beyond the steady load it keeps pace with), in 50 ms
 *   steps, at most 10 s per call, and not at all once the backlog passed `maxLag` rows or its oldest row waited
 *   `maxLagSeconds`: so the lag stays bounded.
 * - `yield()` — every other job (order and ad syncs, exports, rules, mail, retention): it waits for a burst as above
 *   (with the same escape) and, while rows arrive faster than `shareRate` a second, takes at most `share` of the event loop: after a step
 *   that kept the loop busy for t ms it waits t × (1 − share) / share (at most 1 s). Measured by the loop's own
 *   activity (`performance.eventLoopUtilization`), not by the rate of committed pings — a job that holds the loop
 *   lowers that rate itself (a sync reading its in-process sandbox held it ~120 ms at a time and pings fell to
 *   1 400/s: under any rate threshold), and not by wall time — a job waiting for a union's answer over HTTP does not
 *   hold the loop.
 * `arriving()` (any ping in the last moment) tells the processor to keep its slices short. `sharing()` (pings at
 * `shareRate` now or in the last 30 s) sends the boards' SQLite reads to the reader thread (`readerOf`, deps.ts).
 * The tracking processor measures the backlog after every slice (`setLag`); between measurements it grows by the
 * rows this node commits and the seconds that pass, so the bound and the gauge hold during a long run too.
 * Without a source (CLI, tests) both only give the event loop back. Measured effect: bench/README.md.
 */
import { performance } from 'node:perf_hooks';

export interface PressureOptions {
  busyRate: number;
  shareRate: number;
  share: number;
  maxLag: number;
  maxLagSeconds: number;
}

/** Time and waiting, replaceable in unit tests. `loopActiveMs`: the event loop's busy time so far, monotonic. */
export interface PressureTime {
  now(): number;
  loopActiveMs(): number;
  sleep(ms: number): Promise<void>;
}

const realTime: PressureTime = {
  now: () => performance.now(),
  loopActiveMs: () => performance.eventLoopUtilization().active,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/** A measurement older than this was made by a processor that no longer runs here (another node leads): report 0. */
const STALE_MS = 30_000;
/**
 * `sharing()` holds this long after the last sample at `shareRate` or more. How busy a server is changes slowly, and
 * the two mistakes cost differently: taken for quiet while pings arrive, a board read holds them for its length (and
 * keeps them from committing, so the samples after it stay low: 10–16 board calls in a row went to the server's
 * connection after pings resumed, with a hold of 2 s); taken for busy, a board call is a few ms slower.
 */
const SHARING_HOLD_MS = 30_000;
/** The longest one `yield()` waits to share the loop: a job always moves on. */
const MAX_SHARE_WAIT_MS = 1000;

export class IngestPressure {
  private source: (() => number) | null = null;
  private waiting: () => number = () => 0;
  private lastCount = 0;
  private lastAt = 0;
  private lastRate = 0;
  /** When a sample last showed `shareRate` or more. */
  private sharingAt = Number.NEGATIVE_INFINITY;
  private measured = { rows: 0, seconds: 0, at: Number.NEGATIVE_INFINITY, committed: 0 };
  /** Per job: the loop's busy time when it last went on. */
  private readonly resumed = new Map<string, number>();
  private readonly opts: PressureOptions;
  private readonly time: PressureTime;

  constructor(opts: Partial<PressureOptions> = {}, time: PressureTime = realTime) {
    this.opts = { busyRate: 10_000, shareRate: 500, share: 0.15, maxLag: 200_000, maxLagSeconds: 10, ...opts };
    this.time = time;
  }

  /** Count ingestion by this monotonically growing counter (committed rows), and the rows waiting to commit. */
  watch(committed: () => number, waiting: () => number = () => 0): void {
    this.source = committed;
    this.waiting = waiting;
    this.lastCount = committed();
    this.lastAt = this.time.now();
  }

  /** The processor's measurement: rows waiting and the age of the oldest, in seconds. */
  setLag(rows: number, seconds: number): void {
    this.measured = { rows, seconds, at: this.time.now(), committed: this.source?.() ?? 0 };
  }

  /** The lag now: the last measurement plus what this node committed and the time passed since (0 when stale). */
  lag(): { rows: number; seconds: number } {
    const m = this.measured;
    const elapsed = this.time.now() - m.at;
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

  /**
   * Rows arrived faster than `shareRate` a second in a sample of the last `SHARING_HOLD_MS`: the pings want the event
   * loop. Held, not only the last sample: a read that holds the loop keeps pings from committing, so the sample after
   * it shows a low rate while they wait (the trap `yield()` avoids by measuring the loop instead).
   */
  sharing(): boolean {
    this.sample();
    return this.source !== null && this.time.now() - this.sharingAt <= SHARING_HOLD_MS;
  }

  /** Any row arrived since the last sample or waits to commit. */
  arriving(): boolean {
    this.sample();
    return this.lastRate > 0 || this.waiting() > 0;
  }

  private sample(): void {
    const source = this.source;
    if (!source) return;
    const now = this.time.now();
    if (now - this.lastAt < 20) return; // too short to tell a rate
    const count = source();
    this.lastRate = ((count - this.lastCount) / (now - this.lastAt)) * 1000;
    if (this.lastRate >= this.opts.shareRate) this.sharingAt = now; // whoever sampled (sharing() holds it)
    this.lastCount = count;
    this.lastAt = now;
  }

  private overBound(): boolean {
    const lag = this.lag();
    return lag.rows > this.opts.maxLag || lag.seconds > this.opts.maxLagSeconds;
  }

  /** The tracking processor's pause: waits out a burst, never past the lag bound. */
  async keepPace(signal?: AbortSignal): Promise<void> {
    await new Promise((r) => setImmediate(r));
    if (!this.source) return;
    for (let waited = 0; !signal?.aborted && waited < 10_000; waited += 50) {
      if (!this.busy() || this.overBound()) return;
      await this.time.sleep(50);
    }
  }

  /**
   * Every other job's pause (`job`: its name; the job context passes it): waits out a burst as `keepPace` does, then,
   * while pings arrive faster than `shareRate`, leaves the loop to them for `(1 − share) / share` of the time it was
   * busy since this job last went on.
   */
  async yield(signal?: AbortSignal, job = ''): Promise<void> {
    const since = this.resumed.get(job);
    const held = since === undefined ? 0 : this.time.loopActiveMs() - since;
    await this.keepPace(signal);
    this.sample();
    if (this.source && !signal?.aborted && held > 0 && this.lastRate >= this.opts.shareRate) {
      const wait = Math.min(MAX_SHARE_WAIT_MS, (held * (1 - this.opts.share)) / this.opts.share);
      if (wait >= 1) await this.time.sleep(wait);
    }
    this.resumed.set(job, this.time.loopActiveMs());
  }
}
