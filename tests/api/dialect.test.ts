import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/server/db/dialect.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/index.ts';
import { dialects } from '../support/dialects.ts';

describe.each(dialects())('driver errors on $name', (dialect) => {
  let h: DatabaseHandle;
  beforeAll(async () => (h = await dialect.open()));
  afterAll(() => h.close());

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
});

it('migrations are idempotent: a second run changes nothing', async () => {
  const h = await openDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(h);
  await expect(migrateToLatest(h)).resolves.toBeUndefined();
  await h.close();
});
