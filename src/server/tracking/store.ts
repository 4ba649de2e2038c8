/**
 * The tracking store: the queries of the tracking feature (raw write-ahead rows, parsed events, click keys,
 * rejects, rollups; the processor's position is progress.ts). Bulk writes of the processor go through `insertRows`
 * (db/dialect.ts: one JSON value on PostgreSQL, multi-row VALUES on SQLite). Functions take the database or an open
 * transaction; the callers (batch writer, processor, retention, stats) decide the transaction. Large inserts and `in (…)` lists go in chunks that stay under
 * SQLite's bound-variable limit.
 */
import { type Insertable, sql } from 'kysely';
import { chunks } from '../../shared/chunks.ts';
import { type Engine, insertRows, type JsonColumn, rowsByKeys } from '../db/dialect.ts';
import type { Db, Executor } from '../kernel/executor.ts';
import { lockRawWriters } from './progress.ts';
import { addedCounts, addRollupBlocks, type StoredDay } from './rollup-blocks.ts';
import type {
  LandingVisitsTable,
  MonitorEventsTable,
  MonitorRawTable,
  MonitorRejectsTable,
  RollupDailyTable,
  RollupHourlyTable,
  VisitEventsTable,
} from './tables.ts';

/** Rows per raw INSERT (SQLite allows 32766 bound values; 8 columns × 400 stays well under). */
const RAW_CHUNK = 400;

/** One batch of raw pings and visits in ONE transaction (the batch writer acknowledges after it commits). */
export async function insertRawBatch(
  db: Db,
  engine: Engine,
  monitor: Array<Insertable<MonitorRawTable>>,
  visits: Array<Insertable<LandingVisitsTable>>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRawWriters(trx, engine);
    for (let i = 0; i < monitor.length; i += RAW_CHUNK)
      await trx
        .insertInto('monitor_raw')
        .values(monitor.slice(i, i + RAW_CHUNK))
        .execute();
    for (let i = 0; i < visits.length; i += RAW_CHUNK)
      await trx
        .insertInto('landing_visits')
        .values(visits.slice(i, i + RAW_CHUNK))
        .execute();
  });
}

const CLICK_KEY_COLUMNS: JsonColumn[] = [
  ['pageid', 'text'],
  ['key', 'text'],
  ['first_at', 'int'],
];

/**
 * Record click keys not seen before, in one statement: the answer is the keys that were new, as `pageid\nkey`
 * (a key already in `click_keys` is a repeated click). `keys` must be distinct.
 */
export async function claimClickKeys(
  tx: Executor,
  engine: Engine,
  keys: Array<{ pageid: string; key: string; first_at: number }>,
): Promise<Set<string>> {
  const fresh = new Set<string>();
  if (keys.length === 0) return fresh;
  const rows = await insertRows<{ pageid: string; key: string }>(
    tx,
    engine,
    'click_keys',
    CLICK_KEY_COLUMNS,
    keys.map((k) => [k.pageid, k.key, k.first_at]),
    'on conflict do nothing returning pageid, key',
  );
  for (const r of rows) fresh.add(`${r.pageid}\n${r.key}`);
  return fresh;
}

const PING_EVENT_COLUMNS: JsonColumn[] = [
  ['raw_id', 'int'],
  ['pageid', 'text'],
  ['customerid', 'int'],
  ['kind', 'text'],
  ['channel', 'int'],
  ['adv', 'text'],
  ['camp', 'text'],
  ['aid', 'text'],
  ['cid', 'text'],
  ['clickid', 'text'],
  ['callback', 'text'],
  ['os', 'text'],
  ['ip', 'text'],
  ['ua', 'text'],
  ['ts', 'int'],
  ['received_at', 'int'],
  ['dup', 'int'],
  ['invalid', 'text'],
];

/** Parsed pings, one statement (ids follow the array's order). */
export async function insertPingEvents(tx: Executor, engine: Engine, rows: Array<Insertable<MonitorEventsTable>>): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => PING_EVENT_COLUMNS.map(([c, type]) => r[c as keyof typeof r] ?? (type === 'int' ? 0 : '')));
  await insertRows(tx, engine, 'monitor_events', PING_EVENT_COLUMNS, values);
}

