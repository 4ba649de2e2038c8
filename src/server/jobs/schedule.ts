import { Cron } from 'croner';
import type { Schedule } from './types.ts';

/** Cron patterns read in China time, like every day and hour bucket of the product. */
const CHINA_TIMEZONE = 'Asia/Shanghai';
const patterns = new Map<string, Cron>();

/** A cron pattern evaluated in China time (the product's one zone), parsed once. */
function cronOf(pattern: string): Cron {
  const known = patterns.get(pattern);
  if (known) return known;
  const c = new Cron(pattern, { timezone: CHINA_TIMEZONE });
  patterns.set(pattern, c);
  return c;
}

/** Throws on a pattern croner cannot read (checked when a job is defined). */
export function checkSchedule(s: Schedule): void {
  if ('cron' in s) cronOf(s.cron);
  else if (!(s.everyMs > 0)) throw new Error(`everyMs must be positive, got ${s.everyMs}`);
}

/**
 * Whether a job should start now. Interval: `everyMs` after its last end (at once when it never ran). Cron: the
 * first occurrence after its last end — or after this node became leader, when it never ran — has passed.
 */
export function isDue(s: Schedule, lastEndMs: number | null, nowMs: number, leaderSinceMs: number): boolean {
  if ('everyMs' in s) return lastEndMs === null || nowMs >= lastEndMs + s.everyMs;
  const next = cronOf(s.cron).nextRun(new Date(lastEndMs ?? leaderSinceMs));
  return next !== null && next.getTime() <= nowMs;
}
