/**
 * The one source of "now" for services and jobs, passed in through deps so tests can hold time still and
 * move it (`ManualClock`). Times in the database are epoch seconds (`now()`); timers and rates use `nowMs()`.
 * The monitor and landing hot paths read `Date.now()` directly: they only stamp arrival times.
 */
export interface Clock {
  /** Epoch milliseconds. */
  nowMs(): number;
  /** Epoch seconds, the unit of every time column. */
  now(): number;
}

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  now: () => Math.floor(Date.now() / 1000),
};

/** A clock that moves only when told (tests). */
export class ManualClock implements Clock {
  private ms: number;
  constructor(startMs: number = Date.UTC(2026, 10, 21, 2, 0, 0)) {
    this.ms = startMs;
  }
  nowMs(): number {
    return this.ms;
  }
  now(): number {
    return Math.floor(this.ms / 1000);
  }
  set(ms: number): void {
    this.ms = ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
