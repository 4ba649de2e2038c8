/**
 * The day blocks of our monitor's link rollups (`rollup_blocks`, src/server/tracking/rollup-blocks.ts) equal the daily
 * rollups they add up, count for count and per customer: written by the processor's own path (raw pings and visits
 * through `insertRawBatch`, then `processAll`) over 100 days, with pings of closed days processed late, a link moved
 * to another customer mid-block (its daily rows keep their first customer; the blocks must follow them, not the ping),
 * and after retention deleted the old hourly rollups. The read model's rollup sums (by link, item, customer, total,
 * narrowed by customer, account and plan) read with the blocks equal the same sums read from the daily rollups only.
 * Every customer's rollups (an admin's reads) are read by the customers' index ranges (facts/every-customer.ts): the
 * same sums as a read with no customer condition, a customer whose only pings are today's included.
 * And the upgrade: migration 0071 back-fills the blocks of a database that has only daily rollups.
 */
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockStart } from '../../src/server/ads/day-pieces.ts';
import { migrateToLatest } from '../../src/server/db/index.ts';
import { rollupBlocks } from '../../src/server/facts/days.ts';
import { customerSeek } from '../../src/server/facts/every-customer.ts';
import type { FactFilter, KeyPart } from '../../src/server/facts/query.ts';
import { sumsBy } from '../../src/server/facts/sums.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { pruneOldestHour } from '../../src/server/lifecycle/store.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import { insertRawBatch } from '../../src/server/tracking/store.ts';
import type { LandingVisitsTable, MonitorRawTable } from '../../src/server/tracking/tables.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
import { insertLinkRow, makeUser } from '../support/factories.ts';

const DAY = 86_400;
const COUNTS = ['shows', 'clicks', 'visits', 'invalid_shows', 'invalid_clicks', 'invalid_visits'] as const;
const num = (v: unknown) => Number(v);

/** Every block the daily rollups make, computed here from the daily rows, vs what is stored. */
async function expectBlocksEqualDaily(db: Db) {
  const want = new Map<string, number[]>();
  for (const r of await db.selectFrom('rollup_daily').selectAll().execute())
    for (const len of [8, 64]) {
      const k = [len, blockStart(num(r.day), len), r.pageid, r.adv, r.aid, r.customerid].join('|');
      const s = want.get(k) ?? COUNTS.map(() => 0);
      want.set(
        k,
        COUNTS.map((c, i) => s[i]! + num(r[c])),
      );
    }
  const stored = await db.selectFrom('rollup_blocks').selectAll().execute();
  const got = new Map(
    stored.map((r) => [[r.days, num(r.day), r.pageid, r.adv, r.aid, r.customerid].join('|'), COUNTS.map((c) => num(r[c]))]),
  );
  expect(got.size).toBe(stored.length);
  expect(want.size).toBeGreaterThan(0);
  expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...want].sort()));
}

