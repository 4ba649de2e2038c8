import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeSqliteDialect, openSqlite } from './sqlite-dialect.ts';

describe('nodeSqliteDialect transactions', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tf-sqlite-'));
    file = path.join(dir, 'db.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a transaction that reads, then writes after another process wrote, still commits (it holds the write lock from begin)', async () => {
    const db = new Kysely<{ t: { n: number } }>({ dialect: nodeSqliteDialect(openSqlite(file)) });
    await sql`create table t (n integer)`.execute(db);
    const other = new DatabaseSync(file);
    other.exec('PRAGMA busy_timeout = 0');
    let otherWrite = '';
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('t').selectAll().execute();
        // another process writes between this transaction's read and its write
        try {
          other.exec('insert into t (n) values (1)');
          otherWrite = 'written';
        } catch (err) {
          otherWrite = (err as Error).message;
        }
        await trx.insertInto('t').values({ n: 2 }).execute();
      });
      // the other writer waited on the lock (here: refused at once, its busy_timeout is 0) instead of this one failing
      expect(otherWrite).toMatch(/locked/);
      expect((await db.selectFrom('t').select('n').execute()).map((r) => r.n)).toEqual([2]);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});

describe('nodeSqliteDialect rows', () => {
  it("are objects shaped like node:sqlite's own: one property per column, the last of equal names, odd names as properties", async () => {
    const raw = new DatabaseSync(':memory:');
    const db = new Kysely<Record<string, never>>({ dialect: nodeSqliteDialect(raw) });
    try {
      const query = `select 1 as id, 'a' as id, 3 as "we""ird", 4 as "__proto__", 5 as constructor, x'00ff' as b, null as n, 2.5 as f`;
      const rows = (await sql.raw(query).execute(db)).rows as Record<string, unknown>[];
      const native = raw.prepare(query).all()[0] as Record<string, unknown>;
      expect(rows).toHaveLength(1);
      const row = rows[0] as Record<string, unknown>;
      expect(Object.keys(row)).toEqual(Object.keys(native));
      expect({ ...row }).toEqual({ ...native });
      expect(row.id).toBe('a');
      expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(4);
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(row.b).toEqual(new Uint8Array([0, 255]));
      // streamed rows too, and a statement that returns no columns still runs
      await sql`create table t (n integer, s text)`.execute(db);
      await sql`insert into t values (1, '甲'), (2, '乙')`.execute(db);
      const streamed: unknown[] = [];
      const typed = db as unknown as Kysely<{ t: { n: number; s: string } }>;
      for await (const r of typed.selectFrom('t').select(['n', 's']).orderBy('n').stream()) streamed.push(r);
      expect(streamed).toEqual([
        { n: 1, s: '甲' },
        { n: 2, s: '乙' },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('follow the schema: a cached `select *` after a column is added, the table rebuilt in another order, or another connection adds a column', async () => {
    const raw = new DatabaseSync(':memory:');
    const db = new Kysely<{ t: { a: number; b?: string } }>({ dialect: nodeSqliteDialect(raw) });
    try {
      await sql`create table t (a integer)`.execute(db);
      await sql`insert into t values (1)`.execute(db);
      const all = () => db.selectFrom('t').selectAll().execute();
      expect(await all()).toEqual([{ a: 1 }]);
      await sql`alter table t add column b text default 'x'`.execute(db);
      expect(await all()).toEqual([{ a: 1, b: 'x' }]);
      await sql`create table t2 (b text, a integer)`.execute(db);
      await sql`insert into t2 select b, a from t`.execute(db);
      await sql`drop table t`.execute(db);
      await sql`alter table t2 rename to t`.execute(db);
      const rows = await all();
      expect(rows).toEqual([{ b: 'x', a: 1 }]);
      expect(Object.keys(rows[0] ?? {})).toEqual(['b', 'a']);
      const streamed: unknown[] = [];
      for await (const r of db.selectFrom('t').selectAll().stream()) streamed.push(r);
      expect(streamed).toEqual([{ b: 'x', a: 1 }]);
      // a change made outside the dialect (another connection, or the raw handle): SQLite prepares the cached statement
      // again, with one more column
      raw.exec(`alter table t add column c integer default 7`);
      expect(await all()).toEqual([{ b: 'x', a: 1, c: 7 }]);
    } finally {
      await db.destroy();
    }
  });
});
