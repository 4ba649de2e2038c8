/**
 * The tests' "now": one pinned instant for the whole run, never the wall clock. `TEST_CLOCK` (an ISO 8601 instant
 * with its zone) moves it: `npm test` runs the API and process suites again at 23:55 China time and at 00:05 on the
 * first of a month, so a day or month boundary bug fails every run (tests/README.md). A test asks for
 * `testClock()` (a `ManualClock` at the instant: it moves only when told) or `testNow()`; a child server gets
 * `clockEnv()` (CLOCK_START); `Date.now()` stays only where a test measures elapsed real time for a deadline.
 */
import { ManualClock, parseClockStart } from '../../src/server/kernel/clock.ts';

/** The default instant: Saturday 2026-11-21 10:00 China time, mid-morning, mid-month (the ManualClock default). */
export const DEFAULT_TEST_CLOCK = '2026-11-21T10:00:00+08:00';

/** The boundary instants `npm test` runs the API and process suites at besides the default. */
export const BOUNDARY_TEST_CLOCKS = ['2026-11-30T23:55:00+08:00', '2026-12-01T00:05:00+08:00'] as const;

function pinned(): number {
  const text = process.env.TEST_CLOCK || DEFAULT_TEST_CLOCK;
  const ms = parseClockStart(text);
  if (ms === null)
    throw new Error(`TEST_CLOCK=${JSON.stringify(text)}: must be an ISO 8601 instant with its zone, e.g. 2026-11-30T23:55:00+08:00`);
  return ms;
}

const PINNED_MS = pinned();

/** The pinned instant, epoch ms. */
export const testNowMs = (): number => PINNED_MS;
/** The pinned instant, epoch seconds (the unit of every time column). */
export const testNow = (): number => Math.floor(PINNED_MS / 1000);
/** A clock standing at the pinned instant (`advance(ms)`, `set(ms)` move it). */
export const testClock = (): ManualClock => new ManualClock(PINNED_MS);

/**
 * The test process's own running time for child servers: the pinned instant when this module loaded, advancing at
 * real speed. A server started (or restarted on the same data) gets `CLOCK_START` at that time, so its clock
 * continues where the last one stood instead of jumping back to the pin.
 */
const loadedAt = Date.now(); // elapsed real time since the suite began, not a seed: the seed is PINNED_MS
export const runningNowMs = (): number => PINNED_MS + (Date.now() - loadedAt);
export const runningNow = (): number => Math.floor(runningNowMs() / 1000);

/** The environment that starts a child server's clock at `runningNowMs()` (CLOCK_START, README's configuration). */
export const clockEnv = (): { CLOCK_START: string } => ({ CLOCK_START: new Date(runningNowMs()).toISOString() });
