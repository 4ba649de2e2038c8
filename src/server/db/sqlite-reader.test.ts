import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { engineOf } from './dialect.ts';
import { type DatabaseHandle, openDatabase } from './index.ts';
import { SqliteReader } from './sqlite-reader.ts';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const h of handles.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function fileDb(readerThread = true, file = freshFile()): Promise<DatabaseHandle> {
  const h = await openDatabase({ sqliteFile: file, backgroundCheckpoint: false, readerThread });
  handles.push(h);
  await sql`create table t (id integer primary key, name text, amount real, body blob, "__proto__" text)`.execute(h.db);
  await sql`insert into t values (1, '淘宝 订单', 12.5, x'00ff10', 'p'), (2, null, -3, null, null)`.execute(h.db);
  return h;
}

function freshFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tf-reader-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}

/** How many turns the event loop takes while `work` runs: a read that holds the loop leaves it none. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let done = false;
  let turns = 0;
  const turn = (): void => {
    if (done) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  await work.finally(() => {
    done = true;
  });
  return turns;
}

/** A read that takes the engine a while (≥ 100 ms on any machine this runs on), of no table. */
const SLOW = sql<{
  n: number;
}>`with recursive c(i) as (select 1 union all select i + 1 from c where i < 2000000) select count(*) as n from c`;

describe('SQLite reads on a worker thread (db/sqlite-reader.ts)', () => {
  it('answers with the rows the server connection gives: same shape, text, numbers, blobs, nulls, a __proto__ column', async () => {
    const h = await fileDb();
    expect(h.readDb).not.toBe(h.db);
    const q = sql`select * from t order by id`;
    const mine = await q.execute(h.readDb);
    const theirs = await q.execute(h.db);
    expect(mine.rows).toEqual(theirs.rows);
    expect(Object.keys(mine.rows[0] as object)).toEqual(['id', 'name', 'amount', 'body', '__proto__']);
    expect((mine.rows[0] as { body: Uint8Array }).body).toEqual(new Uint8Array([0, 255, 16]));
    const built = await h.readDb
      .selectFrom('t' as never)
      .select(['id' as never])
      .where('id' as never, '=', 2 as never)
      .execute();
    expect(built).toEqual([{ id: 2 }]);
    expect(h.reads?.reads).toBe(2);
    // the read model chooses its SQL by engine (facts/query.ts): the thread's handle is SQLite's
    expect(engineOf(h.readDb)).toBe('sqlite');
  });

  it('sees a write as soon as the server connection commits it', async () => {
    const h = await fileDb();
    await h.db.transaction().execute(async (tx) => {
      await sql`insert into t (id, name) values (3, '京东')`.execute(tx);
      // not committed yet: the reader reads the last committed state
      expect((await sql`select count(*) as n from t`.execute(h.readDb)).rows).toEqual([{ n: 2 }]);
    });
    expect((await sql`select name from t where id = 3`.execute(h.readDb)).rows).toEqual([{ name: '京东' }]);
  });

  it('writes nothing: a write is refused by the connection, a transaction before it starts, and the file is unchanged', async () => {
    const h = await fileDb();
    await expect(sql`delete from t`.execute(h.readDb)).rejects.toThrow(/readonly|read-only|query_only/i);
    await expect(h.readDb.transaction().execute(async () => {})).rejects.toThrow('runs no transactions');
    expect((await sql`select count(*) as n from t`.execute(h.db)).rows).toEqual([{ n: 2 }]);
  });

  it("passes SQLite's error on with its code, and goes on answering", async () => {
    const h = await fileDb();
    const err = (await sql`select nope from t`.execute(h.readDb).catch((e: unknown) => e)) as Error & { code?: string };
    expect(err.message).toMatch(/no such column: nope/);
    expect(err.code).toBe('ERR_SQLITE_ERROR');
    expect((await sql`select count(*) as n from t`.execute(h.readDb)).rows).toEqual([{ n: 2 }]);
  });

  it('leaves the event loop free while it reads; the server connection holds it', async () => {
    const h = await fileDb();
    expect(await turnsDuring(SLOW.execute(h.readDb))).toBeGreaterThan(2);
    expect(await turnsDuring(SLOW.execute(h.db))).toBeLessThanOrEqual(1);
  });

  it('starts another thread when its thread dies: the reads it owed fail with the reason, the next ones are answered', async () => {
    const file = freshFile();
    await fileDb(false, file);
    const threads: Worker[] = [];
    const reader = new SqliteReader(file, 1000, (thread) => threads.push(thread));
    try {
      const owed = reader.read('select count(*) as n from t', []);
      expect(threads).toHaveLength(1);
      await threads[0]?.terminate();
      await expect(owed).rejects.toThrow(/the SQLite reader thread exited/);
      expect(await reader.read('select name from t where id = ?', [1])).toEqual([{ name: '淘宝 订单' }]);
      expect(threads).toHaveLength(2);
      expect(reader.stats).toEqual({ reads: 1, starts: 2 });
    } finally {
      await reader.close();
    }
  });

  it('answers reads sent at once, each its own rows', async () => {
    const h = await fileDb();
    const ids = Array.from({ length: 50 }, (_, i) => (i % 2) + 1);
    const rows = await Promise.all(ids.map((id) => sql<{ id: number }>`select id from t where id = ${id}`.execute(h.readDb)));
    expect(rows.map((r) => r.rows[0]?.id)).toEqual(ids);
  });

  it('is the server connection itself when turned off, for memory, and refuses reads once closed', async () => {
    const off = await fileDb(false);
    expect(off.readDb).toBe(off.db);
    expect(off.reads).toBeNull();
    const memory = await openDatabase({ sqliteFile: ':memory:' });
    expect(memory.readDb).toBe(memory.db);
    await memory.close();
    const h = await fileDb();
    await sql`select 1`.execute(h.readDb);
    handles.splice(handles.indexOf(h), 1);
    await h.close();
    await expect(sql`select 1`.execute(h.readDb)).rejects.toThrow();
  });
});
