/**
 * The day blocks (`ad_facts_blocks`, src/server/ads/blocks.ts) and the per-customer days (`ad_customer_days`,
 * src/server/ads/customer-days.ts) equal the facts they add up, to the fen: written by the
 * report sync's own per-day step (`upsertHourly` + `rollupDay` in one transaction) over 100 days, after a late
 * re-pull that moves a day of a plan to another account, and after retention deleted the old hourly facts; the read
 * model's sums over 7 to 100 days then equal the hourly facts as last written, by plan and per customer, and so do the
 * boards' day series, totals and lists by channel and account; and the per-customer hours (`ad_customer_hours`,
 * src/server/ads/customer-hours.ts) equal the hourly facts, and the boards' reads by hour the ledger's hours. And the
 * upgrade: migrations 0060, 0066 and 0075
 * back-fill the blocks and the per-customer days of a database that has only daily facts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_DAYS, blockStart } from '../../src/server/ads/blocks.ts';
import { pruneCustomerHours } from '../../src/server/ads/customer-hours.ts';
import type { AdFactsHourlyTable } from '../../src/server/ads/tables.ts';
import { adFactBlocks } from '../../src/server/db/migrations/0060_ad_fact_blocks.ts';
import { adCustomerDays } from '../../src/server/db/migrations/0066_ad_customer_days.ts';
import { adBlockLengths } from '../../src/server/db/migrations/0075_ad_block_lengths.ts';
import { byCustomerDays } from '../../src/server/facts/days.ts';
import { keyedAdSums } from '../../src/server/facts/keyed.ts';
import type { FactFilter, KeyPart } from '../../src/server/facts/query.ts';
import { sumsBy } from '../../src/server/facts/sums.ts';
import { pruneOldestHour } from '../../src/server/lifecycle/store.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import { expectAdCustomerHoursExact } from '../support/ad-customer-hours.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { type ReportHour, syncReportDay } from '../support/factories-reports.ts';

const DAY = 86_400;
type Hour = AdFactsHourlyTable;
const num = (v: unknown) => Number(v);

describe.each(dialects())('ad fact day blocks ($name)', (dialect) => {
  const clock = testClock();
  const today = chinaDayStart(Math.floor(clock.now()));
  const first = today - 100 * DAY;
  /** The hourly facts as last written: (platform, plan, hour) → row. */
  const ledger = new Map<string, Hour>();
  let t: TestApp;

  /** One day of an account as the report sync stores it (tests/support), kept in the ledger the reads are checked against. */
  async function syncDay(advertiser: string, day: number, rows: ReportHour[]) {
    for (const v of await syncReportDay(t.deps, advertiser, day, rows)) ledger.set(`${v.plan_id}|${v.hour}`, v);
  }
  /** Plan p1 (customer 1, then its link changes), p2 (customer 1), p3 (customer 2, moves from account A to B on day 60). */
  const hoursOf = (d: number, day: number) =>
    [
      { plan: 'p1', adv: 'A', cust: 1, page: d < 40 ? 'L1' : 'L2', cost: 100 + d },
      { plan: 'p2', adv: 'A', cust: 1, page: 'L1', cost: 7 * d + 3 },
      { plan: 'p3', adv: d < 60 ? 'A' : 'B', cust: 2, page: '', cost: 1000 - d },
    ].flatMap((p) =>
      [10, 15].map((h) => ({
        adv: p.adv,
        customerid: p.cust,
        campaign_id: 'c1',
        plan_id: p.plan,
        pageid: p.page,
        hour: day + h * 3600,
        cost_fen: p.cost + h,
        shows: 10 * p.cost,
        clicks: p.cost % 13,
        conversions: h === 15 ? 1 : 0,
      })),
    );
  async function syncAll(d: number) {
    const day = first + d * DAY;
    const rows = hoursOf(d, day);
    for (const adv of ['A', 'B']) {
      const mine = rows.filter((r) => r.adv === adv).map(({ adv: _a, ...r }) => r);
      if (mine.length) await syncDay(adv, day, mine);
    }
  }

  const dailyRows = async () =>
    (await t.deps.db.selectFrom('ad_facts_daily').selectAll().execute()).map((r) => ({ ...r, day: num(r.day) }));
  /** Every block the daily rows make, computed here from the daily rows, vs what is stored. */
  async function expectBlocksEqualDaily() {
    const want = new Map<string, number[]>();
    for (const r of await dailyRows())
      for (const len of BLOCK_DAYS) {
        const k = [len, blockStart(r.day, len), r.platform, r.plan_id, r.advertiser_id, r.customerid, r.campaign_id, r.pageid].join('|');
        const s = want.get(k) ?? [0, 0, 0, 0];
        want.set(k, [s[0]! + num(r.cost_fen), s[1]! + num(r.shows), s[2]! + num(r.clicks), s[3]! + num(r.conversions)]);
      }
    const stored = await t.deps.db.selectFrom('ad_facts_blocks').selectAll().execute();
    const got = new Map(
      stored.map((r) => [
        [r.days, num(r.day), r.platform, r.plan_id, r.advertiser_id, r.customerid, r.campaign_id, r.pageid].join('|'),
        [num(r.cost_fen), num(r.shows), num(r.clicks), num(r.conversions)],
      ]),
    );
    expect(got.size).toBe(stored.length);
    expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...want].sort()));
  }
  /** The per-customer days, computed here from the daily rows, vs what is stored. */
  async function expectCustomerDaysEqualDaily() {
    const want = new Map<string, number[]>();
    for (const r of await dailyRows()) {
      const k = [r.platform, r.advertiser_id, r.day, r.customerid].join('|');
      const s = want.get(k) ?? [0, 0, 0, 0];
      want.set(k, [s[0]! + num(r.cost_fen), s[1]! + num(r.shows), s[2]! + num(r.clicks), s[3]! + num(r.conversions)]);
    }
    const stored = await t.deps.db.selectFrom('ad_customer_days').selectAll().execute();
    const got = new Map(
      stored.map((r) => [
        [r.platform, r.advertiser_id, num(r.day), r.customerid].join('|'),
        [num(r.cost_fen), num(r.shows), num(r.clicks), num(r.conversions)],
      ]),
    );
    expect(got.size).toBe(stored.length);
    expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...want].sort()));
  }
  /**
   * The boards' reads of whole days [from, to) — the day series, the total, the lists by customer and by account —
   * narrowed as the boards narrow, equal the ledger's hours; each is one the per-customer days answer. By hour
   * (`granularity` 'hour': a board of part of a day), the same reads of the hours, which the per-customer hours answer.
   */
  async function expectBoardReadsEqualLedger(from: number, to: number, granularity: 'day' | 'hour' = 'day') {
    const filters: FactFilter[] = [
      { customers: null },
      { customers: [1, 2], channels: [2] },
      { customers: [2], advertiserId: 'A' },
      { customers: [1, 2], accounts: [{ channel: 2, advertiser_id: 'B' }] },
    ];
    const reads: [KeyPart[], (h: Hour) => string[]][] = [
      [['bucket'], (h) => [String(granularity === 'hour' ? h.hour : chinaDayStart(h.hour))]],
      [[], () => ['']],
      [['customer'], (h) => [String(h.customerid)]],
      [['channel', 'advertiser'], (h) => [String(h.platform), h.advertiser_id]],
    ];
    for (const f of filters)
      for (const [parts, keyOf] of reads) {
        expect(byCustomerDays(parts, f)).toBe(true);
        const want = new Map<string, number[]>();
        for (const h of ledger.values()) {
          if (h.hour < from || h.hour >= to || (f.customers && !f.customers.includes(h.customerid))) continue;
          if (f.channels && !f.channels.includes(h.platform)) continue;
          if (f.advertiserId !== undefined && h.advertiser_id !== f.advertiserId) continue;
          if (f.accounts && !f.accounts.some((a) => a.channel === h.platform && a.advertiser_id === h.advertiser_id)) continue;
          const k = keyOf(h).join('|');
          const s = want.get(k) ?? [0, 0, 0, 0];
          want.set(k, [s[0]! + h.cost_fen, s[1]! + h.shows, s[2]! + h.clicks, s[3]! + h.conversions]);
        }
        const rows = await sumsBy(t.deps.db, { from, to }, f, parts, { sources: ['ad'], granularity });
        const got = new Map(
          [...rows.values()]
            .filter((r) => r.sums.costFen || r.sums.shows || r.sums.clicks || r.sums.conversions)
            .map((r) => [r.key.join('|'), [r.sums.costFen, r.sums.shows, r.sums.clicks, r.sums.conversions]]),
        );
        expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...want].sort()));
      }
  }
  /** The read model's sums by plan over whole days [from, to) equal the ledger's hours (all, or one customer's). */
  async function expectReadModelEqualsLedger(from: number, to: number, customers: number[] | null) {
    const want = new Map<string, number[]>();
    for (const h of ledger.values()) {
      if (h.hour < from || h.hour >= to || (customers && !customers.includes(h.customerid))) continue;
      const s = want.get(h.plan_id) ?? [0, 0, 0, 0];
      want.set(h.plan_id, [s[0]! + h.cost_fen, s[1]! + h.shows, s[2]! + h.clicks, s[3]! + h.conversions]);
    }
    const rows = await sumsBy(t.deps.db, { from, to }, { customers }, ['plan'], { sources: ['ad'] });
    const got = new Map([...rows.values()].map((r) => [r.key[0]!, [r.sums.costFen, r.sums.shows, r.sums.clicks, r.sums.conversions]]));
    expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...want].sort()));
    // the promotion lists' per-plan subquery reads the same rows
    const keyed = await keyedAdSums(t.deps.db, 'plan', { customers }, { from, to }).execute();
    const keyedMap = new Map(keyed.map((r) => [r.k, [num(r.cost_fen), num(r.shows), num(r.clicks), num(r.conversions)]]));
    expect(Object.fromEntries([...keyedMap].sort())).toEqual(Object.fromEntries([...want].sort()));
  }
  /** Parts of days read by hour: today's morning, a whole day, and around the re-pulled day 61 (p3 moved back to A). */
  const hourSpans = () =>
    [
      [today, today + 12 * 3600],
      [today - DAY, today],
      [first + 61 * DAY + 9 * 3600, first + 61 * DAY + 16 * 3600],
      [first + 60 * DAY, first + 62 * DAY],
    ] as [number, number][];
  const spans = () =>
    [7, 8, 30, 64, 90, 100].flatMap((n) => [
      [today - n * DAY, today],
      [today - n * DAY - 3 * DAY, today - 3 * DAY],
    ]) as [number, number][];

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock });
    for (let d = 0; d < 100; d++) await syncAll(d);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('after the sync of 100 days: the daily facts equal the hourly ones, the blocks the daily ones, the read model the hours', async () => {
    const hourly = await t.deps.db.selectFrom('ad_facts_hourly').selectAll().execute();
    const byDay = new Map<string, number>();
    for (const h of hourly) {
      const k = `${h.plan_id}|${chinaDayStart(num(h.hour))}`;
      byDay.set(k, (byDay.get(k) ?? 0) + num(h.cost_fen));
    }
    const daily = await dailyRows();
    expect(new Map(daily.map((r) => [`${r.plan_id}|${r.day}`, num(r.cost_fen)]))).toEqual(byDay);
    await expectBlocksEqualDaily();
    await expectCustomerDaysEqualDaily();
    expect(await expectAdCustomerHoursExact(t.deps.db)).toBeGreaterThan(0);
    for (const [from, to] of hourSpans()) await expectBoardReadsEqualLedger(from, to, 'hour');
    const blocks = await t.deps.db.selectFrom('ad_facts_blocks').select('days').execute();
    expect(new Set(blocks.map((b) => num(b.days)))).toEqual(new Set([2, 4, 8, 16, 32, 64]));
    for (const [from, to] of spans()) {
      await expectReadModelEqualsLedger(from, to, null);
      await expectReadModelEqualsLedger(from, to, [2]);
      await expectBoardReadsEqualLedger(from, to);
    }
  });

  it('a late re-pull moves a day of p3 back to account A and changes p1: blocks and read model follow', async () => {
    const day = first + 61 * DAY;
    await syncDay('A', day, [
      {
        customerid: 2,
        campaign_id: 'c1',
        plan_id: 'p3',
        pageid: '',
        hour: day + 10 * 3600,
        cost_fen: 5,
        shows: 6,
        clicks: 7,
        conversions: 0,
      },
      {
        customerid: 2,
        campaign_id: 'c1',
        plan_id: 'p3',
        pageid: '',
        hour: day + 15 * 3600,
        cost_fen: 8,
        shows: 9,
        clicks: 1,
        conversions: 2,
      },
      {
        customerid: 1,
        campaign_id: 'c1',
        plan_id: 'p1',
        pageid: 'L2',
        hour: day + 10 * 3600,
        cost_fen: 12_345,
        shows: 1,
        clicks: 1,
        conversions: 1,
      },
    ]);
    await expectBlocksEqualDaily();
    await expectCustomerDaysEqualDaily();
    // account B lost p3's hours of that day to A: both accounts' hours follow
    await expectAdCustomerHoursExact(t.deps.db);
    for (const [from, to] of hourSpans()) await expectBoardReadsEqualLedger(from, to, 'hour');
    for (const [from, to] of spans()) {
      await expectReadModelEqualsLedger(from, to, null);
      await expectReadModelEqualsLedger(from, to, [1]);
      await expectBoardReadsEqualLedger(from, to);
    }
  });

  it('retention deletes the old hourly facts; the daily facts and their blocks stay and still give the same sums', async () => {
    const deleted = await pruneOldestHour(t.deps.db, 'ad_facts_hourly', today - 30 * DAY);
    expect(deleted).toBeGreaterThan(0);
    // the lifecycle job then deletes the per-customer hours the hourly facts no longer have, and only those
    expect(await pruneCustomerHours(t.deps.db)).toBeGreaterThan(0);
    await expectAdCustomerHoursExact(t.deps.db);
    expect(await pruneCustomerHours(t.deps.db)).toBe(0);
    await expectBlocksEqualDaily();
    await expectCustomerDaysEqualDaily();
    for (const [from, to] of spans()) {
      await expectReadModelEqualsLedger(from, to, null);
      await expectBoardReadsEqualLedger(from, to);
    }
  });

  it('upgrade: migrations 0060, 0066 and 0075 back-fill the blocks and the per-customer days from the daily facts of an existing database', async () => {
    await sql`drop table ad_customer_days`.execute(t.deps.db);
    await sql`drop table ad_facts_blocks`.execute(t.deps.db);
    await adFactBlocks(t.handle.engine).up(t.deps.db as never);
    await adCustomerDays(t.handle.engine).up(t.deps.db as never);
    // a database of 0074 has the blocks of 8 and 64 days only: the read model would miss the others
    const before = await t.deps.db.selectFrom('ad_facts_blocks').select('days').execute();
    expect(new Set(before.map((b) => num(b.days)))).toEqual(new Set([8, 64]));
    await adBlockLengths(t.handle.engine).up(t.deps.db as never);
    await expectBlocksEqualDaily();
    await expectCustomerDaysEqualDaily();
    for (const [from, to] of spans()) {
      await expectReadModelEqualsLedger(from, to, [2]);
      await expectBoardReadsEqualLedger(from, to);
    }
  });
});
