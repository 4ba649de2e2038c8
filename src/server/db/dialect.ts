import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';

/** The one place that knows which SQL engine is behind Kysely. */
export type Engine = 'sqlite' | 'postgres';

/** Auto-increment integer primary key: `integer … autoincrement` on SQLite, `serial` on PostgreSQL. */
export function withId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Integer column wide enough for money in fen and counters (int8 on PostgreSQL, parsed back to number). */
export const bigint = 'bigint' as const;

export const notNullDefault =
  (value: number | string) =>
  (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    c.notNull().defaultTo(value);

/** `SELECT 1` round trip for the health check. */
export async function ping<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** A unique-constraint violation, as SQLite ("UNIQUE constraint failed") or PostgreSQL ("duplicate key …", 23505) reports it. */
export function isUniqueViolation(err: unknown): boolean {
  if (err && typeof err === 'object' && 'code' in err && (err as { code: unknown }).code === '23505') return true;
  return /UNIQUE constraint failed|duplicate key/i.test(err instanceof Error ? err.message : String(err));
}
