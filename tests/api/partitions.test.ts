/**
 * PostgreSQL's month partitions of the hourly tables (migration 0067, lifecycle/partition-job.ts): a database written
 * by the previous version migrates forward without losing or moving a row (its table becomes the legacy partition);
 * the partitions job creates the months ahead, moves rows the DEFAULT partition caught, and drops a month once all
 * of it has outlived HOURLY_RETENTION_DAYS — the kept days' totals unchanged. On SQLite the migration does nothing, the job
 * is not registered and the data-retention job keeps deleting rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { migrateToLatest } from '../../src/server/db/index.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { LIFECYCLE_JOB } from '../../src/server/lifecycle/jobs.ts';
import { PARTITIONS_JOB } from '../../src/server/lifecycle/partition-job.ts';
import { partitionsOf } from '../../src/server/lifecycle/partitions.ts';
import { HOUR_TABLES } from '../../src/server/lifecycle/policy.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';
import type { BoardCard } from '../../src/shared/dashboard.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { addAdFact, addOrderFact, addRollup } from '../support/factories-facts.ts';

const at = parseChinaTime;

/** Every row of each hourly table, in key order, as plain numbers and strings. */
async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of HOUR_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]))).sort();
  }
  return out;
}

/** Facts of one link at `when` in all three hourly tables (and their daily ones), as the syncs write them. */
async function facts(db: Db, customerid: number, when: number, n = 1, derived = true): Promise<void> {
  await addRollup(db, { pageid: '7001', customerid, at: when, visits: n }, { derived });
  await addAdFact(
    db,
    {
      platform: 2,
      advertiser_id: 'A',
      customerid,
      plan_id: 'P',
      pageid: '7001',
      at: when,
      cost_fen: 100 * n,
      shows: 10,
      clicks: n,
    },
    { derived },
  );
  await addOrderFact(
    db,
    {
      customerid,
      pageid: '7001',
      item_id: 'I',
      channel: 2,
      plan_id: 'P',
      at: when,
      orders: n,
      order_fen: 500 * n,
      paid_orders: n,
      paid_fen: 500 * n,
    },
    { derived },
  );
}

const names = async (db: Db, table: (typeof HOUR_TABLES)[number]) => (await partitionsOf(db, table)).map((p) => p.name.slice(table.length));

/** PGlite applies every migration up to the old schema first: 26 s on an idle machine, over a minute on a loaded one. */
const UPGRADE_TIMEOUT = 180_000;

