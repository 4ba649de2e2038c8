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
