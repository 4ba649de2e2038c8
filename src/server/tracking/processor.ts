/**
 * Off the hot path: raw pings and visits become parsed events, rejects (with a reason) and rollups, a slice at a
 * time, in id order after the high-water marks (progress.ts). A slice is read and parsed outside any transaction
 * (on SQLite the one connection stays free for ingestion meanwhile), then written in ONE transaction that first
 * moves the marks with a compare-and-set: a crash mid-slice redoes the slice, and a slice another node wrote in the
 * meantime is thrown away — nothing is counted twice. Never throws on bad input (bad rows become rejects).
 *
 * The steps of a slice, in order (each over all its rows at once):
 *   read → parse and judge (slice.ts, verdict/: each ping and visit valid or invalid with its reason, the flood
 *   windows kept per database across slices) → claim click keys (repeats are `dup`) → write ping events → tie visits
 *   to clicks (visit-ties.ts; a visit of an invalid click, or long after it, is invalid too) → write visits and
 *   rejects → add the rows to the rollups: valid ones to the counts, invalid ones to the `invalid_…` counts.
 */
import { type Engine, noJitInTransaction } from '../db/dialect.ts';
import type { Db } from '../kernel/executor.ts';
import { linkFactsByPageId } from '../links/lookup.ts';
import { isPageId } from './parse.ts';
import { advanceMarks, committedCeilings, type Ids, pingsAfter, readMarks, visitsAfter } from './progress.ts';
import { RollupAccumulator } from './rollup.ts';
import { type ParsedSlice, type PingEvent, parseSlice } from './slice.ts';
import * as store from './store.ts';
import { DEFAULT_THRESHOLDS, type VerdictThresholds } from './verdict/config.ts';
import { type FloodWindows, floodWindows } from './verdict/flood.ts';
import { judgeTiedVisit } from './verdict/judge.ts';
import type { IpRegion } from './verdict/region.ts';
import { tieVisits, type VisitTie } from './visit-ties.ts';

export interface RunResult {
  monitor: number;
  visits: number;
  rejects: number;
}

export interface SliceOutcome extends RunResult {
  /** More rows wait below the ceiling (a full slice), or another node moved the marks (read again). */
  more: boolean;
}

/** The committed ceilings a run works below (read again once reached), and the verdicts' thresholds and flood windows. */
export interface RunPosition {
  ceilings: Ids | null;
  verdict?: Verdicts;
}

interface Verdicts {
  thresholds: VerdictThresholds;
  /** null: verdicts off (`ProcessOptions.verdict === false`, benchmarks only). */
  floods: FloodWindows | null;
  /** The operator's IP region database (verdict/region.ts); null when none (no lookup). */
  region: IpRegion | null;
}

/**
 * The flood windows outlive a run (the job runs every 500 ms): one set per database handle, for the life of the
 * process. A restart starts them empty (at most one window of history is not seen); several nodes each see the slices
 * they process (docs/api-tracking.md "Invalid traffic").
 */
const windowsOf = new WeakMap<object, Verdicts>();
function verdictsFor(db: Db, thresholds?: VerdictThresholds | false, region: IpRegion | null = null): Verdicts {
  if (thresholds === false) return { thresholds: DEFAULT_THRESHOLDS, floods: null, region: null };
  if (thresholds) return { thresholds, floods: floodWindows(thresholds), region };
  let v = windowsOf.get(db);
  if (!v) {
    v = { thresholds: DEFAULT_THRESHOLDS, floods: floodWindows(DEFAULT_THRESHOLDS), region: null };
    windowsOf.set(db, v);
  }
  return v.region === region ? v : { ...v, region };
}

/**
 * Give the event loop a turn. node:sqlite answers synchronously, so without it a slice would hold the loop from its
 * first read to its commit: pings arriving meanwhile would not even be read, nor their batch committed.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether a ping counts in the rollups: not a repeated click and valid. Repeated clicks are in no count. */
const counts = (e: PingEvent): boolean => e.dup === 0 && e.invalid === '';

