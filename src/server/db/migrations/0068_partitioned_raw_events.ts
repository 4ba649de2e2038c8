import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-27: on PostgreSQL the raw tracking tables `monitor_raw` and `landing_visits` become tables
 * partitioned by China day of `received_at` (docs/data-lifecycle.md "PostgreSQL at scale"), so raw retention
 * (RAW_RETENTION_DAYS, 7 by default) drops a day instead of deleting ten million rows. Days, not months: a month
 * partition could only be dropped once its last day had aged, keeping raw rows up to 37 days instead of 7.
 * As 0067, without copying a row: a validated `received_at < cutover` check (cutover = the China day after the
 * newest row), the table and its indexes renamed `_legacy`, a partitioned parent of the same columns and indexes, the
 * legacy table attached for (MINVALUE … cutover), then the cutover day's partition and a DEFAULT one.
 * The difference: PostgreSQL wants the partition key in every unique key, so the primary key becomes
 * (id, received_at) — the legacy table's (id) key is dropped and the attach builds the (id, received_at) one in its
 * place (a read and a sort of the table, no copy of a row). Ids still come from the table's sequence (its ownership moves to the parent, so
 * dropping the legacy part keeps it) and stay unique; no foreign key points at these tables and nothing upserts on id.
 * SQLite has no partitioning: it keeps its tables and deletes by rows.
 */
const TABLES = ['monitor_raw', 'landing_visits'] as const;
const CHINA = 8 * 3600;
const DAY = 86400;

/** The start of the China day after the one holding `at` (epoch seconds). */
const nextDay = (at: number) => Math.floor((at + CHINA) / DAY) * DAY - CHINA + DAY;
/** `yyyymmdd` of the China day starting at `start`. */
const dayName = (start: number) => new Date((start + CHINA) * 1000).toISOString().slice(0, 10).replace(/-/g, '');

async function partition(db: Kysely<unknown>, table: string): Promise<void> {
  const legacy = `${table}_legacy`;
  const ref = sql.table(table);
  const newest = (await sql<{ t: number | string | null }>`select max(received_at) as t from ${ref}`.execute(db)).rows[0]?.t;
  const indexes = (
    await sql<{ name: string; def: string; pk: boolean }>`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as def, i.indisprimary as pk
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass order by c.relname`.execute(db)
  ).rows;
  const pk = (
    await sql<{ name: string }>`
      select conname as name from pg_constraint where conrelid = ${table}::regclass and contype = 'p'`.execute(db)
  ).rows[0];
  if (!pk) throw new Error(`${table} has no primary key`);
  const seq = (await sql<{ seq: string | null }>`select pg_get_serial_sequence(${table}, 'id') as seq`.execute(db)).rows[0]?.seq;
  const cutover = newest === null || newest === undefined ? null : nextDay(Number(newest));
  if (cutover !== null) {
    const check = sql.ref(`${table}_before_cutover`);
    await sql`alter table ${ref} add constraint ${check} check (received_at < ${sql.lit(cutover)}) not valid`.execute(db);
    await sql`alter table ${ref} validate constraint ${check}`.execute(db);
  }
  for (const i of indexes) await sql`alter index ${sql.ref(i.name)} rename to ${sql.ref(`${i.name}_legacy`)}`.execute(db);
  await sql`alter table ${ref} rename to ${sql.ref(legacy)}`.execute(db);
  await sql`create table ${ref} (like ${sql.table(legacy)} including defaults) partition by range (received_at)`.execute(db);
  // the id's default (nextval of the sequence) came with the columns; the sequence now belongs to the parent
  if (seq) await sql`alter sequence ${sql.raw(seq)} owned by ${sql.raw(`${table}.id`)}`.execute(db);
  await sql`alter table ${ref} add constraint ${sql.ref(pk.name)} primary key (id, received_at)`.execute(db);
  for (const i of indexes) {
    if (i.pk) continue;
    const def = i.def.replace(
      /^CREATE (UNIQUE )?INDEX \S+ ON \S+ /,
      (_m, u: string | undefined) => `CREATE ${u ?? ''}INDEX "${i.name}" ON "${table}" `,
    );
    await sql.raw(def).execute(db);
  }
  if (cutover === null) {
    await sql`drop table ${sql.table(legacy)}`.execute(db);
  } else {
    // its (id) key would clash with the parent's: the attach builds the (id, received_at) one in its place
    const legacyPk = (
      await sql<{ name: string }>`
        select conname as name from pg_constraint where conrelid = ${legacy}::regclass and contype = 'p'`.execute(db)
    ).rows[0];
    if (legacyPk) await sql`alter table ${sql.table(legacy)} drop constraint ${sql.ref(legacyPk.name)}`.execute(db);
    await sql`alter table ${ref} attach partition ${sql.table(legacy)} for values from (minvalue) to (${sql.lit(cutover)})`.execute(db);
    await sql`alter table ${sql.table(legacy)} drop constraint ${sql.ref(`${table}_before_cutover`)}`.execute(db);
    await sql`create table ${sql.table(`${table}_p${dayName(cutover)}`)} partition of ${ref}
      for values from (${sql.lit(cutover)}) to (${sql.lit(cutover + DAY)})`.execute(db);
  }
  await sql`create table ${sql.table(`${table}_default`)} partition of ${ref} default`.execute(db);
}

export function partitionedRawEvents(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      for (const table of TABLES) await partition(db, table);
    },
  };
}
