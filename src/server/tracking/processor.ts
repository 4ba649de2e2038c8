/**
 * Off the hot path: read unprocessed raw rows in id order, parse and validate them, write parsed events,
 * rejects (with a reason) and rollups, and mark the raw rows processed — all in one transaction per run,
 * so a crash mid-run redoes the whole run and nothing is counted twice. Never throws on bad input.
 */
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../kernel/executor.ts';
import type { Engine } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { LandingVisitsTable, MonitorEventsTable, MonitorRawTable, MonitorRejectsTable, VisitEventsTable } from './tables.ts';
import { clickKey, isPageId, LIMITS, parsePing, parseVisit, PingReject } from './parse.ts';
import { RollupAccumulator } from './rollup.ts';
import type { Deps } from '../deps.ts';
import { log, errorFields } from '../kernel/log.ts';

interface LinkFacts {
  customerid: number;
  state: number;
  deleted_at: number | null;
}

export interface RunResult {
  monitor: number;
  visits: number;
  rejects: number;
}

const chunks = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** Serialise processors of several app nodes on one PostgreSQL (SQLite has one writer anyway). */
async function lockProcessor(trx: Transaction<Database>, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(74020001)`.execute(trx);
}

async function loadLinks(trx: Transaction<Database>, pageids: string[]): Promise<Map<string, LinkFacts>> {
  const map = new Map<string, LinkFacts>();
  for (const part of chunks(pageids, 500)) {
    const rows = await trx.selectFrom('links').select(['pageid', 'customerid', 'state', 'deleted_at']).where('pageid', 'in', part).execute();
    for (const r of rows) map.set(r.pageid, { customerid: Number(r.customerid), state: Number(r.state), deleted_at: r.deleted_at });
  }
  return map;
}

function checkPage(pageid: string, links: Map<string, LinkFacts>): LinkFacts {
  if (!isPageId(pageid)) throw new PingReject('bad_pageid', pageid.slice(0, 32));
  const link = links.get(pageid);
  if (!link) throw new PingReject('unknown_page');
  if (link.deleted_at) throw new PingReject('deleted_page');
  return link;
}

/** One processing run of at most `limit` monitor rows and `limit` visit rows. */
export async function processOnce(db: Db, engine: Engine, limit = 2000): Promise<RunResult> {
  return db.transaction().execute(async (trx) => {
    await lockProcessor(trx, engine);
    const raw: Array<Selectable<MonitorRawTable>> = await trx.selectFrom('monitor_raw').selectAll().where('processed', '=', 0).orderBy('id').limit(limit).execute();
    const visits: Array<Selectable<LandingVisitsTable>> = await trx.selectFrom('landing_visits').selectAll().where('processed', '=', 0).orderBy('id').limit(limit).execute();
    if (raw.length === 0 && visits.length === 0) return { monitor: 0, visits: 0, rejects: 0 };

    const pageids = [...new Set([...raw, ...visits].map((r) => r.pageid).filter(isPageId))];
    const links = await loadLinks(trx, pageids);
    const acc = new RollupAccumulator();
    const rejects: Array<Insertable<MonitorRejectsTable>> = [];
    const reject = (source: 'monitor' | 'visit', r: { id: number; pageid: string; received_at: number }, kind: string, err: unknown) => {
      const e = err instanceof PingReject ? err : new PingReject('malformed', String((err as Error)?.message ?? err).slice(0, 200));
      rejects.push({ source, raw_id: Number(r.id), kind, pageid: r.pageid.slice(0, LIMITS.pageid), reason: e.reason, detail: e.detail.slice(0, 200), received_at: Number(r.received_at) });
    };

    // Monitor pings → events.
    const events: Array<Insertable<MonitorEventsTable> & { key: string; dup: number; received_at: number; customerid: number; adv: string; aid: string }> = [];
    for (const r of raw) {
      const kind = r.kind === 'c' ? 'click' : 'show';
      try {
        const link = checkPage(r.pageid, links);
        if (r.ua.length > LIMITS.ua) throw new PingReject('ua_too_long', `${r.ua.length} chars`);
        const p = parsePing(kind, r.query, link.state);
        const received = Number(r.received_at);
        // Platform time is kept when plausible (not in the future, not older than 7 days); buckets always use received_at.
        const ts = p.ts && p.ts <= received + 300 && p.ts >= received - 7 * 86400 ? p.ts : received;
        events.push({
          raw_id: Number(r.id),
          pageid: r.pageid,
          customerid: link.customerid,
          kind,
          channel: p.channel,
          adv: p.adv,
          camp: p.camp,
          aid: p.aid,
          cid: p.cid,
          clickid: p.clickid,
          callback: p.callback,
          os: p.os,
          ip: (p.ip || r.ip).slice(0, 64),
          ua: (p.ua || r.ua).slice(0, LIMITS.ua),
          ts,
          received_at: received,
          dup: 0,
          key: kind === 'click' ? clickKey(p) : '',
        });
      } catch (err) {
        reject('monitor', r, kind, err);
      }
    }

    // Dedupe clicks by (pageid, click key): against earlier runs (click_keys) and within this run.
    const keyed = events.filter((e) => e.key);
    if (keyed.length > 0) {
      const seen = new Set<string>();
      for (const part of chunks([...new Set(keyed.map((e) => e.key))], 500)) {
        const rows = await trx.selectFrom('click_keys').select(['pageid', 'key']).where('key', 'in', part).execute();
        for (const row of rows) seen.add(`${row.pageid}\n${row.key}`);
      }
      const fresh: Array<{ pageid: string; key: string; first_at: number }> = [];
      for (const e of keyed) {
        const k = `${e.pageid}\n${e.key}`;
        if (seen.has(k)) e.dup = 1;
        else {
          seen.add(k);
          fresh.push({ pageid: e.pageid, key: e.key, first_at: e.received_at });
        }
      }
      for (const part of chunks(fresh, 300)) await trx.insertInto('click_keys').values(part).onConflict((oc) => oc.doNothing()).execute();
    }
    for (const e of events) {
      if (e.dup) continue;
      acc.add(e.received_at, { pageid: e.pageid, customerid: e.customerid, adv: e.adv, aid: e.aid }, e.kind === 'click' ? { clicks: 1 } : { shows: 1 });
    }
    for (const part of chunks(events, 200)) await trx.insertInto('monitor_events').values(part.map(({ key: _k, ...row }) => row)).execute();

    // Landing visits → visit events; a click id seen on a monitor click attributes the visit to that click's advertiser and ad.
    const visitRows: Array<Insertable<VisitEventsTable> & { customerid: number; received_at: number; clickid: string }> = [];
    for (const r of visits) {
      try {
        const link = checkPage(r.pageid, links);
        const v = parseVisit(r.query);
        visitRows.push({ raw_id: Number(r.id), pageid: r.pageid, customerid: link.customerid, click_param: v.click_param, clickid: v.clickid, ip: r.ip.slice(0, 64), ua: r.ua.slice(0, LIMITS.ua), received_at: Number(r.received_at) });
      } catch (err) {
        reject('visit', r, 'visit', err);
      }
    }
    const attribution = new Map<string, { adv: string; aid: string }>();
    const clickids = [...new Set(visitRows.map((v) => v.clickid).filter(Boolean))];
    for (const part of chunks(clickids, 500)) {
      const rows = await trx.selectFrom('monitor_events').select(['pageid', 'clickid', 'adv', 'aid']).where('kind', '=', 'click').where('clickid', 'in', part).execute();
      for (const row of rows) attribution.set(`${row.pageid}\n${row.clickid}`, { adv: row.adv, aid: row.aid });
    }
    for (const e of events) if (e.kind === 'click' && e.clickid) attribution.set(`${e.pageid}\n${e.clickid}`, { adv: e.adv, aid: e.aid });
    for (const v of visitRows) {
      const a = (v.clickid && attribution.get(`${v.pageid}\n${v.clickid}`)) || { adv: '', aid: '' };
      acc.add(v.received_at, { pageid: v.pageid, customerid: v.customerid, adv: a.adv, aid: a.aid }, { visits: 1 });
    }
    for (const part of chunks(visitRows, 300)) await trx.insertInto('visit_events').values(part).execute();

    for (const part of chunks(rejects, 300)) await trx.insertInto('monitor_rejects').values(part).execute();
    await acc.write(trx);
    for (const part of chunks(raw.map((r) => r.id), 900)) await trx.updateTable('monitor_raw').set({ processed: 1 }).where('id', 'in', part).execute();
    for (const part of chunks(visits.map((r) => r.id), 900)) await trx.updateTable('landing_visits').set({ processed: 1 }).where('id', 'in', part).execute();
    return { monitor: raw.length, visits: visits.length, rejects: rejects.length };
  });
}

/** Run until nothing is left (tests, shutdown). `pause` runs between slices (the server yields to ingestion there). */
export async function processAll(db: Db, engine: Engine, limit = 2000, pause?: () => Promise<void>): Promise<RunResult> {
  const total: RunResult = { monitor: 0, visits: 0, rejects: 0 };
  for (;;) {
    if (pause) await pause();
    const r = await processOnce(db, engine, limit);
    total.monitor += r.monitor;
    total.visits += r.visits;
    total.rejects += r.rejects;
    if (r.monitor < limit && r.visits < limit) return total;
  }
}

export interface ProcessorOptions {
  intervalMs: number;
  /** Rows per transaction in the background (small: a slice holds the database for a few ms). */
  slice: number;
  /** Rows the event batch has committed so far: while it grows fast, ingestion has priority. */
  ingested?: () => number;
  /** Ingestion rate (rows/s) above which the processor backs off between slices… */
  busyRate: number;
  /** …unless this many raw rows are waiting (bounded lag). */
  maxLag: number;
}

const defaults: ProcessorOptions = { intervalMs: 500, slice: 500, busyRate: 2000, maxLag: 200_000 };

/**
 * The background processor: every `intervalMs`, and a final drain on shutdown (after the batch writer
 * flushed). Parsing is kept off the hot path in time as well: between slices it yields to the event loop,
 * and while pings arrive faster than `busyRate` it waits (up to the lag bound), so acknowledgements stay fast
 * under bursts and the processor catches up afterwards. Lag is exported as a gauge.
 */
export function startProcessor(deps: Pick<Deps, 'db' | 'engine' | 'lifecycle' | 'metrics'>, options: Partial<ProcessorOptions> = {}): { stop(): Promise<void>; lag(): number } {
  const { db, engine } = deps;
  const o = { ...defaults, ...options };
  let running: Promise<unknown> | null = null;
  let backlog = 0;
  let stopped = false;
  deps.metrics.registerGauge('tracking_processor_backlog_rows', () => backlog);
  let lastCount = o.ingested?.() ?? 0;
  let lastAt = performance.now();
  const pause = async () => {
    await new Promise((r) => setImmediate(r));
    if (!o.ingested) return;
    for (let waited = 0; !stopped && waited < 10_000; waited += 50) {
      const now = performance.now();
      const count = o.ingested();
      const rate = ((count - lastCount) / Math.max(1, now - lastAt)) * 1000;
      lastCount = count;
      lastAt = now;
      if (rate < o.busyRate || backlog > o.maxLag) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      const todo = await db.selectFrom('monitor_raw').select((eb) => eb.fn.countAll<number>().as('n')).where('processed', '=', 0).executeTakeFirst();
      backlog = Number(todo?.n ?? 0);
      if (backlog === 0) return;
      await processAll(db, engine, o.slice, pause);
    })()
      .catch((err) => log.error('tracking processor failed', errorFields(err)))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, o.intervalMs);
  timer.unref();
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    if (running) await running;
    await processAll(db, engine).catch((err) => log.error('tracking processor final run failed', errorFields(err)));
  };
  deps.lifecycle.onShutdown('tracking-processor', stop);
  return { stop, lag: () => backlog };
}
