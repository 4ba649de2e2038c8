/**
 * The tracking feature's read API for order attribution and its explanation: landing visits (with the ad click
 * each is tied to, tracking/visit-ties.ts) and ad clicks with the ids their macros carried. Other features read
 * tracking data through these functions, never through the tracking store.
 */
import type { Selectable } from 'kysely';
import { chunks } from '../../shared/chunks.ts';
import type { Executor } from '../kernel/executor.ts';
import type { MonitorEventsTable, VisitEventsTable } from './tables.ts';

export type VisitFacts = Selectable<VisitEventsTable>;
export type ClickFacts = Selectable<MonitorEventsTable>;

const numbers = <T extends { id: number; received_at: number }>(r: T): T => ({
  ...r,
  id: Number(r.id),
  received_at: Number(r.received_at),
});

/**
 * The latest landing visit of `pageid` at or before `at`, not older than `windowSeconds`; null when none. `valid`:
 * only visits the processor judged valid (invalid traffic is never an order's evidence, tracking/verdict/).
 */
export async function nearestVisit(
  db: Executor,
  pageid: string,
  at: number,
  windowSeconds: number,
  valid = false,
): Promise<VisitFacts | null> {
  const r = await db
    .selectFrom('visit_events')
    .selectAll()
    .where('pageid', '=', pageid)
    .where('received_at', '<=', at)
    .where('received_at', '>=', at - windowSeconds)
    .$if(valid, (q) => q.where('invalid', '=', ''))
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? { ...numbers(r), click_event_id: Number(r.click_event_id) } : null;
}

/**
 * The visits of these links in [from, to], oldest first, at most `limit` (the caller falls back to `nearestVisit`
 * per order when the limit is reached): one query for all the orders of a sync page.
 */
export async function visitsBetween(db: Executor, pageids: string[], from: number, to: number, limit: number): Promise<VisitFacts[]> {
  const out: VisitFacts[] = [];
  for (const part of chunks(pageids, 500)) {
    const rows = await db
      .selectFrom('visit_events')
      .selectAll()
      .where('pageid', 'in', part)
      .where('received_at', '>=', from)
      .where('received_at', '<=', to)
      .orderBy('received_at')
      .orderBy('id')
      .limit(limit - out.length)
      .execute();
    out.push(...rows.map((r) => ({ ...numbers(r), click_event_id: Number(r.click_event_id) })));
    if (out.length >= limit) break;
  }
  return out;
}

/** Visits that carried one of these click ids (a union that returns the ad's click id, e.g. UD's syn_click_id). */
export async function visitsByClickIds(db: Executor, clickids: string[]): Promise<VisitFacts[]> {
  const out: VisitFacts[] = [];
  for (const part of chunks([...new Set(clickids.filter(Boolean))], 500)) {
    const rows = await db.selectFrom('visit_events').selectAll().where('clickid', 'in', part).execute();
    out.push(...rows.map((r) => ({ ...numbers(r), click_event_id: Number(r.click_event_id) })));
  }
  return out;
}

export async function clicksByIds(db: Executor, ids: number[]): Promise<ClickFacts[]> {
  const out: ClickFacts[] = [];
  for (const part of chunks([...new Set(ids.filter((i) => i > 0))], 500)) {
    out.push(...(await db.selectFrom('monitor_events').selectAll().where('id', 'in', part).execute()).map(numbers));
  }
  return out;
}

export async function visitsByIds(db: Executor, ids: number[]): Promise<VisitFacts[]> {
  const out: VisitFacts[] = [];
  for (const part of chunks([...new Set(ids.filter((i) => i > 0))], 500)) {
    const rows = await db.selectFrom('visit_events').selectAll().where('id', 'in', part).execute();
    out.push(...rows.map((r) => ({ ...numbers(r), click_event_id: Number(r.click_event_id) })));
  }
  return out;
}

/** What our monitor did with the click pings of a link in [from, to) (received time): the link traffic's reasons. */
export interface ClickQuality {
  /** Click pings received (counted or not). */
  received: number;
  /** Repeated clicks (the same click id or callback seen before): stored, not counted. */
  duplicates: number;
  /** Clicks whose macros the platform left unfilled: no click id, callback, advertiser or plan id. */
  unfilled: number;
  /** Clicks (not repeated) the processor judged invalid traffic, per reason (tracking/verdict/), largest first. */
  invalid: Array<{ reason: string; count: number }>;
}

