/**
 * Off the hot path: read unprocessed raw rows in id order, parse and validate them, write parsed events,
 * rejects (with a reason) and rollups, and mark the raw rows processed — all in one transaction per run,
 * so a crash mid-run redoes the whole run and nothing is counted twice. Never throws on bad input.
 */
import type { Insertable } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Db } from '../kernel/executor.ts';
import { linkFactsByPageId } from '../links/lookup.ts';
import { clickKey, isPageId, LIMITS, PingReject, parsePing, parseVisit } from './parse.ts';
import { RollupAccumulator } from './rollup.ts';
import * as store from './store.ts';
import type { MonitorEventsTable, MonitorRejectsTable, VisitEventsTable } from './tables.ts';
import { tieVisits, type VisitToTie } from './visit-ties.ts';

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
    await store.lockProcessor(trx, engine);
    const raw = await store.unprocessedPings(trx, limit);
    const visits = await store.unprocessedVisits(trx, limit);
    if (raw.length === 0 && visits.length === 0) return { monitor: 0, visits: 0, rejects: 0 };

    const pageids = [...new Set([...raw, ...visits].map((r) => r.pageid).filter(isPageId))];
    const links = await linkFactsByPageId(trx, pageids);
    const acc = new RollupAccumulator();
    const rejects: Array<Insertable<MonitorRejectsTable>> = [];
    const reject = (source: 'monitor' | 'visit', r: { id: number; pageid: string; received_at: number }, kind: string, err: unknown) => {
      const e = err instanceof PingReject ? err : new PingReject('malformed', String((err as Error)?.message ?? err).slice(0, 200));
      rejects.push({
        source,
        raw_id: Number(r.id),
        kind,
        pageid: r.pageid.slice(0, LIMITS.pageid),
        reason: e.reason,
        detail: e.detail.slice(0, 200),
        received_at: Number(r.received_at),
      });
    };

    // Monitor pings → events.
    const events: Array<
      Insertable<MonitorEventsTable> & { key: string; dup: number; received_at: number; customerid: number; adv: string; aid: string }
    > = [];
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
      const seen = await store.seenClickKeys(trx, [...new Set(keyed.map((e) => e.key))]);
      const fresh: Array<{ pageid: string; key: string; first_at: number }> = [];
      for (const e of keyed) {
        const k = `${e.pageid}\n${e.key}`;
        if (seen.has(k)) e.dup = 1;
        else {
          seen.add(k);
          fresh.push({ pageid: e.pageid, key: e.key, first_at: e.received_at });
        }
      }
      await store.insertClickKeys(trx, fresh);
    }
    for (const e of events) {
      if (e.dup) continue;
      acc.add(
        e.received_at,
        { pageid: e.pageid, customerid: e.customerid, adv: e.adv, aid: e.aid },
        e.kind === 'click' ? { clicks: 1 } : { shows: 1 },
      );
    }
    await store.insertPingEvents(
      trx,
      events.map(({ key: _k, ...row }) => row),
    );

    // Landing visits → visit events, each tied to its ad click (visit-ties.ts) and counted under that click's ad.
    const parsed: Array<{ row: Insertable<VisitEventsTable>; tie: VisitToTie; customerid: number }> = [];
    for (const r of visits) {
      try {
        const link = checkPage(r.pageid, links);
        const v = parseVisit(r.query);
        const row = {
          raw_id: Number(r.id),
          pageid: r.pageid,
          customerid: link.customerid,
          click_param: v.click_param,
          clickid: v.clickid,
          ip: r.ip.slice(0, 64),
          ua: r.ua.slice(0, LIMITS.ua),
          received_at: Number(r.received_at),
        };
        parsed.push({
          row,
          customerid: link.customerid,
          tie: { ...v, pageid: r.pageid, channel: link.state, ua: row.ua, received_at: row.received_at },
        });
      } catch (err) {
        reject('visit', r, 'visit', err);
      }
    }
    const ties = await tieVisits(
      trx,
      parsed.map((p) => p.tie),
    );
    const visitRows = parsed.map((p, i) => ({ ...p.row, ...ties[i]! }));
    for (const v of visitRows) {
      acc.add(v.received_at, { pageid: v.pageid, customerid: v.customerid, adv: v.adv, aid: v.aid }, { visits: 1 });
    }
    await store.insertVisitEvents(trx, visitRows);
    await store.insertRejects(trx, rejects);
    const rollups = acc.rows();
    await store.addRollups(trx, rollups.hourly, rollups.daily);
    await store.markProcessed(
      trx,
      'monitor_raw',
      raw.map((r) => Number(r.id)),
    );
    await store.markProcessed(
      trx,
      'landing_visits',
      visits.map((r) => Number(r.id)),
    );
    return { monitor: raw.length, visits: visits.length, rejects: rejects.length };
  });
}

/**
 * Run until nothing is left (the processor job, the shutdown drain, tests). `pause` runs between slices (the
 * job yields to ingestion there); an aborted `signal` ends the loop after the current slice.
 */
export async function processAll(
  db: Db,
  engine: Engine,
  limit = 2000,
  pause?: () => Promise<void>,
  signal?: AbortSignal,
): Promise<RunResult> {
  const total: RunResult = { monitor: 0, visits: 0, rejects: 0 };
  for (;;) {
    if (pause) await pause();
    if (signal?.aborted) return total;
    const r = await processOnce(db, engine, limit);
    total.monitor += r.monitor;
    total.visits += r.visits;
    total.rejects += r.rejects;
    if (r.monitor < limit && r.visits < limit) return total;
  }
}
