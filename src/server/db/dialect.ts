import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type RawBuilder, sql } from 'kysely';

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

/** A column of rows bound as JSON: its name and how the engine reads it back. */
export type JsonColumn = readonly [name: string, type: 'int' | 'text'];

/**
 * `select <columns> from <rows>` where the rows are ONE bound value, a JSON array of arrays in column order (SQLite
 * `jsonb_each`, PostgreSQL `jsonb_array_elements`), in array order. A bulk write is then one statement and one
 * parameter whatever its row count: no bound-value limit to chunk under, and nothing per value for the query builder
 * to compile (compiling multi-row VALUES lists was a third of a tracking processor slice: bench/README.md). Values
 * must be numbers or strings; a string must not hold U+0000 (PostgreSQL text cannot).
 */
export function jsonRows(engine: Engine, columns: readonly JsonColumn[], rows: readonly (readonly unknown[])[]): RawBuilder<unknown> {
  const json = JSON.stringify(rows);
  if (engine === 'postgres') {
    const cols = columns.map(([name, type], i) => `(e->>${i})${type === 'int' ? '::bigint' : ''} as "${name}"`).join(', ');
    // jsonb: parsed once; `->>` on plain json re-reads the element's text for every column (3× slower, measured)
    return sql`select ${sql.raw(cols)} from jsonb_array_elements(${json}::jsonb) with ordinality as j(e, n) where true order by n`;
  }
  const cols = columns.map(([name], i) => `value->>${i} as "${name}"`).join(', ');
  // jsonb_each: each row's value comes as SQLite's binary JSON, so `->>` does not parse its text again (2× faster)
  return sql`select ${sql.raw(cols)} from jsonb_each(${json}) where true order by key`;
}

/** The column list of `columns` for an INSERT. */
export const jsonColumnNames = (columns: readonly JsonColumn[]): RawBuilder<unknown> => sql.raw(columns.map(([n]) => `"${n}"`).join(', '));
