/**
 * PostgreSQL plans for the tests of lookups that must not depend on a table's statistics: a table written with
 * autovacuum off (so no ANALYZE comes), its count of statistics rows, and the text of a statement's `EXPLAIN`.
 */
import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';
import type { TestHandle } from './dialects.ts';

/** Keep autovacuum (and its ANALYZE) away from `table` on PostgreSQL; nothing on SQLite. */
export async function withoutAutovacuum(h: TestHandle, table: string): Promise<void> {
  if (h.engine === 'postgres') await sql`alter table ${sql.table(table)} set (autovacuum_enabled = off)`.execute(h.db);
}

/** Rows of `pg_stats` for `table`: 0 before its first ANALYZE. */
export async function statisticsRows(db: QueryExecutorProvider, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stats where tablename = ${table}`.execute(db);
  return Number(rows[0]?.n);
}

/** `EXPLAIN` of `statement`, its lines joined. */
export async function planOf(db: QueryExecutorProvider, statement: RawBuilder<unknown>): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(db);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