/** Click pings of one link in [from, to): read by the (pageid, received_at) index of the events, one link at a time. */
export async function clickQuality(db: Executor, pageid: string, from: number, to: number): Promise<ClickQuality> {
  const r = await db
    .selectFrom('monitor_events')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('dup').as('dup'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('clickid', '=', ''), eb('callback', '=', ''), eb('adv', '=', ''), eb('aid', '=', '')]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('unfilled'),
    ])
    .where('pageid', '=', pageid)
    .where('received_at', '>=', from)
    .where('received_at', '<', to)
    .where('kind', '=', 'click')
    .executeTakeFirst();
  const invalid = await db
    .selectFrom('monitor_events')
    .select((eb) => ['invalid', eb.fn.countAll<number>().as('n')])
    .where('pageid', '=', pageid)
    .where('received_at', '>=', from)
    .where('received_at', '<', to)
    .where('kind', '=', 'click')
    .where('dup', '=', 0)
    .where('invalid', '!=', '')
    .groupBy('invalid')
    .execute();
  return {
    received: Number(r?.n ?? 0),
    duplicates: Number(r?.dup ?? 0),
    unfilled: Number(r?.unfilled ?? 0),
    invalid: invalid.map((x) => ({ reason: x.invalid, count: Number(x.n) })).sort((a, b) => b.count - a.count),
  };
}

/** A plan's clicks our monitor received and judged (de-duplicated): valid, invalid, and the invalid ones by reason. */
export interface PlanClickQuality {
  valid: number;
  invalid: number;
  /** Most first. */
  reasons: Array<{ reason: string; count: number }>;
}

/**
 * Per plan (`channel:aid`) of `plans`, its counted clicks and the invalid ones by reason over [from, to): the
 * promotion list's invalid share (docs/api-tracking.md "Invalid traffic"). Read like `clickQuality` (the link
 * detail's reasons) from the click events, narrowed to the plans' links (the events' page index) and the caller's
 * customers; plans with no monitored click are absent.
 */
export async function planClickQuality(
  db: Executor,
  q: { customers: readonly number[] | null; pageids: readonly string[]; plans: ReadonlyArray<{ channel: number; aid: string }> },
  from: number,
  to: number,
): Promise<Map<string, PlanClickQuality>> {
  const out = new Map<string, PlanClickQuality>();
  if (q.pageids.length === 0 || q.plans.length === 0 || q.customers?.length === 0) return out;
  const sel = countedClicks(db, q, from, to)
    .select((eb) => ['channel', 'aid', 'invalid', eb.fn.countAll<number>().as('n')])
    .where('aid', 'in', [...new Set(q.plans.map((p) => p.aid))]);
  const wanted = new Set(q.plans.map((p) => `${p.channel}:${p.aid}`));
  for (const r of await sel.groupBy(['channel', 'aid', 'invalid']).execute()) {
    const key = `${Number(r.channel)}:${r.aid}`;
    if (!wanted.has(key)) continue;
    const e = out.get(key) ?? { valid: 0, invalid: 0, reasons: [] };
    const n = Number(r.n);
    if (r.invalid) {
      e.invalid += n;
      e.reasons.push({ reason: r.invalid, count: n });
    } else e.valid += n;
    out.set(key, e);
  }
  for (const e of out.values()) e.reasons.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return out;
}

/**
 * The counted (not repeated) click events of some links over [from, to) received, narrowed to the caller's customers:
 * the one rule behind every per-reason breakdown (plan rows and detail, the link list).
 */
function countedClicks(db: Executor, q: { customers: readonly number[] | null; pageids: readonly string[] }, from: number, to: number) {
  let sel = db
    .selectFrom('monitor_events')
    .where('pageid', 'in', [...q.pageids])
    .where('received_at', '>=', from)
    .where('received_at', '<', to)
    .where('kind', '=', 'click')
    .where('dup', '=', 0);
  if (q.customers) sel = sel.where('customerid', 'in', [...q.customers]);
  return sel;
}

/**
 * Per link of `pageids`, its invalid clicks by reason over [from, to), most first (ties by reason): the link list's
 * breakdown of its invalid share, read as the plans' (`planClickQuality`). Links without an invalid click are absent.
 */
export async function linkInvalidReasons(
  db: Executor,
  q: { customers: readonly number[] | null; pageids: readonly string[] },
  from: number,
  to: number,
): Promise<Map<string, Array<{ reason: string; count: number }>>> {
  const out = new Map<string, Array<{ reason: string; count: number }>>();
  if (q.pageids.length === 0 || q.customers?.length === 0) return out;
  const rows = await countedClicks(db, q, from, to)
    .select((eb) => ['pageid', 'invalid', eb.fn.countAll<number>().as('n')])
    .where('invalid', '!=', '')
    .groupBy(['pageid', 'invalid'])
    .execute();
  for (const r of rows) {
    const list = out.get(r.pageid) ?? [];
    list.push({ reason: r.invalid, count: Number(r.n) });
    out.set(r.pageid, list);
  }
  for (const list of out.values()) list.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return out;
}
