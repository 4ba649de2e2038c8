import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAll } from '../../src/server/tracking/processor.ts';
import { pruneRawEvents } from '../../src/server/tracking/retention.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

const DAY = 86400;
const NOW = 1_800_000_000;

describe.each(dialects())('raw event retention on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await makeTestApp(dialect)));
  afterAll(() => t.close());

  it('deletes processed raw rows (ids up to the mark) older than the window, keeps young and unprocessed ones', async () => {
    const db = t.deps.db;
    const rows = (n: number, ageDays: number) =>
      Array.from({ length: n }, () => ({
        kind: 'c',
        pageid: '123456789',
        query: 'ch=2',
        ip: '',
        ua: '',
        received_at: NOW - ageDays * DAY,
      }));
    // id order follows time: 2 500 old rows processed (refused: unknown page), then 3 old, 4 young and 2 young unprocessed
    await db.insertInto('monitor_raw').values(rows(2500, 10)).execute();
    await db
      .insertInto('landing_visits')
      .values([{ pageid: '123456789', query: '', ip: '', ua: '', referer: '', received_at: NOW - 30 * DAY }])
      .execute();
    expect(await processAll(db, t.deps.engine)).toEqual({ monitor: 2500, visits: 1, rejects: 2501 });
    await db.insertInto('monitor_raw').values(rows(3, 9)).execute();
    await db.insertInto('monitor_raw').values(rows(4, 1)).execute();
    await db.insertInto('monitor_raw').values(rows(2, 0)).execute();

    expect(await pruneRawEvents(db, t.deps.engine, 7, NOW)).toEqual({ monitor: 2500, visits: 1 });
    expect(await db.selectFrom('monitor_raw').select('id').execute()).toHaveLength(9);
    expect(await pruneRawEvents(db, t.deps.engine, 7, NOW)).toEqual({ monitor: 0, visits: 0 });

    // once processed, the 3 old rows go; the young ones stay
    expect(await processAll(db, t.deps.engine)).toEqual({ monitor: 9, visits: 0, rejects: 9 });
    expect(await pruneRawEvents(db, t.deps.engine, 7, NOW)).toEqual({ monitor: 3, visits: 0 });
    const left = await db.selectFrom('monitor_raw').select('received_at').execute();
    expect(left.map((r) => Number(r.received_at)).every((at) => at >= NOW - DAY)).toBe(true);
    expect(left).toHaveLength(6);
  });
});
