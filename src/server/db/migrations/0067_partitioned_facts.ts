import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-27: on PostgreSQL the hourly rollups and hourly ad/order facts become tables partitioned by China
 * month of `hour` (docs/data-lifecycle.md "PostgreSQL at scale"), so retention drops a month instead of deleting its
 * rows, without copying a row: the table gets a validated `hour < cutover` check (cutover = the China month after
 * its newest hour), is renamed `<table>_legacy`, and is attached to a new partitioned parent of the same columns,
 * key and indexes as its partition for (MINVALUE … cutover) — the check spares that attach a scan, and the parent's
 * indexes adopt the legacy table's matching ones instead of building new ones. Then the cutover month's partition
 * and a DEFAULT partition (rows no month partition holds yet; the `partitions` job moves them out). An empty table
 * (a new install) keeps no legacy part. Everything else (months ahead, dropping) is the `partitions` job's
 * (lifecycle/partitions.ts). SQLite has no partitioning: it keeps its tables and deletes by rows.
 */
const TABLES = ['rollup_hourly', 'ad_facts_hourly', 'order_facts_hourly'] as const;
const CHINA = 8 * 3600;

/** The start of the China month after the one holding `at` (epoch seconds). */
function nextMonth(at: number): number {
  const d = new Date((at + CHINA) * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000 - CHINA;
}
/** `yyyymm` of the China month starting at `start`. */
const monthName = (start: number) => new Date((start + CHINA) * 1000).toISOString().slice(0, 7).replace('-', '');

async function partition(db: Kysely<unknown>, table: string): Promise<void> {
  const legacy = `${table}_legacy`;
  const ref = sql.table(table);
  const newest = (await sql<{ h: number | string | null }>`select max(hour) as h from ${ref}`.execute(db)).rows[0]?.h;
  const indexes = (
    await sql<{ name: string; def: string; pk: boolean }>`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as def, i.indisprimary as pk
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass order by c.relname`.execute(db)
  ).rows;
  const pk = (
    await sql<{ name: string; def: string }>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = ${table}::regclass and contype = 'p'`.execute(db)
  ).rows[0];
  if (!pk) throw new Error(`${table} has no primary key`);
  const cutover = newest === null || newest === undefined ? null : nextMonth(Number(newest));
  if (cutover !== null) {
    const check = sql.ref(`${table}_before_cutover`);
    await sql`alter table ${ref} add constraint ${check} check (hour < ${sql.lit(cutover)}) not valid`.execute(db);
    await sql`alter table ${ref} validate constraint ${check}`.execute(db);
  }
  for (const i of indexes) await sql`alter index ${sql.ref(i.name)} rename to ${sql.ref(`${i.name}_legacy`)}`.execute(db);
  await sql`alter table ${ref} rename to ${sql.ref(legacy)}`.execute(db);
  await sql`create table ${ref} (like ${sql.table(legacy)} including defaults) partition by range (hour)`.execute(db);
  await sql`alter table ${ref} add constraint ${sql.ref(pk.name)} ${sql.raw(pk.def)}`.execute(db);
  for (const i of indexes) {
    if (i.pk) continue;
    // `CREATE INDEX name ON public.<table>_legacy USING …` → the same index, under its old name, on the parent
    const def = i.def.replace(
      /^CREATE (UNIQUE )?INDEX \S+ ON \S+ /,
      (_m, u: string | undefined) => `CREATE ${u ?? ''}INDEX "${i.name}" ON "${table}" `,
    );
    await sql.raw(def).execute(db);
  }
  if (cutover === null) {
    await sql`drop table ${sql.table(legacy)}`.execute(db);
  } else {
    await sql`alter table ${ref} attach partition ${sql.table(legacy)} for values from (minvalue) to (${sql.lit(cutover)})`.execute(db);
    await sql`alter table ${sql.table(legacy)} drop constraint ${sql.ref(`${table}_before_cutover`)}`.execute(db);
    await sql`create table ${sql.table(`${table}_p${monthName(cutover)}`)} partition of ${ref}
      for values from (${sql.lit(cutover)}) to (${sql.lit(nextMonth(cutover))})`.execute(db);
  }
  await sql`create table ${sql.table(`${table}_default`)} partition of ${ref} default`.execute(db);
}

export function partitionedFacts(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      for (const table of TABLES) await partition(db, table);
    },
  };
}
