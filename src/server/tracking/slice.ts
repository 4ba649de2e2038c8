/**
 * One processor slice in memory: raw pings and visits parsed and validated into the rows the processor writes, and
 * the refused ones as rejects with a reason. Pure (no database): the processor reads the raw rows and the links,
 * calls `parseSlice` outside its write transaction, then de-duplicates, ties, counts and writes (processor.ts).
 */
import type { Insertable } from 'kysely';
import { clickKey, isPageId, LIMITS, PingReject, parsePingQuery, parseVisitQuery } from './parse.ts';
import type { MonitorEventsTable, MonitorRejectsTable, VisitEventsTable } from './tables.ts';
import { DEFAULT_THRESHOLDS } from './verdict/config.ts';
import { type FloodWindows, floodWindows } from './verdict/flood.ts';
import { judgePing, judgeVisit, type PingToJudge, pingFlood, type Verdict, visitFlood } from './verdict/judge.ts';
import type { IpRegion } from './verdict/region.ts';
import { pingSignals, visitSignals } from './verdict/signals.ts';
import type { VisitToTie } from './visit-ties.ts';

export interface LinkFacts {
  customerid: number;
  state: number;
  deleted_at: number | null;
}

/** A raw row as read (PostgreSQL's int8 may come back as a string: ids and times are read with Number). */
export interface RawPing {
  id: number | string;
  kind: string;
  pageid: string;
  query: string;
  ip: string;
  ua: string;
  received_at: number | string;
}
export type RawVisit = Omit<RawPing, 'kind'>;

/** A parsed ping: its event row, its click key ('' = none) and whether it counts (`dup` 0 and `invalid` ''). */
export type PingEvent = Insertable<MonitorEventsTable> & {
  pageid: string;
  customerid: number;
  kind: 'click' | 'show';
  adv: string;
  aid: string;
  received_at: number;
  dup: number;
  /** The invalid-traffic verdict ('' = valid): verdict/judge.ts. */
  invalid: Verdict;
  key: string;
};

export interface ParsedVisitRow {
  row: Insertable<VisitEventsTable> & { received_at: number; pageid: string; customerid: number; invalid: Verdict };
  tie: VisitToTie;
}

export interface ParsedSlice {
  pings: PingEvent[];
  visits: ParsedVisitRow[];
  rejects: Array<Insertable<MonitorRejectsTable>>;
}

function checkPage(pageid: string, links: Map<string, LinkFacts>): LinkFacts {
  if (!isPageId(pageid)) throw new PingReject('bad_pageid', pageid.slice(0, 32));
  const link = links.get(pageid);
  if (!link) throw new PingReject('unknown_page');
  if (link.deleted_at) throw new PingReject('deleted_page');
  return link;
}

/**
 * Parse and judge a slice. `floods` are the processor's sliding windows (they outlive the slice); a slice parsed on
 * its own gets fresh ones with the default thresholds; null judges nothing (every row valid: the processor's
 * verdicts-off option, for benchmarks). `region`: the operator's IP region database (verdict/region.ts), null when none.
 */
export function parseSlice(
  pings: RawPing[],
  visits: RawVisit[],
  links: Map<string, LinkFacts>,
  floods: FloodWindows | null = floodWindows(DEFAULT_THRESHOLDS),
  region: IpRegion | null = null,
): ParsedSlice {
  const out: ParsedSlice = { pings: [], visits: [], rejects: [] };
  const reject = (source: 'monitor' | 'visit', r: RawVisit, kind: string, err: unknown) => {
    const e = err instanceof PingReject ? err : new PingReject('malformed', String((err as Error)?.message ?? err).slice(0, 200));
    out.rejects.push({
      source,
      raw_id: Number(r.id),
      kind,
      pageid: r.pageid.slice(0, LIMITS.pageid),
      reason: e.reason,
      detail: e.detail.slice(0, 200),
      received_at: Number(r.received_at),
    });
  };
  for (const r of pings) {
    const kind = r.kind === 'c' ? 'click' : 'show';
    try {
      const link = checkPage(r.pageid, links);
      if (r.ua.length > LIMITS.ua) throw new PingReject('ua_too_long', `${r.ua.length} chars`);
      const { ping: p, params } = parsePingQuery(kind, r.query, link.state);
      const received = Number(r.received_at);
      const key = kind === 'click' ? clickKey(p) : '';
      let invalid: Verdict = '';
      if (floods) {
        const toJudge: PingToJudge = {
          kind,
          pageid: r.pageid,
          received_at: received,
          key,
          deviceIp: p.ip,
          deviceUa: p.ua,
          signals: pingSignals(params),
        };
        // a row judged before (its slice's write failed) keeps its flood verdict: it is not counted in the windows twice
        invalid = judgePing(
          toJudge,
          floods,
          floods.replay.flood('monitor', Number(r.id), () => pingFlood(toJudge, floods)),
          region,
        );
      }
      // Platform time is kept when plausible (not in the future, not older than 7 days); buckets always use received_at.
      const ts = p.ts && p.ts <= received + 300 && p.ts >= received - 7 * 86400 ? p.ts : received;
      out.pings.push({
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
        invalid,
        key,
      });
    } catch (err) {
      reject('monitor', r, kind, err);
    }
  }
  for (const r of visits) {
    try {
      const link = checkPage(r.pageid, links);
      const { visit: v, params } = parseVisitQuery(r.query);
      const ip = r.ip.slice(0, 64);
      const ua = r.ua.slice(0, LIMITS.ua);
      const received = Number(r.received_at);
      let invalid: Verdict = '';
      if (floods) {
        const toJudge = { ip, ua, received_at: received, signals: visitSignals(params) };
        invalid = judgeVisit(
          toJudge,
          floods,
          floods.replay.flood('visit', Number(r.id), () => visitFlood(toJudge, floods)),
          region,
        );
      }
      const row = {
        raw_id: Number(r.id),
        pageid: r.pageid,
        customerid: link.customerid,
        click_param: v.click_param,
        clickid: v.clickid,
        ip,
        ua,
        received_at: received,
        invalid,
      };
      out.visits.push({ row, tie: { ...v, pageid: r.pageid, channel: link.state, ua: row.ua, received_at: row.received_at } });
    } catch (err) {
      reject('visit', r, 'visit', err);
    }
  }
  return out;
}