/** Repeated clicks: a key seen in an earlier slice (`click_keys`) or earlier in this one. */
async function markRepeats(tx: Db, engine: Engine, pings: PingEvent[]): Promise<void> {
  const first = new Map<string, PingEvent>();
  for (const e of pings) {
    if (!e.key) continue;
    const k = `${e.pageid}\n${e.key}`;
    if (first.has(k)) e.dup = 1;
    else first.set(k, e);
  }
  const fresh = await store.claimClickKeys(
    tx,
    engine,
    [...first.values()].map((e) => ({ pageid: e.pageid, key: e.key, first_at: e.received_at })),
  );
  for (const [k, e] of first) if (!fresh.has(k)) e.dup = 1;
}

async function writeSlice(tx: Db, engine: Engine, s: ParsedSlice, v: Verdicts): Promise<void> {
  await markRepeats(tx, engine, s.pings);
  await store.insertPingEvents(
    tx,
    engine,
    s.pings.map(({ key: _k, ...row }) => row),
  );
  const ties = await tieVisits(
    tx,
    engine,
    s.visits.map((v) => v.tie),
  );
  const visitRows = s.visits.map((visit, i) => {
    const { click, ...tie } = ties[i] as VisitTie;
    const invalid = v.floods ? judgeTiedVisit(visit.row.invalid, visit.row.received_at, click, v.thresholds) : visit.row.invalid;
    return { ...visit.row, ...tie, invalid };
  });
  await store.insertVisitEvents(tx, engine, visitRows);
  await store.insertRejects(tx, engine, s.rejects);
  const acc = new RollupAccumulator();
  for (const e of s.pings) {
    if (e.dup !== 0) continue;
    const valid = counts(e);
    acc.add(
      e.received_at,
      { pageid: e.pageid, customerid: e.customerid, adv: e.adv, aid: e.aid },
      e.kind === 'click' ? (valid ? { clicks: 1 } : { invalid_clicks: 1 }) : valid ? { shows: 1 } : { invalid_shows: 1 },
    );
  }
  for (const r of visitRows)
    acc.add(
      r.received_at,
      { pageid: r.pageid, customerid: r.customerid, adv: r.adv, aid: r.aid },
      r.invalid ? { invalid_visits: 1 } : { visits: 1 },
    );
  const rollups = acc.rows();
  await store.addRollups(tx, rollups.hourly, rollups.daily);
}

/** A slice read and parsed, ready to write: the marks it moves from and to, and whether rows remain after it. */
interface PreparedSlice {
  marks: Ids;
  next: Ids;
  more: boolean;
  parsed: ParsedSlice;
  rows: { monitor: number; visits: number };
  verdict: Verdicts;
}

/** Read and parse the slice after `marks` (at most `limit` pings and `limit` visits); no transaction. */
async function prepareSlice(db: Db, engine: Engine, limit: number, pos: RunPosition, marks: Ids): Promise<PreparedSlice> {
  // The ceilings are read again once either table reached them (on PostgreSQL that waits for the raw batches in flight).
  let ceilings = pos.ceilings;
  if (!ceilings || ceilings.monitor_raw <= marks.monitor_raw || ceilings.landing_visits <= marks.landing_visits) {
    ceilings = pos.ceilings = await committedCeilings(db, engine);
  }
  const [pings, visits] = await Promise.all([
    pingsAfter(db, marks.monitor_raw, ceilings.monitor_raw, limit),
    visitsAfter(db, marks.landing_visits, ceilings.landing_visits, limit),
  ]);
  // A short read reached the ceiling; a full one stops at its last row.
  const next: Ids = {
    monitor_raw: pings.length === limit ? Number(pings[limit - 1]?.id) : Math.max(marks.monitor_raw, ceilings.monitor_raw),
    landing_visits: visits.length === limit ? Number(visits[limit - 1]?.id) : Math.max(marks.landing_visits, ceilings.landing_visits),
  };
  // Rows the version before the high-water mark already processed (migration 0045) are passed over.
  const rawPings = pings.filter((r) => Number(r.processed) === 0);
  const rawVisits = visits.filter((r) => Number(r.processed) === 0);
  const pageids = [...new Set([...rawPings, ...rawVisits].map((r) => r.pageid).filter(isPageId))];
  const links = pageids.length ? await linkFactsByPageId(db, pageids) : new Map();
  await nextTurn();
  pos.verdict ??= verdictsFor(db);
  const parsed = parseSlice(rawPings, rawVisits, links, pos.verdict.floods, pos.verdict.region);
  await nextTurn();
  const more = pings.length === limit || visits.length === limit;
  return { marks, next, more, parsed, rows: { monitor: rawPings.length, visits: rawVisits.length }, verdict: pos.verdict };
}

