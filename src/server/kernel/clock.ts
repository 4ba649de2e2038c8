/**
 * The one source of "now" for services and jobs, passed in through deps so tests can hold time still and
 * move it (`ManualClock`). Times in the database are epoch seconds (`now()`); timers and rates use `nowMs()`.
 * `CLOCK_START` (tests, demos) makes the server's clock an `OffsetClock`: it starts at that instant and runs at real
 * speed. The monitor and landing hot paths stamp arrival with `arrivalClock(clock)`: `Date.now` itself unpinned,
 * `Date.now()` plus a precomputed offset when pinned.
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

/** A clock that starts at `startMs` and runs at real speed (`CLOCK_START`: tests and demos at a pinned instant). */
export class OffsetClock implements Clock {
  /** What is added to `Date.now()`. */
  readonly offsetMs: number;
  constructor(startMs: number, realNowMs: number = Date.now()) {
    this.offsetMs = startMs - realNowMs;
  }
  nowMs(): number {
    return Date.now() + this.offsetMs;
  }
  now(): number {
    return Math.floor((Date.now() + this.offsetMs) / 1000);
  }
}

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

/**
 * The epoch-ms reader a hot path stamps arrival with: `Date.now` itself for the system clock (no indirection), else
 * the clock's own `nowMs` (an offset clock adds its precomputed offset; a manual clock in tests answers its time).
 */
export function arrivalClock(clock: Clock): () => number {
  if (clock === systemClock) return Date.now;
  if (clock instanceof OffsetClock) {
    const offset = clock.offsetMs;
    return () => Date.now() + offset;
  }
  return () => clock.nowMs();
}

/**
 * Parse `CLOCK_START`: an ISO 8601 instant with its zone (`2026-11-30T23:55:00+08:00`, `…Z`); null when it is not one
 * or names a day the month does not have (Date.parse would roll 02-30 over into March).
 */
export function parseClockStart(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}
