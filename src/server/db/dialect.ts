import {
  type ColumnDefinitionBuilder,
  CompiledQuery,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  type QueryExecutorProvider,
  type RawBuilder,
  sql,
} from 'kysely';

/** The one place that knows which SQL engine is behind Kysely. */
export type Engine = 'sqlite' | 'postgres';

/** The engine behind a handle or transaction, by its dialect's adapter (PostgreSQL's for PostgreSQL and PGlite). */
export const engineOf = (db: QueryExecutorProvider): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/**
 * PostgreSQL: no JIT compilation for the rest of this transaction (`set_config(…, true)` is `SET LOCAL`; nothing on
 * SQLite). For a writer's transaction of short statements over large tables: at the promised volumes the planner's
 * cost estimates pass `jit_above_cost`, and compiling then took 8–110 ms for lookups that run in 5 ms (bench/README.md
 * "PostgreSQL tracking: the click lookup before the first ANALYZE"). Reads keep the server's setting.
 */
export async function noJitInTransaction(tx: QueryExecutorProvider, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`select set_config('jit', 'off', true)`.execute(tx);
}

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

/**
 * A PostgreSQL array literal of one column's values: `{1,-2}` (int), `{"a","b\\"c",7}` (text: strings quoted with `"`
 * and `\\` escaped by a backslash, numbers bare). Text is JSON.stringify's (native, the same two escapes) unless a
 * value holds a character JSON writes another way (a control character, a lone surrogate): then element by element.
 */
function arrayLiteral(type: JsonColumn[1], values: unknown[]): string {
  if (type === 'int') return `{${values.join(',')}}`;
  const json = JSON.stringify(values);
  if (!json.includes('\\') || !/\\[^"\\]/.test(json)) return `{${json.slice(1, -1)}}`;
  return `{${values.map((v) => `"${String(v).replace(/[\\"]/g, (m) => `\\${m}`)}"`).join(',')}}`;
}

/**
 * PostgreSQL: the rows of `table` whose `column` is one of `keys` and that meet `and`, each key sought in the table's
 * index on `column` by its own lateral subquery (the keys bound as ONE `text[]` value). `offset 0` keeps PostgreSQL
 * from flattening the subquery into a join it could hash, so the plan is the same with or without the table's
 * statistics. Written `column in (keys)`, the plan hung on them: before a table's first ANALYZE (a fresh database's
 * first back-fill or minutes of pings, until autovacuum gets to it) the planner took 500 keys to match most rows and
 * read all of them (bench/README.md "PostgreSQL ingest: the order lookup before the first ANALYZE", "PostgreSQL
 * tracking: the click lookup before the first ANALYZE"). `columns`: what to select of each row (all by default).
 */
export function rowsByKeys<R>(
  table: string,
  column: string,
  keys: readonly string[],
  and: RawBuilder<boolean>,
  columns?: readonly string[],
): RawBuilder<R> {
  const select = columns ? sql.join(columns.map((c) => sql.ref(`r.${c}`))) : sql`r.*`;
  return sql<R>`select ${select} from unnest(${arrayLiteral('text', [...keys])}::text[]) as k(key)
    cross join lateral (select * from ${sql.table(table)} where ${sql.ref(column)} = k.key and ${and} offset 0) as r`;
}

/**
 * PostgreSQL: `select <columns> from unnest(<one array per column>)` of row objects, in their order — each column ONE
 * bound value, an array literal its type's input function reads directly ("Populating a Database" in the PostgreSQL
 * manual: few statements, few values to parse). Against `jsonRows`: no JSON to lex into jsonb, and an integer is read
 * once (from jsonb it went numeric → text → bigint); bench/README.md "PostgreSQL ingest, fourth pass". Values must be
 * numbers or strings without U+0000; a missing one is an error (a column would be written empty).
 */
export function unnestRows(columns: readonly JsonColumn[], rows: readonly object[]): RawBuilder<unknown> {
  const arrays = columns.map(([name, type]) => {
    const values = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = (rows[i] as Record<string, unknown>)[name];
      if (v === undefined || v === null) throw new Error(`unnestRows: ${name} missing`);
      values[i] = v;
    }
    return sql`${arrayLiteral(type, values)}::${sql.raw(type === 'int' ? 'int8[]' : 'text[]')}`;
  });
  const names = columns.map(([n]) => `"${n}"`).join(', ');
  return sql`select ${sql.raw(names)} from unnest(${sql.join(arrays)}) with ordinality as v(${sql.raw(names)}, "#n") order by "#n"`;
}

/** The column list of `columns` for an INSERT. */
export const jsonColumnNames = (columns: readonly JsonColumn[]): RawBuilder<unknown> => sql.raw(columns.map(([n]) => `"${n}"`).join(', '));

/** SQLite's bound-value limit (SQLITE_MAX_VARIABLE_NUMBER, 32 766 since 3.32; node:sqlite bundles 3.53). */
const SQLITE_MAX_VALUES = 32_766;
/** Rows per SQLite multi-row insert: every full statement has the same text, so it is prepared once (sqlite-dialect.ts). */
const SQLITE_ROWS_PER_INSERT = 500;

/** What `insertRows` needs of the database or a transaction. */
type RowsExecutor = QueryExecutorProvider & Pick<Kysely<unknown>, 'executeQuery'>;

/**
 * `insert into <table> (<columns>) <rows> <tail>` in bulk, the rows arrays in column order (numbers or strings, as
 * `jsonRows`), inserted in array order; `tail` is trusted SQL after the rows (`on conflict …`, `returning …`), and
 * the answer is the rows it returns. PostgreSQL: one statement over `jsonRows`. SQLite: `values (?, …), …` with at
 * most 500 rows a statement, each value bound on its own: cheaper there than `jsonb_each`, as the JSON text is
 * neither built nor parsed (bench/README.md "SQLite drain, third pass"). The SQL text is written here, not by the
 * query builder (compiling VALUES lists with it was a third of a slice, above).
 */
export async function insertRows<R>(
  db: RowsExecutor,
  engine: Engine,
  table: string,
  columns: readonly JsonColumn[],
  rows: readonly (readonly unknown[])[],
  tail = '',
): Promise<R[]> {
  if (rows.length === 0) return [];
  if (engine === 'postgres') {
    const q = sql<R>`insert into ${sql.table(table)} (${jsonColumnNames(columns)}) ${jsonRows(engine, columns, rows)} ${sql.raw(tail)}`;
    return (await q.execute(db)).rows;
  }
  const perStatement = Math.min(SQLITE_ROWS_PER_INSERT, Math.floor(SQLITE_MAX_VALUES / columns.length));
  const head = `insert into "${table}" (${columns.map(([n]) => `"${n}"`).join(', ')}) values `;
  const row = `(${columns.map(() => '?').join(', ')})`;
  const out: R[] = [];
  for (let first = 0; first < rows.length; first += perStatement) {
    const part = rows.slice(first, first + perStatement);
    const text = `${head}${new Array<string>(part.length).fill(row).join(', ')} ${tail}`;
    const result = await db.executeQuery<R>(CompiledQuery.raw(text, part.flat()));
    for (const r of result.rows) out.push(r);
  }
  return out;
}
