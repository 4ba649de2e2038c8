import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';

/**
 * Kysely's SqliteDialect over Node's built-in `node:sqlite` (no native build).
 * node:sqlite throws on `undefined` and stores a Date as NULL: we bind numbers, strings, null and Buffers only.
 */
function adaptStatement(stmt: StatementSync, afterRun?: () => void): SqliteStatement {
  if (stmt.columns().length === 0) {
    return {
      reader: false,
      all: (params) => stmt.all(...(params as never[])),
      run: (params) => {
        const result = stmt.run(...(params as never[]));
        afterRun?.();
        return result;
      },
      iterate: (params) => stmt.iterate(...(params as never[])),
    };
  }
  stmt.setReturnArrays(true);
  let names: string[] = stmt.columns().map((c) => c.name);
  let toRow = rowBuilder(names);
  // A schema change on this connection empties the statement cache (`nodeSqliteDialect`); one by another connection
  // makes SQLite prepare this statement again, and `select *` then returns another number of columns: the names are
  // read again (`columns()` costs 7–60 µs, so only then). A column renamed by another connection is not seen.
  const builder = (width: number): ((a: unknown[]) => Record<string, unknown>) => {
    if (width !== names.length) {
      names = stmt.columns().map((c) => c.name);
      toRow = rowBuilder(names);
    }
    return toRow;
  };
  return {
    reader: true,
    all: (params) => {
      const arrays = stmt.all(...(params as never[])) as unknown as unknown[][];
      if (arrays.length === 0) return [];
      const build = builder((arrays[0] as unknown[]).length);
      return arrays.map((a) => build(a));
    },
    run: (params) => stmt.run(...(params as never[])),
    *iterate(params) {
      for (const a of stmt.iterate(...(params as never[]))) yield builder((a as unknown as unknown[]).length)(a as unknown as unknown[]);
    },
  };
}

/**
 * A statement's rows as objects, built from node:sqlite's arrays by one object literal per column list. node:sqlite's
 * own row objects are dictionary-mode (a hash table each, slow to read and to collect): an export of links took 1.25×
 * the CPU with them (bench/README.md "Exports: the links kind's CPU"). Same shape as node:sqlite's: one property
 * per column name, in order, the last of two equal names wins; computed keys, so a column named `__proto__` is a
 * property, not the prototype. The names are JSON-quoted into the source, which holds nothing else.
 */
const builders = new Map<string, (a: unknown[]) => Record<string, unknown>>();
export function rowBuilder(names: readonly string[]): (a: unknown[]) => Record<string, unknown> {
  const key = JSON.stringify(names);
  let build = builders.get(key);
  if (!build) {
    build = new Function('a', `return {${names.map((n, i) => `[${JSON.stringify(n)}]: a[${i}]`).join(', ')}};`) as (
      a: unknown[],
    ) => Record<string, unknown>;
    if (builders.size < 4096) builders.set(key, build);
  }
  return build;
}

/**
 * WAL pages (4 KiB) after which a commit checkpoints (SQLite's default is 1 000). A file opened by `openDatabase` is
 * checkpointed on a worker thread every second (db/sqlite-checkpoint.ts), so this is the backstop for when that thread
 * falls behind, and the checkpoint of a connection without one.
 */
const CHECKPOINT_PAGES = 16_384;

export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA cache_size = -20000');
  // A checkpoint every 64 MB of WAL instead of 4 MB: a page the tracking processor writes again and again (index
  // pages, rollups, its marks) goes to the file once per checkpoint, not once per slice (−12 % CPU per drained ping,
  // bench/README.md "Idle drain"). Run inside a commit, such a checkpoint holds the event loop for hundreds of ms:
  // the background checkpointer normally gets there first.
  db.exec(`PRAGMA wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  return db;
}

/** Statements that change the schema (migrations, tests): the cached statements' column lists may change with them. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/** Prepared statements kept per SQL text (the same queries run again and again: pages, batches, lookups). */
const CACHED_STATEMENTS = 256;

export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  const cache = new Map<string, SqliteStatement>();
  const prepare = (sql: string): SqliteStatement => {
    const hit = cache.get(sql);
    if (hit) {
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    // after a statement that changes the schema, every cached statement is prepared again (new column lists)
    const stmt = adaptStatement(db.prepare(sql), SCHEMA_CHANGE.test(sql) ? () => cache.clear() : undefined);
    cache.set(sql, stmt);
    if (cache.size > CACHED_STATEMENTS) cache.delete(cache.keys().next().value as string);
    return stmt;
  };
  const database: SqliteDatabase = {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare,
  };
  return new ImmediateSqliteDialect({ database });
}

/**
 * Transactions begin IMMEDIATE: they take the write lock at `begin`, waiting up to busy_timeout for another process's
 * writer. Kysely's plain (deferred) `begin` starts as a reader, and a reader that later writes after another
 * connection has committed cannot wait — SQLite answers SQLITE_BUSY ("database is locked") at once
 * (sqlite.org/lang_transaction.html, "deferred" and SQLITE_BUSY_SNAPSHOT in sqlite.org/wal.html). A second process on
 * the same file (the CLI, a test seeding rows) then failed a request that read before it wrote.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
