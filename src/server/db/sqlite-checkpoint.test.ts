import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './index.ts';
import { startCheckpointer } from './sqlite-checkpoint.ts';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const h of handles.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function fileDb(backgroundCheckpoint: boolean): Promise<{ h: DatabaseHandle; file: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tf-ckpt-'));
  dirs.push(dir);
  const file = path.join(dir, 'db.sqlite');
  const h = await openDatabase({ sqliteFile: file, backgroundCheckpoint, checkpointEveryMs: 10 });
  handles.push(h);
  await sql`create table t (id integer primary key, body text not null)`.execute(h.db);
  return { h, file };
}

/** ~2 MB in 20 commits: far below the connection's own automatic checkpoint (64 MB). */
async function write(h: DatabaseHandle): Promise<void> {
  const body = 'x'.repeat(1000);
  for (let i = 0; i < 20; i++) {
    await h.db.transaction().execute(async (tx) => {
      for (let j = 0; j < 100; j++) await sql`insert into t (body) values (${body})`.execute(tx);
    });
  }
}

async function until(done: () => boolean, ms = 5000): Promise<boolean> {
  for (const end = performance.now() + ms; performance.now() < end; ) {
    if (done()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return done();
}

describe('SQLite checkpoints on a worker thread', () => {
  it('copies committed WAL pages into the database file while the server connection stays open', async () => {
    const { h, file } = await fileDb(true);
    const before = statSync(file).size;
    await write(h);
    expect(await until(() => (h.checkpoints?.pages ?? 0) > 400)).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(before + 1_500_000);
    expect(h.checkpoints?.error).toBe('');
    const [row] = (await sql<{ n: number }>`select count(*) as n from t`.execute(h.db)).rows;
    expect(row?.n).toBe(2000);
  });

  it('without it, the pages stay in the WAL until the connection checkpoints (the A/B switch)', async () => {
    const { h, file } = await fileDb(false);
    const before = statSync(file).size;
    await write(h);
    await new Promise((r) => setTimeout(r, 100));
    expect(h.checkpoints).toBeNull();
    expect(statSync(file).size).toBe(before);
  });

  it('stops with the handle, and a file it cannot open is reported, not thrown', async () => {
    const { h } = await fileDb(true);
    await h.close();
    handles.splice(handles.indexOf(h), 1);
    const errors: string[] = [];
    const c = startCheckpointer('/nonexistent-dir/db.sqlite', 10, (m) => errors.push(m));
    expect(await until(() => errors.length > 0)).toBe(true);
    expect(errors[0]).toMatch(/unable to open|no such/i);
    await c.stop();
  });
});
