import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Dialect, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import type { Engine } from './dialect.ts';
import type { Database } from './schema.ts';
import { type Checkpointer, type CheckpointStats, startCheckpointer } from './sqlite-checkpoint.ts';
import { nodeSqliteDialect, openSqlite } from './sqlite-dialect.ts';
import { type ReaderStats, SqliteReader, SqliteReaderDialect } from './sqlite-reader.ts';

/** Where a database lives, for another connection to the same one (a worker thread's): null for memory and PGlite. */
export type DatabaseSource = { sqliteFile: string } | { databaseUrl: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For reads that may take a while and write nothing (the boards, the order lists): a SQLite file's reader thread
   * (db/sqlite-reader.ts), else `db` itself (PostgreSQL already answers on its own processes; memory has one connection).
   */
  readDb: Kysely<Database>;
  engine: Engine;
  source: DatabaseSource | null;
  /** What the SQLite reader thread has done (null: no reader thread). */
  reads: ReaderStats | null;
  /** The background checkpoints of a SQLite file (null: PostgreSQL, memory, or turned off). */
  checkpoints: CheckpointStats | null;
  close(): Promise<void>;
}

/** int8 and numeric come back from PostgreSQL as strings; our values fit in a JS number. */
const toNumber = (v: string): number => Number(v);

/**
 * `parallel_setup_cost` of every PostgreSQL connection the product opens, unless configured (PG_PARALLEL_SETUP_COST).
 * The server's default (1 000) starts two workers for aggregates of a few thousand rows — an agent's 90 days of
 * day blocks, a page of orders — and starting them cost more than they saved: on the 2-core bench machine an agent's
 * 90-day item analysis took 47–52 ms p50 with them and 22–23 ms without. At 3 000 such reads run in one process and
 * the admin's sums over every customer's facts (58–64 ms with workers, 76–97 without) keep them: PostgreSQL starts
 * workers when the parallel estimate plus this cost is below the serial one (bench/README.md "PostgreSQL: parallel
 * workers for small aggregates"). Set on each new connection (`SET`, not a startup option, so a connection pooler in
 * front of the server does not refuse it).
 */
export const DEFAULT_PARALLEL_SETUP_COST = 3_000;

async function pgDialect(
  url: string,
  onConnectionError: (err: Error) => void,
  poolMax = 10,
  parallelSetupCost = DEFAULT_PARALLEL_SETUP_COST,
): Promise<Dialect> {
  const pg = await import('pg');
  pg.default.types.setTypeParser(20, toNumber);
  pg.default.types.setTypeParser(1700, toNumber);
  const pool = new pg.default.Pool({ connectionString: url, max: poolMax });
  // An idle connection can die (database restart, failover, admin termination): pg-pool drops it and emits
  // 'error', which would crash the process if nobody listened. The next query simply opens a new connection.
  pool.on('error', onConnectionError);
  // queued on the new client before pg-pool hands it to the query that asked for it
  const setting = `set parallel_setup_cost = ${Number(parallelSetupCost)}`;
  pool.on('connect', (client) => {
    client.query(setting).catch((err: Error) => onConnectionError(err));
  });
  return new PostgresDialect({ pool });
}

/** PGlite: PostgreSQL compiled to WASM, in process. Used by tests to run the Postgres dialect without a server. */
export async function pgliteDialect(): Promise<Dialect> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite({ parsers: { 20: toNumber, 1700: toNumber } });
  return new PGliteDialect({ pglite });
}

export interface OpenOptions {
  databaseUrl?: string;
  sqliteFile?: string;
  /** Tests: 'pglite' for in-process PostgreSQL. */
  pglite?: boolean;
  /** A lost idle PostgreSQL connection (the pool replaces it), or a new one's failed `SET` (logged by the caller). */
  onConnectionError?: (err: Error) => void;
  /**
   * SQLite file: WAL checkpoints on a worker thread (db/sqlite-checkpoint.ts), every `checkpointEveryMs` (default
   * 1 000); `false` leaves them to SQLite's automatic checkpoint inside a commit (benchmarks' A/B).
   */
  backgroundCheckpoint?: boolean;
  checkpointEveryMs?: number;
  /** A failed background checkpoint (logged by the caller; the next one tries again). */
  onCheckpointError?: (message: string) => void;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
  /** PostgreSQL server: `parallel_setup_cost` of its connections (default DEFAULT_PARALLEL_SETUP_COST). */
  parallelSetupCost?: number;
  /** SQLite page cache in KiB (default: sqlite-dialect.ts's). */
  sqliteCacheKb?: number;
  /** SQLite file: `readDb` reads on a worker thread (db/sqlite-reader.ts); `false`: `readDb` is `db` (default true). */
  readerThread?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  let dialect: Dialect;
  let engine: Engine;
  let checkpointer: Checkpointer | null = null;
  let source: DatabaseSource | null = null;
  let reader: SqliteReader | null = null;
  if (opts.pglite) {
    dialect = await pgliteDialect();
    engine = 'postgres';
  } else if (opts.databaseUrl) {
    dialect = await pgDialect(opts.databaseUrl, opts.onConnectionError ?? (() => {}), opts.poolMax, opts.parallelSetupCost);
    engine = 'postgres';
    source = { databaseUrl: opts.databaseUrl };
  } else {
    const file = opts.sqliteFile ?? ':memory:';
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = openSqlite(file);
    if (opts.sqliteCacheKb) sqlite.exec(`PRAGMA cache_size = -${Math.floor(opts.sqliteCacheKb)}`);
    dialect = nodeSqliteDialect(sqlite);
    engine = 'sqlite';
    if (file !== ':memory:') source = { sqliteFile: file };
    if (file !== ':memory:' && opts.readerThread !== false) reader = new SqliteReader(file, opts.sqliteCacheKb);
    if (file !== ':memory:' && opts.backgroundCheckpoint !== false)
      checkpointer = startCheckpointer(file, opts.checkpointEveryMs, opts.onCheckpointError);
  }
  const db = new Kysely<Database>({ dialect });
  const readDb = reader ? new Kysely<Database>({ dialect: new SqliteReaderDialect(reader) }) : db;
  return {
    db,
    readDb,
    engine,
    source,
    reads: reader?.stats ?? null,
    checkpoints: checkpointer?.stats ?? null,
    async close() {
      if (readDb !== db) await readDb.destroy();
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** Bring the schema up to date; concurrent app processes on one PostgreSQL are serialised by Kysely's migration lock. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // imported here, not at the top: a connection that never migrates (an export worker thread) loads no migrations
  const [{ Migrator }, { migrationProvider }] = await Promise.all([import('kysely/migration'), import('./migrations/index.ts')]);
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.engine) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