describe.each(dialects())('link rollup day blocks ($name)', (dialect) => {
  const clock = testClock();
  const today = chinaDayStart(Math.floor(clock.now()));
  const first = today - 100 * DAY;
  let t: TestApp;
  let a: number;
  let b: number;
  let n = 0;

  /** Pings of day d (shows and clicks of two accounts and three plans, some visits) for the three links. */
  function pingsOf(d: number, late = false): { monitor: Insertable<MonitorRawTable>[]; visits: Insertable<LandingVisitsTable>[] } {
    const monitor: Insertable<MonitorRawTable>[] = [];
    const visits: Insertable<LandingVisitsTable>[] = [];
    for (const [li, pageid] of ['910001', '910002', '910003'].entries())
      for (let k = 0; k < 2 + ((d + li) % 3); k++) {
        n += 1;
        const at = first + d * DAY + 3600 * (8 + k) + (late ? 1800 : 0);
        const query = `ch=2&adv=A${(d + k) % 2}&aid=P${(d + li + k) % 3}&ip=36.1.${n >> 8}.${n & 255}&ua=Mozilla%2F5.0%20(Linux%3B%20Android%2014)%20Mobile`;
        const click = k % 2 === 1;
        monitor.push({
          kind: click ? 'c' : 's',
          pageid,
          query: click ? `${query}&clickid=c${n}` : query,
          ip: '203.0.113.9',
          ua: '',
          received_at: at,
        });
        if (click)
          visits.push({
            pageid,
            query: `clickid=c${n}`,
            ip: `36.1.${n >> 8}.${n & 255}`,
            ua: 'Mozilla/5.0 (Linux; Android 14) Mobile',
            referer: '',
            received_at: at + 1,
          });
      }
    return { monitor, visits };
  }
  async function ingest(days: number[], late = false) {
    const monitor: Insertable<MonitorRawTable>[] = [];
    const visits: Insertable<LandingVisitsTable>[] = [];
    for (const d of days) {
      const p = pingsOf(d, late);
      monitor.push(...p.monitor);
      visits.push(...p.visits);
    }
    await insertRawBatch(t.deps.db, t.deps.engine, monitor, visits);
    await processAll(t.deps.db, t.deps.engine, { slice: () => 97, now: () => Math.floor(clock.now()) });
  }

  /** The read model's rollup sums of `f` over `span` by `parts` (key → customer and counts), read with `sw` on, then off. */
  async function onAndOff(sw: { on: boolean }, span: { from: number; to: number }, f: FactFilter, parts: KeyPart[]) {
    const read = async () => {
      const rows = await sumsBy(t.deps.db, span, f, parts, { sources: ['rollup'] });
      return Object.fromEntries([...rows.values()].map((r) => [r.key.join('|'), [r.customerid, r.monitor]]));
    };
    const on = await read();
    sw.on = false;
    const off = await read().finally(() => {
      sw.on = true;
    });
    return [on, off] as const;
  }

  /** The read model's rollup sums with the blocks equal the same sums from the daily rollups only (non-zero ones). */
  async function expectReadsEqualDaily() {
    const filters: FactFilter[] = [
      { customers: null },
      { customers: [a] },
      { customers: [a, b], advertiserId: 'A1' },
      { customers: [b], planId: 'P2' },
      { customers: [a, b], itemId: 'I1' },
    ];
    const groupings: KeyPart[][] = [['link'], ['item'], ['customer'], [], ['advertiser', 'plan']];
    const all = await sumsBy(t.deps.db, { from: today - 90 * DAY, to: today }, { customers: null }, [], { sources: ['rollup'] });
    const total = [...all.values()][0]?.monitor;
    expect(total && total.visits > 0 && total.shows > 0 && total.clicks > 0).toBe(true);
    for (const back of [7, 8, 30, 64, 90, 100])
      for (const end of [today, today - 3 * DAY]) {
        const span = { from: end - back * DAY, to: end };
        for (const f of filters)
          for (const parts of groupings) {
            const [withBlocks, dailyOnly] = await onAndOff(rollupBlocks, span, f, parts);
            expect(withBlocks).toEqual(dailyOnly);
          }
      }
  }

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock });
    a = (await makeUser(t.deps)).id;
    b = (await makeUser(t.deps)).id;
    await insertLinkRow(t.deps.db, { pageid: '910001', customerid: a, itemid: 'I1' });
    await insertLinkRow(t.deps.db, { pageid: '910002', customerid: a, itemid: 'I1', state: 4 });
    await insertLinkRow(t.deps.db, { pageid: '910003', customerid: b, itemid: 'I2' });
    // days 0–59, a few days per batch, then the link 910002 moves to customer b on day 60 (inside an 8-day block)
    for (let d = 0; d < 60; d += 7) await ingest(Array.from({ length: Math.min(7, 60 - d) }, (_, i) => d + i));
    await t.deps.db.updateTable('links').set({ customerid: b }).where('pageid', '=', '910002').execute();
    for (let d = 60; d < 100; d += 9) await ingest(Array.from({ length: Math.min(9, 100 - d) }, (_, i) => d + i));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('after 100 days of processing: the blocks equal the daily rollups and the read model reads the same from both', async () => {
    const days = await t.deps.db.selectFrom('rollup_daily').select(['pageid', 'customerid']).distinct().execute();
    // 910002's days before the move are its first customer's, after it the second's
    expect(
      days
        .filter((r) => r.pageid === '910002')
        .map((r) => r.customerid)
        .sort(),
    ).toEqual([a, b].sort());
    await expectBlocksEqualDaily(t.deps.db);
    await expectReadsEqualDaily();
  });

  it('pings of closed days processed late (after the link moved) add to the daily rows and their blocks alike', async () => {
    // days 55–58 (before the move: 910002's daily rows are customer a's, its pings now say b) and 61, 80
    await ingest([55, 56, 57, 58, 61, 80], true);
    const before = await t.deps.db
      .selectFrom('rollup_daily')
      .select('customerid')
      .where('pageid', '=', '910002')
      .where('day', '<', first + 60 * DAY)
      .execute();
    expect(new Set(before.map((r) => r.customerid))).toEqual(new Set([a]));
    await expectBlocksEqualDaily(t.deps.db);
    await expectReadsEqualDaily();
  });

  it('retention deletes old hourly rollups; the daily rollups and their blocks stay and still give the same sums', async () => {
    expect(await pruneOldestHour(t.deps.db, 'rollup_hourly', today - 30 * DAY)).toBeGreaterThan(0);
    await expectBlocksEqualDaily(t.deps.db);
    await expectReadsEqualDaily();
  });

  it("every customer's rollups read by the customers' index ranges: the same sums as with no customer condition", async () => {
    // a third customer whose link has pings of today only: in the hourly rollups' customers, not yet in closed days'
    const c = (await makeUser(t.deps)).id;
    await insertLinkRow(t.deps.db, { pageid: '910004', customerid: c, itemid: 'I3' });
    const query = 'ch=2&adv=A9&aid=P9&ip=36.9.0.1&ua=Mozilla%2F5.0%20(Linux%3B%20Android%2014)%20Mobile';
    await insertRawBatch(
      t.deps.db,
      t.deps.engine,
      [
        { kind: 's', pageid: '910004', query, ip: '203.0.113.9', ua: '', received_at: today + 60 },
        { kind: 'c', pageid: '910004', query: `${query}&clickid=today1`, ip: '203.0.113.9', ua: '', received_at: today + 61 },
      ],
      [],
    );
    await processAll(t.deps.db, t.deps.engine, { slice: () => 97, now: () => Math.floor(clock.now()) });
    const hourEnd = Math.floor(clock.now() / 3600) * 3600 + 3600;
    const groupings: KeyPart[][] = [['link'], ['item'], ['customer'], [], ['advertiser', 'plan']];
    let sawToday = false;
    for (const span of [
      { from: today - 90 * DAY, to: hourEnd },
      { from: today - 30 * DAY, to: today },
      { from: today - 7 * DAY + 3600, to: today - DAY + 7200 },
    ])
      for (const parts of groupings) {
        const [seek, plain] = await onAndOff(customerSeek, span, { customers: null }, parts);
        expect(seek).toEqual(plain);
        expect(Object.keys(seek).length).toBeGreaterThan(0);
        if (parts[0] === 'link' && '910004' in seek) sawToday = true;
      }
    expect(sawToday).toBe(true);
  });

  it('upgrade: migration 0071 back-fills the blocks from the daily rollups of an existing database', async () => {
    const h = await databaseAt(dialect.name, '0070_ad_plan_periods');
    try {
      for (const [pageid, day, cust, shows] of [
        ['L1', today - DAY, 1, 5],
        ['L1', today - 2 * DAY, 1, 7],
        ['L1', today - 40 * DAY, 2, 9],
        ['L2', today - 70 * DAY, 1, 11],
      ] as const)
        await sql`insert into rollup_daily (day, pageid, customerid, adv, aid, shows, clicks, visits, invalid_shows, invalid_clicks, invalid_visits)
          values (${day}, ${pageid}, ${cust}, 'A', 'P', ${shows}, 2, 1, 1, 1, 0)`.execute(h.db);
      await migrateToLatest(h);
      await expectBlocksEqualDaily(h.db);
    } finally {
      await h.close();
    }
  });
});
