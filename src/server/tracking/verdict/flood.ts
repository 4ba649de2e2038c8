/**
 * Sliding-window counters for the flood verdicts: per key (an IP, a device id, a link), the times of its recent
 * events. `hit` records one event and says whether it is past the window's limit — the first `max` events of a
 * window count, the ones after them are floods. Memory is bounded: a key keeps at most `max` times, times older than
 * the window go as the key is hit, and every `SWEEP` hits the keys whose window emptied are dropped.
 * A key holding one time keeps it as a bare number: most keys (a device, a device IP) are hit once in a window, and
 * an array per key was most of the verdicts' garbage (bench/README.md "Idle drain"). Times are held relative to the
 * first time the window saw: an epoch second (≈ 1.8 × 10⁹) is past V8's small integers (2³⁰) and was a heap number
 * per key, where a time relative to the base is a small integer held in the map itself (bench/README.md "SQLite drain,
 * fourth pass").
 */
const SWEEP = 50_000;

export class SlidingWindow {
  private readonly times = new Map<string, number | number[]>();
  private hits = 0;
  /** The first time hit (NaN before): times are kept as `at - base`. */
  private base = Number.NaN;
  private readonly max: number;
  private readonly seconds: number;

  constructor(max: number, seconds: number) {
    this.max = max;
    this.seconds = seconds;
  }

  /** Record an event of `key` at `epoch` (seconds); true when the window already held `max` events. */
  hit(key: string, epoch: number): boolean {
    if (Number.isNaN(this.base)) this.base = epoch;
    const at = epoch - this.base;
    if (++this.hits % SWEEP === 0) this.sweep(at);
    const from = at - this.seconds;
    const held = this.times.get(key);
    if (typeof held !== 'object' && this.max >= 1) {
      // no time or one time: the window holds 0 or 1 events before this one
      const live = held !== undefined && held > from;
      if (live && this.max > 1) this.times.set(key, [held, at]);
      else this.times.set(key, at); // max 1 keeps only the latest time
      return live && this.max <= 1;
    }
    let list = typeof held === 'number' ? [held] : held;
    if (!list) {
      list = [];
      this.times.set(key, list);
    } else if (typeof held === 'number') this.times.set(key, list);
    let drop = 0;
    while (drop < list.length && (list[drop] as number) <= from) drop++;
    if (drop) list.splice(0, drop);
    const flood = list.length >= this.max;
    // only the latest `max` times matter: a list never grows past it, whatever the flood's size
    list.push(at);
    if (list.length > this.max) list.shift();
    return flood;
  }

  /** Keys tracked (tests, metrics). */
  size(): number {
    return this.times.size;
  }

  /** Drop the keys whose latest time is out of the window at `at` (relative to the base). */
  private sweep(at: number): void {
    const from = at - this.seconds;
    for (const [k, held] of this.times) {
      const last = typeof held === 'number' ? held : held[held.length - 1];
      if (last === undefined || last <= from) this.times.delete(k);
    }
  }
}

/** Flood verdicts remembered for a replay: more than the rows a failed write and the slice read ahead of it hold. */
const REPLAY_KEPT = 50_000;

/**
 * The raw rows already passed through the windows, so that a slice judged again gets the same flood verdicts. A
 * slice whose write fails (a lock, a full disk, a lost connection) is read and judged again from the committed mark,
 * with the slice read ahead of it: counting its rows in the windows a second time would make floods of clicks that
 * were none — a device's one click, replayed by ten failed attempts within a minute, became `flood_device`. Raw ids
 * grow, so a row at or below the highest id seen was counted before: its flood verdict is the one it got then (kept
 * for the last `REPLAY_KEPT` rows; only floods are kept, '' is the default).
 */
export class FloodReplay {
  private readonly seen = { monitor: 0, visit: 0 };
  private readonly floods = new Map<string, string>();

  /** The flood verdict of raw row `id` of `source`: remembered if it was judged before, else `judge()` (which hits the windows). */
  flood<V extends string>(source: 'monitor' | 'visit', id: number, judge: () => V | ''): V | '' {
    if (id <= this.seen[source]) return (this.floods.get(`${source}:${id}`) as V | undefined) ?? '';
    this.seen[source] = id;
    const verdict = judge();
    if (verdict) {
      this.floods.set(`${source}:${id}`, verdict);
      if (this.floods.size > REPLAY_KEPT) this.floods.delete(this.floods.keys().next().value as string);
    }
    return verdict;
  }
}

/** The flood windows of one database's processor: they outlive a run (the job runs every 500 ms). */
export interface FloodWindows {
  ip: SlidingWindow;
  device: SlidingWindow;
  link: SlidingWindow;
  visitIp: SlidingWindow;
  replay: FloodReplay;
}

export function floodWindows(t: {
  ipFlood: { max: number; seconds: number };
  deviceFlood: { max: number; seconds: number };
  linkFlood: { max: number; seconds: number };
}): FloodWindows {
  return {
    ip: new SlidingWindow(t.ipFlood.max, t.ipFlood.seconds),
    device: new SlidingWindow(t.deviceFlood.max, t.deviceFlood.seconds),
    link: new SlidingWindow(t.linkFlood.max, t.linkFlood.seconds),
    visitIp: new SlidingWindow(t.ipFlood.max, t.ipFlood.seconds),
    replay: new FloodReplay(),
  };
}
