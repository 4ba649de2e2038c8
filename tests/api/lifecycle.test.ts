import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { LIFECYCLE_JOB } from '../../src/server/lifecycle/jobs.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';
import type { BoardCard } from '../../src/shared/dashboard.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { addAdFact, addOrderFact, addRollup } from '../support/factories-facts.ts';

const DAY = 86400;
const NOW = parseChinaTime('2026-11-24 03:30');

const count = async (
  t: TestApp,
  table:
    | 'monitor_events'
    | 'visit_events'
    | 'monitor_rejects'
    | 'click_keys'
    | 'rollup_hourly'
    | 'rollup_daily'
    | 'ad_facts_hourly'
    | 'ad_customer_hours'
    | 'ad_facts_daily'
    | 'order_facts_hourly'
    | 'order_facts_daily',
) =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(dialects())('data lifecycle ($name)', (dialect) => {
  let t: TestApp;
  let customerid = 0;
  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock: new ManualClock(NOW * 1000) });
    customerid = (await createUser(t.deps, { email: 'c@x.cn', password: 'secret123', role: 3 })).id;
    await insertLinkRow(t.deps.db, { pageid: '7001', customerid });
    const db = t.deps.db;
    const event = (ageDays: number) => ({
      raw_id: 1,
      pageid: '7001',
      customerid,
      kind: 'click',
      channel: 2,
      adv: '',
      camp: '',
      aid: '',
      cid: '',
      clickid: '',
      callback: '',
      os: '',
      ip: '',
      ua: '',
      ts: NOW - ageDays * DAY,
      received_at: NOW - ageDays * DAY,
      dup: 0,
    });
    // ids follow time, as the processor writes them: 2 100 events older than 60 days, then 3 younger
    for (let i = 0; i < 2100; i += 700)
      await db
        .insertInto('monitor_events')
        .values(Array.from({ length: 700 }, () => event(70)))
        .execute();
    await db
      .insertInto('monitor_events')
      .values([event(59), event(10), event(0)])
      .execute();
    const visit = (ageDays: number) => ({
      raw_id: 1,
      pageid: '7001',
      customerid,
      click_param: '',
      clickid: '',
      ip: '',
      ua: '',
      received_at: NOW - ageDays * DAY,
    });
    await db
      .insertInto('visit_events')
      .values([visit(61), visit(61), visit(5)])
      .execute();
    const reject = (ageDays: number) => ({
      source: 'monitor',
      raw_id: 1,
      kind: 'c',
      pageid: '7001',
      reason: 'x',
      detail: '',
      received_at: NOW - ageDays * DAY,
    });
    await db
      .insertInto('monitor_rejects')
      .values([reject(31), reject(29)])
      .execute();
    await db
      .insertInto('click_keys')
      .values([
        { pageid: '7001', key: 'old', first_at: NOW - 61 * DAY },
        { pageid: '7001', key: 'new', first_at: NOW - DAY },
      ])
      .execute();
    for (const age of [200, 191, 189, 1]) {
      const at = NOW - age * DAY;
      await addRollup(db, { pageid: '7001', customerid, at, visits: 1 });
      await addAdFact(db, {
        platform: 2,
        advertiser_id: 'A',
        customerid,
        plan_id: 'P',
        pageid: '7001',
        at,
        cost_fen: 100,
        shows: 10,
        clicks: 1,
      });
      await addOrderFact(db, {
        customerid,
        pageid: '7001',
        item_id: 'I',
        channel: 2,
        plan_id: 'P',
        at,
        orders: 1,
        order_fen: 500,
        paid_orders: 1,
        paid_fen: 500,
      });
    }
  });
  afterAll(() => t.close());

  it('deletes parsed events, visits and keys after 60 days, rejects after 30, hourly rollups and facts after 190; daily ones stay', async () => {
    expect(await count(t, 'ad_customer_hours')).toBe(4);
    await t.deps.jobs.run(LIFECYCLE_JOB);
    expect(await count(t, 'monitor_events')).toBe(3);
    expect(await count(t, 'visit_events')).toBe(1);
    expect(await count(t, 'monitor_rejects')).toBe(1);
    expect(await count(t, 'click_keys')).toBe(1);
    // the per-customer hours of the ad facts lose the same hours (src/server/ads/customer-hours.ts)
    for (const table of ['rollup_hourly', 'ad_facts_hourly', 'order_facts_hourly', 'ad_customer_hours'] as const)
      expect(await count(t, table), table).toBe(2);
    for (const table of ['rollup_daily', 'ad_facts_daily', 'order_facts_daily'] as const) expect(await count(t, table), table).toBe(4);
    const run = await t.deps.db.selectFrom('job_runs').select(['rows', 'error']).where('job', '=', LIFECYCLE_JOB).executeTakeFirstOrThrow();
    expect(run).toEqual({ rows: 2100 + 2 + 1 + 1 + 3 * 2 + 2, error: '' });
  });

  it('a second run deletes nothing more', async () => {
    await t.deps.jobs.run(LIFECYCLE_JOB);
    expect(await count(t, 'monitor_events')).toBe(3);
    expect(await count(t, 'ad_facts_hourly')).toBe(2);
    expect(await count(t, 'ad_customer_hours')).toBe(2);
  });

  it('a board of an old day still reads its totals from the daily facts', async () => {
    const token = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: 'c@x.cn', password: 'secret123' })).body.data.jwt;
    const day = new Date((NOW - 191 * DAY + 8 * 3600) * 1000).toISOString().slice(0, 10);
    const r = await t.post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', start: day, end: day }, { token });
    expect(r.body.code).toBe(1);
    expect(r.body.data.metrics.sum_cost).toBe(1);
    expect(r.body.data.metrics.order_price).toBe(5);
  });
});

describe('retention settings', () => {
  it('defaults to 60 / 30 / 190 days and refuses periods shorter than what attribution and boards read', () => {
    expect(loadConfig({})).toMatchObject({ EVENT_RETENTION_DAYS: 60, REJECT_RETENTION_DAYS: 30, HOURLY_RETENTION_DAYS: 190 });
    expect(loadConfig({ EVENT_RETENTION_DAYS: '0', HOURLY_RETENTION_DAYS: '0' })).toMatchObject({
      EVENT_RETENTION_DAYS: 0,
      HOURLY_RETENTION_DAYS: 0,
    });
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: '20' })).toThrow(/EVENT_RETENTION_DAYS="20": must be 0 \(keep\) or at least 35 days/);
    expect(() => loadConfig({ HOURLY_RETENTION_DAYS: '100' })).toThrow(
      /HOURLY_RETENTION_DAYS="100": must be 0 \(keep\) or at least 185 days/,
    );
  });
});