const moves = (p: PreparedSlice) => p.next.monitor_raw !== p.marks.monitor_raw || p.next.landing_visits !== p.marks.landing_visits;

/** Write a prepared slice in one transaction; false when another node moved the marks first (nothing written). */
async function writePrepared(db: Db, engine: Engine, p: PreparedSlice, now: number): Promise<boolean> {
  if (!moves(p)) return true;
  return db.transaction().execute(async (tx) => {
    if (!(await advanceMarks(tx, p.marks, p.next, now))) return false;
    await noJitInTransaction(tx, engine); // short lookups over large tables (db/dialect.ts)
    await writeSlice(tx, engine, p.parsed, p.verdict);
    return true;
  });
}

/** One slice of at most `limit` pings and `limit` visits, read, parsed and written. */
export async function processSlice(db: Db, engine: Engine, limit: number, pos: RunPosition, now: number): Promise<SliceOutcome> {
  const p = await prepareSlice(db, engine, limit, pos, await readMarks(db));
  if (!(await writePrepared(db, engine, p, now))) return { monitor: 0, visits: 0, rejects: 0, more: true };
  return { ...p.rows, rejects: p.parsed.rejects.length, more: p.more };
}

export interface ProcessOptions {
  /** Rows per slice and raw table, asked before every slice (default 2 000). */
  slice?: () => number;
  /** Runs between slices (the job yields to ingestion there). */
  pause?: () => Promise<void>;
  /** Aborted: the loop ends after the current slice. */
  signal?: AbortSignal;
  /** `performance.now()` after which no new slice starts (the bounded shutdown drain). */
  until?: number;
  /** Epoch seconds, for the marks' `updated_at` (the deps clock). */
  now?: () => number;
  /** After each slice that wrote something. */
  onSlice?: (r: SliceOutcome) => void | Promise<void>;
  /**
   * Other verdict thresholds, with flood windows of their own for this run (tests); default verdict/config.ts.
   * `false`: no verdicts — every row valid, the same rows written (bench/tracking-drain.ts measures their cost with
   * it; never set by the product).
   */
  verdict?: VerdictThresholds | false;
  /** The operator's IP region database (`deps.ipRegion`, IP_REGION_DB): device IPs outside its countries are `foreign_ip`. */
  region?: IpRegion | null;
}

/**
 * Run until nothing is left, the signal aborts or `until` passes (the processor job, the shutdown drain, tests).
 * While a slice is written the next one is read and parsed: on PostgreSQL the database writes one slice on its own
 * core while this process parses the next (on SQLite the read waits for the write: one connection).
 */
export async function processAll(db: Db, engine: Engine, opts: ProcessOptions = {}): Promise<RunResult> {
  const total: RunResult = { monitor: 0, visits: 0, rejects: 0 };
  const pos: RunPosition = { ceilings: null, verdict: verdictsFor(db, opts.verdict, opts.region) };
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const limit = () => opts.slice?.() ?? 2000;
  let prepared: Promise<PreparedSlice> | null = null;
  for (;;) {
    if (opts.pause) await opts.pause();
    if (opts.signal?.aborted || (opts.until !== undefined && performance.now() >= opts.until)) {
      await prepared?.catch(() => {});
      return total;
    }
    const p: PreparedSlice = await (prepared ?? prepareSlice(db, engine, limit(), pos, await readMarks(db)));
    prepared = null;
    const writing = writePrepared(db, engine, p, now());
    // the next slice starts where this one ends, read while this one is written
    const following = p.more ? prepareSlice(db, engine, limit(), pos, p.next) : null;
    following?.catch(() => {}); // awaited below; a failure there surfaces then
    if (!(await writing)) {
      await following?.catch(() => {});
      continue; // another node moved the marks: read them again
    }
    const r: SliceOutcome = { ...p.rows, rejects: p.parsed.rejects.length, more: p.more };
    total.monitor += r.monitor;
    total.visits += r.visits;
    total.rejects += r.rejects;
    if (opts.onSlice && moves(p)) await opts.onSlice(r);
    if (!following) return total;
    prepared = following;
  }
}
