import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/index.ts';
import { migrationProvider } from '../../src/server/db/migrations/index.ts';

/**
 * The engines every API test runs on: SQLite (node:sqlite, in memory), PostgreSQL on PGlite (in process),
 * and a real PostgreSQL server when TEST_DATABASE_URL is set (a fresh database per suite, dropped after).
 * `TEST_DIALECTS=sqlite` (a comma list of names) keeps only those: `npm test`'s pinned-clock passes run on SQLite.
 */
export interface DialectCase {
  name: string;
  open(): Promise<TestHandle>;
}

/**
 * A freshly migrated database. `second()` is another connection to the same database, as a second app node
 * would have: its own pool on PostgreSQL; the same in-process engine on SQLite in memory and PGlite (closing
 * it is then a no-op).
 */
export interface TestHandle extends DatabaseHandle {
  second(): Promise<DatabaseHandle>;
}

const sameEngine = (h: DatabaseHandle): TestHandle => ({ ...h, second: async () => ({ ...h, close: async () => {} }) });

/** A throwaway database on the server behind `url`: its connection string and a drop that ends every session. */
export async function freshPostgresDatabase(url: string, prefix = 't'): Promise<{ url: string; drop(): Promise<void> }> {
  // a unique name (the random part alone would do; the real time only sorts leftovers), not a time seed
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function realPostgres(url: string): DialectCase {
  return {
    name: 'postgres',
    async open() {
      const fresh = await freshPostgresDatabase(url);
      const handle = await openDatabase({ databaseUrl: fresh.url });
      await migrateToLatest(handle);
      return {
        ...handle,
        second: () => openDatabase({ databaseUrl: fresh.url }),
        async close() {
          await handle.close();
          await fresh.drop();
        },
      };
    },
  };
}

export function dialects(): DialectCase[] {
  const list: DialectCase[] = [
    {
      name: 'sqlite',
      async open() {
        const h = await openDatabase({ sqliteFile: ':memory:' });
        await migrateToLatest(h);
        return sameEngine(h);
      },
    },
    {
      name: 'pglite',
      async open() {
        const h = await openDatabase({ pglite: true });
        await migrateToLatest(h);
        return sameEngine(h);
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push(realPostgres(url));
  const only = process.env.TEST_DIALECTS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!only?.length) return list;
  const unknown = only.filter((n) => !list.some((d) => d.name === n) && !['sqlite', 'pglite', 'postgres'].includes(n));
  if (unknown.length) throw new Error(`TEST_DIALECTS: unknown engine ${unknown.join(', ')} (sqlite, pglite, postgres)`);
  return list.filter((d) => only.includes(d.name));
}

/**
 * SQLite in a file of a fresh temporary folder, as the server opens it (without background checkpoints): a worker
 * thread (exports, the reader thread) can open it too, which the suite's SQLite in memory cannot. `second()` shares
 * the handle.
 */
export function sqliteFileCase(): DialectCase {
  return {
    name: 'sqlite file',
    async open(): Promise<TestHandle> {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'tf-sqlite-file-'));
      const h = await openDatabase({ backgroundCheckpoint: false, sqliteFile: path.join(dir, 'toufang.sqlite') });
      await migrateToLatest(h);
      return {
        ...h,
        second: async () => ({ ...h, close: async () => {} }),
        async close() {
          await h.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

/** `list` and, when it has SQLite, SQLite in a file: suites whose code reads differently from a file (worker threads). */
export const withSqliteFile = (list: DialectCase[]): DialectCase[] =>
  list.some((d) => d.name === 'sqlite') ? [...list, sqliteFileCase()] : list;

/**
 * A database of engine `name` (a `dialects()` name) migrated up to `migration` only: the schema a previous version
 * wrote, for upgrade tests. Closing it drops a real PostgreSQL's throwaway database.
 */
/** Migrate an open database up to (and including) `migration`, not further. */
export async function migrateUpTo(h: DatabaseHandle, migration: string): Promise<void> {
  const r = await new Migrator({ db: h.db, provider: migrationProvider(h.engine) }).migrateTo(migration);
  if (r.error) throw r.error;
}

export async function databaseAt(name: string, migration: string): Promise<DatabaseHandle> {
  let h: DatabaseHandle;
  let drop = async () => {};
  if (name === 'sqlite') h = await openDatabase({ sqliteFile: ':memory:' });
  else if (name === 'pglite') h = await openDatabase({ pglite: true });
  else {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL ?? '');
    h = await openDatabase({ databaseUrl: fresh.url });
    drop = () => fresh.drop();
  }
  await migrateUpTo(h, migration);
  return {
    ...h,
    async close() {
      await h.close();
      await drop();
    },
  };
}
