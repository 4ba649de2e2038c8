/**
 * PostgreSQL's month partitions of the hourly tables (migration 0067, docs/data-lifecycle.md "PostgreSQL at scale"):
 * what the catalog holds, a month created (rows the DEFAULT partition caught for it moved in, in one transaction)
 * and a wholly expired partition dropped. Partitions are China months of `hour`, named `<table>_pYYYYMM`; the
 * upgrade's `<table>_legacy` covers everything before its cutover and `<table>_default` what no month covers yet.
 * Only the lifecycle jobs call these, and only on PostgreSQL.
 */
import { sql } from 'kysely';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import type { Db } from '../kernel/executor.ts';
import type { HourTable } from './store.ts';

export interface Part {
  name: string;
  /** Bounds in epoch seconds, [from, to); -Infinity for the legacy part's MINVALUE. Both NaN for the DEFAULT one. */
  from: number;
  to: number;
  isDefault: boolean;
}

/** Never wait long behind a board's read for the parent's lock: the next run tries again. */
const LOCK_TIMEOUT = sql`set local lock_timeout = '5s'`;

const bound = (text: string | undefined): number =>
  text === undefined ? Number.NaN : text === 'MINVALUE' ? Number.NEGATIVE_INFINITY : Number(text.replace(/'/g, ''));

/** The partitions of `table`, oldest first (DEFAULT last); empty when the table is not partitioned. */
export async function partitionsOf(db: Db, table: HourTable): Promise<Part[]> {
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

const monthName = (table: HourTable, start: number) =>
  `${table}_p${new Date((start + CHINA_OFFSET_SECONDS) * 1000).toISOString().slice(0, 7).replace('-', '')}`;

/**
 * Create the partition of the China month starting at `from`, moving into it the rows the DEFAULT partition holds
 * for that month (PostgreSQL refuses a new partition while the default one holds rows of its range); returns the
 * rows moved. The caller checks that no partition covers the month yet.
 */
export async function createMonth(db: Db, table: HourTable, from: number): Promise<number> {
  const to = monthStart(from, 1);
  const part = sql.table(monthName(table, from));
  return db.transaction().execute(async (trx) => {
    await LOCK_TIMEOUT.execute(trx);
    await sql`create table ${part} (like ${sql.table(table)} including defaults)`.execute(trx);
    const moved = await sql`with moved as (
        delete from ${sql.table(`${table}_default`)} where hour >= ${from} and hour < ${to} returning *
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

/** The oldest and newest hour the DEFAULT partition holds (null when it is empty). */
export async function defaultSpan(db: Db, table: HourTable): Promise<{ min: number; max: number } | null> {
  const { rows } = await sql<{ min: number | string | null; max: number | string | null }>`
    select min(hour) as min, max(hour) as max from ${sql.table(`${table}_default`)}`.execute(db);
  const r = rows[0];
  return r?.min === null || r?.min === undefined ? null : { min: Number(r.min), max: Number(r.max) };
}
