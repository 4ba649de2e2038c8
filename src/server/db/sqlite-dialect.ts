import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect over Node's built-in `node:sqlite` (no native build).
 * node:sqlite throws on `undefined` and stores a Date as NULL: we bind numbers, strings, null and Buffers only.
 */
function adaptStatement(stmt: StatementSync): SqliteStatement {
  return {
    reader: stmt.columns().length > 0,
    all: (params) => stmt.all(...(params as never[])),
    run: (params) => stmt.run(...(params as never[])),
    iterate: (params) => stmt.iterate(...(params as never[])),
  };
}

export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  const database: SqliteDatabase = {
    close: () => db.close(),
    prepare: (sql) => adaptStatement(db.prepare(sql)),
  };
  return new SqliteDialect({ database });
}
