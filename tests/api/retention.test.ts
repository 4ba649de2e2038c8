import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneRawEvents } from '../../src/server/tracking/retention.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

const DAY = 86400;
const NOW = 1_800_000_000;

describe.each(dialects())('raw event retention on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await makeTestApp(dialect)));
  afterAll(() => t.close());

  it('deletes processed raw rows older than the window, keeps young and unprocessed ones', async () => {
    const db = t.deps.db;
    const rows = (n: number, ageDays: number, processed: number) =>
      Array.from({ length: n }, () => ({
        kind: 'c',
        pageid: '123456789',
        query: 'ch=2',
        ip: '',
        ua: '',
        received_at: NOW - ageDays * DAY,
        processed,
      }));
    // id order follows time: 2 500 old processed, 3 old unprocessed, 4 young processed, 2 young unprocessed
    await db
      .insertInto('monitor_raw')
      .values(rows(2500, 10, 1))
      .execute();
    await db
      .insertInto('monitor_raw')
      .values(rows(3, 9, 0))
      .execute();
    await db
      .insertInto('monitor_raw')
      .values(rows(4, 1, 1))
      .execute();
    await db
      .insertInto('monitor_raw')
      .values(rows(2, 0, 0))
      .execute();
    await db
      .insertInto('landing_visits')
      .values([{ pageid: '123456789', query: '', ip: '', ua: '', referer: '', received_at: NOW - 30 * DAY, processed: 1 }])
      .execute();

    expect(await pruneRawEvents(db, 7, NOW)).toEqual({ monitor: 2500, visits: 1 });
    const left = await db.selectFrom('monitor_raw').select(['processed', 'received_at']).execute();
    expect(left).toHaveLength(9);
    expect(left.filter((r) => Number(r.processed) === 0)).toHaveLength(5);
    expect(await pruneRawEvents(db, 7, NOW)).toEqual({ monitor: 0, visits: 0 });
  });
});
