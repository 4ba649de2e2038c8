import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf, insertRows, isUniqueViolation } from '../../src/server/db/dialect.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/index.ts';
import { dialects } from '../support/dialects.ts';

describe.each(dialects())('driver errors on $name', (dialect) => {
  let h: DatabaseHandle;
  beforeAll(async () => (h = await dialect.open()));
  afterAll(() => h.close());

  it('engineOf names the engine behind the handle and behind its transactions', async () => {
    expect(engineOf(h.db)).toBe(h.engine);
    expect(await h.db.transaction().execute(async (tx) => engineOf(tx))).toBe(h.engine);
    expect(engineOf(h.readDb)).toBe(h.engine);
  });

  it('recognises a unique violation and nothing else', async () => {
    await h.db.insertInto('leases').values({ name: 'x', holder: 'a', expires_at: 1 }).execute();
    const dup = await h.db
      .insertInto('leases')
      .values({ name: 'x', holder: 'b', expires_at: 1 })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
    const other = await sql`select * from no_such_table`.execute(h.db).catch((e: unknown) => e);
    expect(isUniqueViolation(other)).toBe(false);
  });

  it('insertRows writes every row across its statements and returns what the tail returns', async () => {
    await sql`create table bulk_rows (n bigint not null primary key, label text not null)`.execute(h.db);
    const cols = [
      ['n', 'int'],
      ['label', 'text'],
    ] as const;
    // 1 234 rows: three statements on SQLite (500 rows each at most), one on PostgreSQL; odd rows first
    const rows = Array.from({ length: 1234 }, (_, i) => [i % 2 ? i : 10_000 + i, `第${i}行 'q' \\ %`] as const);
    const returned = await insertRows<{ n: number }>(h.db, h.engine, 'bulk_rows', cols, rows, 'returning n');
    expect(returned.map((r) => Number(r.n)).sort((a, b) => a - b)).toEqual(rows.map(([n]) => n).sort((a, b) => a - b));
    const stored = await sql<{ n: number; label: string }>`select n, label from bulk_rows order by n`.execute(h.db);
    expect(stored.rows.map((r) => [Number(r.n), r.label])).toEqual([...rows].sort((a, b) => a[0] - b[0]));
    // a conflict skips the row: only the new ones come back
    const again = await insertRows<{ n: number }>(
      h.db,
      h.engine,
      'bulk_rows',
      cols,
      [...rows.slice(600, 700), [99_999, 'new']],
      'on conflict do nothing returning n',
    );
    expect(again.map((r) => Number(r.n))).toEqual([99_999]);
    expect(await insertRows(h.db, h.engine, 'bulk_rows', cols, [])).toEqual([]);
  });
});

it('migrations are idempotent: a second run changes nothing', async () => {
  const h = await openDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(h);
  await expect(migrateToLatest(h)).resolves.toBeUndefined();
  await h.close();
});
