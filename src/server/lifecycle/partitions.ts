/**
 * PostgreSQL's time partitions (docs/data-lifecycle.md "PostgreSQL at scale"): the hourly tables by China month of
 * `hour` (migration 0067, `<table>_pYYYYMM`) and the raw tracking tables by China day of `received_at` (migration
 * 0068, `<table>_pYYYYMMDD`). What the catalog holds, a period created (rows the DEFAULT partition caught for it moved
 * in, in one transaction) and a wholly expired partition dropped. The upgrade's `<table>_legacy` covers everything
 * before its cutover and `<table>_default` what no period covers yet. Only the lifecycle jobs call these, and only on
 * PostgreSQL.
 */
import { sql } from 'kysely';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import type { Db } from '../kernel/executor.ts';
import type { HourTable } from './store.ts';

/** A partitioned table: its partition key column and the length of a partition. */
export interface Partitioned {
  table: HourTable | 'monitor_raw' | 'landing_visits';
  column: 'hour' | 'received_at';
  unit: 'month' | 'day';
}
export const HOURLY_PARTS = (table: HourTable): Partitioned => ({ table, column: 'hour', unit: 'month' });
export const RAW_PARTS: readonly Partitioned[] = [
  { table: 'monitor_raw', column: 'received_at', unit: 'day' },
  { table: 'landing_visits', column: 'received_at', unit: 'day' },
];

export interface Part {
  name: string;
  /** Bounds in epoch seconds, [from, to); -Infinity for the legacy part's MINVALUE. Both NaN for the DEFAULT one. */
  from: number;
  to: number;
  isDefault: boolean;
}

/** Never wait long behind a board's read for the parent's lock: the next run tries again. */
const LOCK_TIMEOUT = sql`set local lock_timeout = '5s'`;
/**
 * A move out of DEFAULT is one statement a stop cannot interrupt: bounded, so a SIGTERM waits at most this long for it
 * (the shutdown's budget is 10 s). A period whose DEFAULT rows take longer to move stays there (`MoveTooLong`): its rows
 * are read and processed as any others, and the row-by-row retention ages them (tracking/retention.ts).
 */
export const MOVE_SECONDS = 3;
const MOVE_TIMEOUT = sql.raw(`set local statement_timeout = '${MOVE_SECONDS}s'`);

/** PostgreSQL cancelled a move (statement or lock timeout): the period stays in DEFAULT until a later run. */
export const isMoveTooLong = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '57014' || code === '55P03';
};

const bound = (text: string | undefined): number =>
  text === undefined ? Number.NaN : text === 'MINVALUE' ? Number.NEGATIVE_INFINITY : Number(text.replace(/'/g, ''));

/** The partitions of `table`, oldest first (DEFAULT last); empty when the table is not partitioned. */
export async function partitionsOf(db: Db, table: string): Promise<Part[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table})`.execute(db);
  return rows
    .map((r) => {
      const m = /FROM \((.+?)\) TO \((.+?)\)/.exec(r.bound);
      return { name: r.name, from: bound(m?.[1]), to: bound(m?.[2]), isDefault: r.bound === 'DEFAULT' };
    })
    .sort((a, b) => (a.isDefault ? 1 : b.isDefault ? -1 : a.from - b.from));
}

/** The start of the China month holding `at` (epoch seconds), or `months` months after it. */
export function monthStart(at: number, months = 0): number {
  const d = new Date((at + CHINA_OFFSET_SECONDS) * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) / 1000 - CHINA_OFFSET_SECONDS;
}

/** The start of the China day holding `at`, or `days` days after it. */
export function dayStart(at: number, days = 0): number {
  return Math.floor((at + CHINA_OFFSET_SECONDS) / 86400) * 86400 - CHINA_OFFSET_SECONDS + days * 86400;
}

/** The start of the period of `t` holding `at`, or `n` periods after it. */
export const periodStart = (t: Partitioned, at: number, n = 0) => (t.unit === 'month' ? monthStart(at, n) : dayStart(at, n));

const periodName = (t: Partitioned, start: number) =>
  `${t.table}_p${new Date((start + CHINA_OFFSET_SECONDS) * 1000)
    .toISOString()
    .slice(0, t.unit === 'month' ? 7 : 10)
    .replace(/-/g, '')}`;

/**
 * Create the partition of the period starting at `from`, moving into it the rows the DEFAULT partition holds for
 * that period (PostgreSQL refuses a new partition while the default one holds rows of its range); returns the rows
 * moved. The caller checks that no partition covers the period yet.
 */
export async function createPeriod(db: Db, t: Partitioned, from: number): Promise<number> {
  const { table } = t;
  const to = periodStart(t, from, 1);
  const part = sql.table(periodName(t, from));
  const key = sql.ref(t.column);
  return db.transaction().execute(async (trx) => {
    await LOCK_TIMEOUT.execute(trx);
    await MOVE_TIMEOUT.execute(trx);
    await sql`create table ${part} (like ${sql.table(table)} including defaults)`.execute(trx);
    const moved = await sql`with moved as (
        delete from ${sql.table(`${table}_default`)} where ${key} >= ${from} and ${key} < ${to} returning *
      ) insert into ${part} select * from moved`.execute(trx);
    await sql`alter table ${sql.table(table)} attach partition ${part} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
    return Number(moved.numAffectedRows ?? 0);
  });
}

/** Drop a partition with every row in it (the caller has checked that they all outlived their retention). */
export async function dropPartition(db: Db, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await LOCK_TIMEOUT.execute(trx);
    await sql`drop table ${sql.table(name)}`.execute(trx);
  });
}

/** The oldest and newest key the DEFAULT partition holds (null when it is empty). */
export async function defaultSpan(db: Db, t: Partitioned): Promise<{ min: number; max: number } | null> {
  const key = sql.ref(t.column);
  const { rows } = await sql<{ min: number | string | null; max: number | string | null }>`
    select min(${key}) as min, max(${key}) as max from ${sql.table(`${t.table}_default`)}`.execute(db);
  const r = rows[0];
  return r?.min === null || r?.min === undefined ? null : { min: Number(r.min), max: Number(r.max) };
}

/** The largest id a partition holds (0 when empty): a raw part may be dropped only once the processor passed it. */
export async function maxIdOf(db: Db, part: string): Promise<number> {
  const { rows } = await sql<{ m: number | string | null }>`select max(id) as m from ${sql.table(part)}`.execute(db);
  return Number(rows[0]?.m ?? 0);
}
