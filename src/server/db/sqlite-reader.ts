/**
 * Reads of a SQLite file on a worker thread with its own connection, off the event loop.
 *
 * node:sqlite is synchronous: on the server's one connection a 30–100 ms board read holds the event loop that also
 * answers monitor pings for all of that time. An agent's 90-day boards, called one after another, left the pings one
 * turn per call — 3.8 % of the bare server's rate against 67.9 % idle (bench/README.md "Monitor pings while everything
 * else runs"). Here such a read runs on a worker thread's connection to the same file; the server's thread only posts
 * the statement and builds the rows from the arrays that come back.
 *
 * A second connection is safe in WAL mode: readers never block the writer nor each other, and each statement reads
 * the last committed state as of its start (sqlite.org/wal.html "Concurrency"), which is what the server's own
 * connection reads between its transactions too. A transaction on this connection is refused: writes and
 * read-then-write stay on the server's connection. The connection is also `query_only`, so a write sent here by
 * mistake fails loudly instead of taking the file's write lock (sqlite.org/pragma.html#pragma_query_only).
 *
 * The thread starts with the first read and is restarted if it dies; it does not keep the process alive while idle.
 */
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { rowBuilder } from './sqlite-dialect.ts';

/** Statements kept prepared by the thread (the board's reads are a few dozen texts). */
const CACHED_STATEMENTS = 256;

/** The thread: plain JavaScript evaluated by `new Worker(…, { eval: true })`, so it needs no file of its own at runtime. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA cache_size = -' + workerData.cacheKb);
db.exec('PRAGMA query_only = ON');
const cache = new Map();
function prepared(sql) {
  let hit = cache.get(sql);
  if (hit) { cache.delete(sql); cache.set(sql, hit); return hit; }
  const stmt = db.prepare(sql);
  const reader = stmt.columns().length > 0;
  if (reader) stmt.setReturnArrays(true);
  hit = { stmt, reader, names: reader ? stmt.columns().map((c) => c.name) : [] };
  cache.set(sql, hit);
  if (cache.size > ${CACHED_STATEMENTS}) cache.delete(cache.keys().next().value);
  return hit;
}
parentPort.on('message', (m) => {
  if (m === 'stop') { db.close(); parentPort.close(); return; }
  try {
    const s = prepared(m.sql);
    if (!s.reader) { s.stmt.run(...m.params); parentPort.postMessage({ id: m.id, names: [], rows: [] }); return; }
    const rows = s.stmt.all(...m.params);
    // another connection's schema change re-prepares the statement: a select * may then have other columns
    if (rows.length > 0 && rows[0].length !== s.names.length) s.names = s.stmt.columns().map((c) => c.name);
    parentPort.postMessage({ id: m.id, names: s.names, rows });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: { message: String(err && err.message || err), code: err && err.code, errcode: err && err.errcode, errstr: err && err.errstr } });
  }
});
`;

interface Answer {
  id: number;
  names?: string[];
  rows?: unknown[][];
  error?: { message: string; code?: string; errcode?: number; errstr?: string };
}

interface Pending {
  resolve(rows: Record<string, unknown>[]): void;
  reject(err: Error): void;
}

/** What the thread has done: for tests and the benches. */
export interface ReaderStats {
  /** Statements answered. */
  reads: number;
  /** Threads started (more than one: a thread died and the next read started another). */
  starts: number;
}

/** One worker thread and its connection; statements are answered in the order they were sent. */
export class SqliteReader {
  readonly stats: ReaderStats = { reads: 0, starts: 0 };
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  #closed = false;

  readonly file: string;
  readonly cacheKb: number;
  readonly #onStart: ((thread: Worker) => void) | undefined;
  /** `onStart` sees each thread as it starts (tests end one to see the next start). */
  constructor(file: string, cacheKb = 20_000, onStart?: (thread: Worker) => void) {
    this.file = file;
    this.cacheKb = cacheKb;
    this.#onStart = onStart;
  }

  /** The rows of one statement, as objects (the same shape as the server's connection gives: sqlite-dialect.ts). */
  read(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]> {
    if (this.#closed) return Promise.reject(new Error('the SQLite reader is closed'));
    const worker = this.#started();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) worker.ref(); // an answer owed keeps the process alive; an idle thread does not
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, params });
    });
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER, { eval: true, workerData: { file: this.file, cacheKb: this.cacheKb } });
    worker.unref();
    worker.on('message', (m: Answer) => this.#answer(m));
    const fail = (err: Error): void => {
      if (this.#worker === worker) this.#worker = null;
      const pending = [...this.#pending.values()];
      this.#pending.clear();
      for (const p of pending) p.reject(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the SQLite reader thread exited (code ${code})`)));
    this.stats.starts += 1;
    this.#worker = worker;
    this.#onStart?.(worker);
    return worker;
  }

  #answer(m: Answer): void {
    const p = this.#pending.get(m.id);
    if (!p) return;
    this.#pending.delete(m.id);
    if (this.#pending.size === 0) this.#worker?.unref();
    if (m.error) {
      p.reject(Object.assign(new Error(m.error.message), { code: m.error.code, errcode: m.error.errcode, errstr: m.error.errstr }));
      return;
    }
    this.stats.reads += 1;
    const rows = m.rows ?? [];
    const build = rows.length > 0 ? rowBuilder(m.names ?? []) : null;
    p.resolve(build ? rows.map((a) => build(a)) : []);
  }

  /** Stop the thread (after its current statement) and refuse further reads. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    const timeout = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(timeout);
  }
}

class ReaderConnection implements DatabaseConnection {
  readonly reader: SqliteReader;
  constructor(reader: SqliteReader) {
    this.reader = reader;
  }
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.reader.read(compiled.sql, compiled.parameters)) as R[] };
  }
  // biome-ignore lint/correctness/useYield: refuses before its first row
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite reader does not stream: read pages');
  }
}

class ReaderDriver implements Driver {
  readonly reader: SqliteReader;
  readonly #connection: ReaderConnection;
  constructor(reader: SqliteReader) {
    this.reader = reader;
    this.#connection = new ReaderConnection(reader);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection; // statements are queued by the thread, so every caller can share it
  }
  async beginTransaction(): Promise<void> {
    throw new Error('the SQLite reader runs no transactions: write on the server connection');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.reader.close();
  }
}

/** A Kysely dialect whose every statement runs on `reader`'s thread. */
export class SqliteReaderDialect implements Dialect {
  readonly reader: SqliteReader;
  constructor(reader: SqliteReader) {
    this.reader = reader;
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new ReaderDriver(this.reader);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