describe.each(dialects())('hourly tables partitioned by month on $name', (dialect) => {
  it(
    'an upgrade keeps every row: the old table becomes the legacy partition, new months and upserts keep working',
    async () => {
      const h = await databaseAt(dialect.name, '0066_ad_customer_days');
      try {
        const db = h.db;
        // hourly and daily rows only: this version's derived writers need tables the old schema lacks (plan periods, 0070)
        for (const when of [at('2026-09-30 23:00'), at('2026-10-01 00:00'), at('2026-11-26 13:00')]) await facts(db, 1, when, 1, false);
        const before = await snapshot(db);
        await migrateToLatest(h);
        expect(await snapshot(db)).toEqual(before);
        if (h.engine === 'postgres') {
          for (const table of HOUR_TABLES) {
            expect(await names(db, table), table).toEqual(['_legacy', '_p202612', '_default']);
            const [legacy] = await partitionsOf(db, table);
            expect(legacy?.to).toBe(at('2026-12-01'));
            // the parent has the old indexes under their old names; the legacy part kept (adopted) its own
            const idx = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = ${table}`.execute(db);
            expect(idx.rows.map((r) => r.indexname)).toContain(`${table}_pk`);
            expect(idx.rows.length).toBeGreaterThanOrEqual(3);
          }
        }
        // an upsert onto a legacy row adds to it; a December hour lands in its month
        await facts(db, 1, at('2026-11-26 13:10'), 2);
        await facts(db, 1, at('2026-12-02 08:00'));
        const ad = await db.selectFrom('ad_facts_hourly').select(['hour', 'cost_fen']).orderBy('hour').execute();
        expect(ad.map((r) => [Number(r.hour), Number(r.cost_fen)])).toEqual([
          [at('2026-09-30 23:00'), 100],
          [at('2026-10-01 00:00'), 100],
          [at('2026-11-26 13:00'), 300],
          [at('2026-12-02 08:00'), 100],
        ]);
        if (h.engine === 'postgres') {
          const where = await sql<{
            part: string;
          }>`select tableoid::regclass::text as part from ad_facts_hourly where hour = ${at('2026-12-02 08:00')}`.execute(db);
          expect(where.rows).toEqual([{ part: 'ad_facts_hourly_p202612' }]);
        }
      } finally {
        await h.close();
      }
    },
    UPGRADE_TIMEOUT,
  );
});

describe.each(dialects())('the partitions job ($name)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let token = '';
  let customerid = 0;
  const card = async (day: string) =>
    (await t.post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', start: day, end: day }, { token })).body.data.metrics;

  beforeAll(async () => {
    clock = new ManualClock(at('2026-05-10 04:00') * 1000);
    t = await makeTestApp(dialect, {}, { clock });
    customerid = (await createUser(t.deps, { email: 'c@x.cn', password: 'secret123', role: 3 })).id;
    await insertLinkRow(t.deps.db, { pageid: '7001', customerid });
    // across the April/May boundary, and two days in November
    for (const when of [at('2026-04-30 23:00'), at('2026-05-01 00:00'), at('2026-11-20 10:00'), at('2026-11-24 01:00')])
      await facts(t.deps.db, customerid, when);
  });
  afterAll(() => t.close());

  it('creates this month and the next two, moving in the rows the DEFAULT partition caught; leaves later ones there', async () => {
    if (dialect.name === 'sqlite') return; // not registered: SQLite has no partitions
    await t.deps.jobs.run(PARTITIONS_JOB);
    for (const table of HOUR_TABLES)
      expect(await names(t.deps.db, table), table).toEqual(['_p202604', '_p202605', '_p202606', '_p202607', '_default']);
    const run = await t.deps.db
      .selectFrom('job_runs')
      .select(['rows', 'error'])
      .where('job', '=', PARTITIONS_JOB)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ rows: 3 * 2, error: '' });
  });

  it('six months on, drops April whole (older than 190 days), keeps May and the totals of every kept day', async () => {
    const kept = ['2026-05-01', '2026-11-20', '2026-11-24'];
    clock.set(at('2026-11-24 03:30') * 1000);
    token = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: 'c@x.cn', password: 'secret123' })).body.data.jwt;
    const before = await Promise.all(kept.map(card));
    expect(before.map((m) => m.sum_cost)).toEqual([1, 1, 1]);
    if (dialect.name !== 'sqlite') await t.deps.jobs.run(PARTITIONS_JOB);
    await t.deps.jobs.run(LIFECYCLE_JOB);
    expect(await Promise.all(kept.map(card))).toEqual(before);
    const hours = (await t.deps.db.selectFrom('ad_facts_hourly').select('hour').orderBy('hour').execute()).map((r) => Number(r.hour));
    // the per-customer hours (src/server/ads/customer-hours.ts) lose what the hourly facts lost, row deletes or a dropped month
    const customerHours = await t.deps.db.selectFrom('ad_customer_hours').select('hour').orderBy('hour').execute();
    expect(customerHours.map((r) => Number(r.hour))).toEqual(hours);
    if (dialect.name === 'sqlite') {
      // row by row: 2026-05-01 00:00 is older than 190 days too
      expect(hours).toEqual([at('2026-11-20 10:00'), at('2026-11-24 01:00')]);
      return;
    }
    // May (to 2026-06-01) is not wholly older than 2026-05-18, so it stays whole until June has aged out
    expect(hours).toEqual([at('2026-05-01 00:00'), at('2026-11-20 10:00'), at('2026-11-24 01:00')]);
    for (const table of HOUR_TABLES)
      expect(await names(t.deps.db, table), table).toEqual([
        '_p202605',
        '_p202606',
        '_p202607',
        '_p202611',
        '_p202612',
        '_p202701',
        '_default',
      ]);
    const left = await sql<{ n: number }>`select count(*)::int as n from ad_facts_hourly_default`.execute(t.deps.db);
    expect(left.rows[0]?.n).toBe(0);
  });
});