/** A recorded ad click as the visit tie reads it. */
export interface ClickForTie {
  id: number;
  pageid: string;
  clickid: string;
  adv: string;
  camp: string;
  aid: string;
  cid: string;
  callback: string;
  ua: string;
  received_at: number;
  /** The click's invalid-traffic verdict ('' = valid). */
  invalid: string;
}
const TIE_COLUMNS = ['id', 'pageid', 'clickid', 'adv', 'camp', 'aid', 'cid', 'callback', 'ua', 'received_at', 'invalid'] as const;
const asTie = (r: Record<(typeof TIE_COLUMNS)[number], unknown>): ClickForTie => ({
  id: Number(r.id),
  pageid: String(r.pageid),
  clickid: String(r.clickid),
  adv: String(r.adv),
  camp: String(r.camp),
  aid: String(r.aid),
  cid: String(r.cid),
  callback: String(r.callback),
  ua: String(r.ua),
  received_at: Number(r.received_at),
  invalid: String(r.invalid),
});

/**
 * Clicks with these click ids (a landing visit carrying the same id belongs to that click). On PostgreSQL each id is
 * its own `monitor_events_clickid` lookup (`clicksByClickIdStatement`), whatever the table's statistics.
 */
export async function clicksByClickId(tx: Executor, engine: Engine, clickids: string[]): Promise<ClickForTie[]> {
  const out: ClickForTie[] = [];
  for (const part of chunks(clickids, 500)) {
    const rows =
      engine === 'postgres'
        ? (await clicksByClickIdStatement(part).execute(tx)).rows
        : await tx.selectFrom('monitor_events').select(TIE_COLUMNS).where('kind', '=', 'click').where('clickid', 'in', part).execute();
    out.push(...rows.map(asTie));
  }
  return out;
}

/**
 * PostgreSQL: `clicksByClickId`'s statement (exported for the test of its plan): one `monitor_events_clickid` lookup
 * per id whatever the table's statistics (`rowsByKeys`, db/dialect.ts). `clickid` is not unique, so without statistics
 * the planner guesses thousands of rows per id and the estimate passes PostgreSQL's JIT thresholds (70 ms of compiling
 * for 5 ms of work): the processor's transaction runs without JIT (processor.ts `writePrepared`).
 */
export const clicksByClickIdStatement = (clickids: readonly string[]) =>
  rowsByKeys<Record<(typeof TIE_COLUMNS)[number], unknown>>(
    'monitor_events',
    'clickid',
    clickids,
    sql<boolean>`kind = 'click'`,
    TIE_COLUMNS,
  );

/** A question "the latest click on `pageid` in [from, to] whose `column` is `value`", answered for many at once. */
export interface LatestClickProbe {
  pageid: string;
  from: number;
  to: number;
  /** Every column must equal its value. */
  match: Partial<Record<'callback' | 'aid' | 'ua', string>>;
}

/**
 * The latest click for each probe (null when none), in ONE statement per 500 probes whatever their number: a
 * correlated subquery per probe row, each an index range on (pageid, received_at) read newest first — the same
 * plan as one query per probe, without a round trip and a compile per probe. Probes of one call match the same
 * columns. Then one query reads the clicks found.
 */
