/**
 * PostgreSQL's day partitions of the raw tracking tables (migration 0068, lifecycle/partition-job.ts): a database
 * written by the previous version migrates forward without losing or moving a row, and the processor goes on through
 * a backlog that spans the upgrade; the partitions job creates days ahead, moves rows the DEFAULT partition caught,
 * and drops a day once all of it has outlived RAW_RETENTION_DAYS and been processed. On SQLite the migration does
 * nothing and the tracking-retention job deletes rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/index.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { PARTITIONS_JOB } from '../../src/server/lifecycle/partition-job.ts';
import { partitionsOf } from '../../src/server/lifecycle/partitions.ts';
import { RETENTION_JOB } from '../../src/server/tracking/jobs.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import { RAW_TABLES, readMarks } from '../../src/server/tracking/progress.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { databaseAt, dialects } from '../support/dialects.ts';

const at = parseChinaTime;

/** Every row of both raw tables, in id order, as plain numbers and strings. */
async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of RAW_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(db);
    out[table] = rows.map((r) => Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]));
  }
  return out;
}

/** A ping (and a visit) to a page nobody owns: the processor refuses it, which is all these tests need. */
const ping = (db: Db, when: number) =>
  db.insertInto('monitor_raw').values({ kind: 'c', pageid: '123456789', query: 'ch=2', ip: '', ua: '', received_at: when }).execute();
const visit = (db: Db, when: number) =>
  db.insertInto('landing_visits').values({ pageid: '123456789', query: '', ip: '', ua: '', referer: '', received_at: when }).execute();

/** `_p202611dd` for each November day from `first` to `last`. */
const days = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => `_p202611${first + i}`);

const names = async (db: Db, table: string) => (await partitionsOf(db, table)).map((p) => p.name.slice(table.length));

/** PGlite applies every migration up to the old schema first: 26 s on an idle machine, over a minute on a loaded one. */
const UPGRADE_TIMEOUT = 180_000;

describe.each(dialects())('raw tracking tables partitioned by day on $name', (dialect) => {
  it(
    'an upgrade keeps every row, and the processor goes on through a backlog that spans it',
    async () => {
      const h = await databaseAt(dialect.name, '0067_partitioned_facts');
      try {
        const db = h.db;
        for (const when of [at('2026-11-25 23:59'), at('2026-11-26 00:00')]) await ping(db, when);
        await visit(db, at('2026-11-25 12:00'));
        expect(await processAll(db, h.engine)).toMatchObject({ monitor: 2, visits: 1 });
        // the backlog: written before the upgrade, processed after it
        await ping(db, at('2026-11-27 08:00'));
        await visit(db, at('2026-11-27 09:00'));
        const before = await snapshot(db);
        await migrateToLatest(h);
        expect(await snapshot(db)).toEqual(before);
        if (h.engine === 'postgres') {
          for (const table of RAW_TABLES) {
            expect(await names(db, table), table).toEqual(['_legacy', '_p20261128', '_default']);
            const [legacy] = await partitionsOf(db, table);
            expect(legacy?.to).toBe(at('2026-11-28'));
            const pk = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
            where conrelid = ${table}::regclass and contype = 'p'`.execute(db);
            expect(pk.rows).toEqual([{ def: 'PRIMARY KEY (id, received_at)' }]);
          }
        }
        // new rows take the next ids of the same sequence; a ping of the 28th lands in its day
        await ping(db, at('2026-11-28 10:00'));
        const ids = (await db.selectFrom('monitor_raw').select('id').orderBy('id').execute()).map((r) => Number(r.id));
        expect(ids).toEqual([1, 2, 3, 4]);
        if (h.engine === 'postgres') {
          const where = await sql<{ part: string }>`select tableoid::regclass::text as part from monitor_raw where id = 4`.execute(db);
          expect(where.rows).toEqual([{ part: 'monitor_raw_p20261128' }]);
        }
        expect(await processAll(db, h.engine)).toMatchObject({ monitor: 2, visits: 1 });
        expect(await readMarks(db)).toEqual({ monitor_raw: 4, landing_visits: 2 });
        expect(await processAll(db, h.engine)).toMatchObject({ monitor: 0, visits: 0 });
      } finally {
        await h.close();
      }
    },
    UPGRADE_TIMEOUT,
  );
});

describe.each(dialects())('the partitions job on the raw tables ($name)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(at('2026-11-27 10:00') * 1000);
    t = await makeTestApp(dialect, {}, { clock });
    for (const when of [at('2026-11-18 10:00'), at('2026-11-25 10:00'), at('2026-11-27 09:00')]) await ping(t.deps.db, when);
    await visit(t.deps.db, at('2026-11-25 11:00'));
  });
  afterAll(() => t.close());

  it('creates today and the next two days, moving in the rows the DEFAULT partition caught within the retention', async () => {
    if (dialect.name === 'sqlite') return; // not registered: SQLite has no partitions
    await t.deps.jobs.run(PARTITIONS_JOB);
    // the 18th is older than RAW_RETENTION_DAYS (7): it stays in DEFAULT for the row deletes; the days between the
    // oldest kept row and the newest are created too (empty ones included)
    expect(await names(t.deps.db, 'monitor_raw')).toEqual([...days(20, 29), '_default']);
    expect(await names(t.deps.db, 'landing_visits')).toEqual(['_p20261125', ...days(27, 29), '_default']);
    const run = await t.deps.db
      .selectFrom('job_runs')
      .select(['rows', 'error'])
      .where('job', '=', PARTITIONS_JOB)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ rows: 3, error: '' });
  });

  it('a week on, drops the 25th only once processed; the old DEFAULT row goes row by row', async () => {
    clock.set(at('2026-12-03 10:00') * 1000);
    const pg = dialect.name !== 'sqlite';
    if (pg) {
      await t.deps.jobs.run(PARTITIONS_JOB);
      // wholly older than 7 days, but not processed yet: the processor still has to read it
      expect((await names(t.deps.db, 'monitor_raw')).slice(0, 1)).toEqual(['_p20261125']);
    }
    await processAll(t.deps.db, t.deps.engine);
    if (pg) {
      await t.deps.jobs.run(PARTITIONS_JOB);
      // the 26th ends after the cutoff (2026-11-26 10:00): kept; the 30th to the 2nd were never needed
      const later = ['_p20261203', '_p20261204', '_p20261205', '_default'];
      expect(await names(t.deps.db, 'monitor_raw')).toEqual([...days(26, 29), ...later]);
      expect(await names(t.deps.db, 'landing_visits')).toEqual([...days(27, 29), ...later]);
    }
    await t.deps.jobs.run(RETENTION_JOB);
    const left = (await t.deps.db.selectFrom('monitor_raw').select('received_at').orderBy('id').execute()).map((r) =>
      Number(r.received_at),
    );
    expect(left).toEqual([at('2026-11-27 09:00')]);
    expect(await t.deps.db.selectFrom('landing_visits').select('id').execute()).toEqual([]);
  });
});
