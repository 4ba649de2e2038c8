import { expect } from 'vitest';
import { type DatabaseHandle, migrateToLatest } from '../../src/server/db/index.ts';

/**
 * An upgrade test's middle: `read` on the database as the previous version left it, `migrateToLatest`, then the
 * stored rows (`rows`) must be what they were and `read` must answer what it answered before. Resolves to the
 * answer after the upgrade, for the test to check against the rows themselves.
 */
export async function acrossUpgrade<T>(h: DatabaseHandle, rows: () => Promise<unknown>, read: () => Promise<T>): Promise<T> {
  const before = await rows();
  const atPrevious = await read();
  await migrateToLatest(h);
  expect(await rows(), 'the stored rows after the upgrade').toEqual(before);
  const atLatest = await read();
  expect(atLatest, 'the answer after the upgrade').toEqual(atPrevious);
  return atLatest;
}