export async function latestClicks(tx: Executor, probes: LatestClickProbe[]): Promise<Array<ClickForTie | null>> {
  const out: Array<ClickForTie | null> = probes.map(() => null);
  const columns = Object.keys(probes[0]?.match ?? {}).sort() as Array<'callback' | 'aid' | 'ua'>;
  if (columns.length === 0) return out;
  const found = new Map<number, number>();
  for (let first = 0; first < probes.length; first += 500) {
    const part = probes.slice(first, first + 500);
    const values = sql.join(
      part.map(
        (p, i) =>
          sql`(cast(${first + i} as integer), cast(${p.pageid} as text), cast(${p.from} as bigint), cast(${p.to} as bigint)${sql.join(
            columns.map((c) => sql`, cast(${p.match[c] ?? ''} as text)`),
            sql``,
          )})`,
      ),
    );
    const filters = sql.join(
      columns.map((c, k) => sql`and e.${sql.ref(c)} = p.${sql.raw(`column${5 + k}`)}`),
      sql` `,
    );
    const { rows } = await sql<{ i: number; id: number | null }>`select p.column1 as i, (select e.id from monitor_events e
        where e.pageid = p.column2 and e.received_at >= p.column3 and e.received_at <= p.column4 and e.kind = 'click' ${filters}
        order by e.received_at desc limit 1) as id
      from (values ${values}) as p`.execute(tx);
    for (const r of rows) if (r.id != null) found.set(Number(r.i), Number(r.id));
  }
  const clicks = await clicksByIds(tx, [...new Set(found.values())]);
  for (const [i, id] of found) out[i] = clicks.get(id) ?? null;
  return out;
}

async function clicksByIds(tx: Executor, ids: number[]): Promise<Map<number, ClickForTie>> {
  const out = new Map<number, ClickForTie>();
  for (const part of chunks(ids, 500)) {
    const rows = await tx.selectFrom('monitor_events').select(TIE_COLUMNS).where('id', 'in', part).execute();
    for (const r of rows) out.set(Number(r.id), asTie(r));
  }
  return out;
}

const VISIT_EVENT_COLUMNS: JsonColumn[] = [
  ['raw_id', 'int'],
  ['pageid', 'text'],
  ['customerid', 'int'],
  ['click_param', 'text'],
  ['clickid', 'text'],
  ['ip', 'text'],
  ['ua', 'text'],
  ['received_at', 'int'],
  ['click_event_id', 'int'],
  ['adv', 'text'],
  ['camp', 'text'],
  ['aid', 'text'],
  ['cid', 'text'],
  ['callback', 'text'],
  ['invalid', 'text'],
];

/** Parsed visits with their ties, one statement. */
export async function insertVisitEvents(tx: Executor, engine: Engine, rows: Array<Insertable<VisitEventsTable>>): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => VISIT_EVENT_COLUMNS.map(([c, type]) => r[c as keyof typeof r] ?? (type === 'int' ? 0 : '')));
  await insertRows(tx, engine, 'visit_events', VISIT_EVENT_COLUMNS, values);
}

const REJECT_COLUMNS: JsonColumn[] = [
  ['source', 'text'],
  ['raw_id', 'int'],
  ['kind', 'text'],
  ['pageid', 'text'],
  ['reason', 'text'],
  ['detail', 'text'],
  ['received_at', 'int'],
];

export async function insertRejects(tx: Executor, engine: Engine, rows: Array<Insertable<MonitorRejectsTable>>): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => REJECT_COLUMNS.map(([c, type]) => r[c as keyof typeof r] ?? (type === 'int' ? 0 : '')));
  await insertRows(tx, engine, 'monitor_rejects', REJECT_COLUMNS, values);
}

/** Add counts to the rollups and their day blocks (insert … on conflict do update, the same on SQLite and PostgreSQL). */
export async function addRollups(
  tx: Executor,
  hourly: Array<Insertable<RollupHourlyTable>>,
  daily: Array<Insertable<RollupDailyTable>>,
): Promise<void> {
  for (const part of chunks(hourly, 300)) {
    await tx
      .insertInto('rollup_hourly')
      .values(part)
      .onConflict((oc) => oc.columns(['hour', 'pageid', 'adv', 'aid']).doUpdateSet(addedCounts('rollup_hourly')))
      .execute();
  }
  const stored: StoredDay[] = [];
  for (const part of chunks(daily, 300)) {
    const rows = await tx
      .insertInto('rollup_daily')
      .values(part)
      .onConflict((oc) => oc.columns(['day', 'pageid', 'adv', 'aid']).doUpdateSet(addedCounts('rollup_daily')))
      .returning(['day', 'pageid', 'adv', 'aid', 'customerid'])
      .execute();
    stored.push(...rows);
  }
  // the same counts to the day blocks (rollup-blocks.ts), with each daily row's customer as stored
  await addRollupBlocks(tx, daily, stored);
}
