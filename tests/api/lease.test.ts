import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLease, releaseLease } from '../../src/server/cluster/lease.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

const NOW = 1_800_000_000;

describe.each(dialects())('leases on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await makeTestApp(dialect)));
  afterAll(() => t.close());

  it('gives a lease to one holder at a time, renews it for that holder, and hands it over after expiry or release', async () => {
    const db = t.deps.db;
    expect(await acquireLease(db, 'job', 60, 'a', NOW)).toBe(true);
    expect(await acquireLease(db, 'job', 60, 'b', NOW)).toBe(false);
    expect(await acquireLease(db, 'job', 60, 'a', NOW)).toBe(true);
    await db.updateTable('leases').set({ expires_at: NOW }).where('name', '=', 'job').execute();
    expect(await acquireLease(db, 'job', 60, 'b', NOW)).toBe(true);
    expect(await acquireLease(db, 'job', 60, 'a', NOW)).toBe(false);
    await releaseLease(db, 'job', 'b');
    expect(await acquireLease(db, 'job', 60, 'a', NOW)).toBe(true);
  });

  it('lets exactly one of many concurrent callers win', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => acquireLease(t.deps.db, 'race', 60, `n${i}`, NOW)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
